import { describe, expect, it } from 'vitest';
import { turnMachine } from '../../machines/turn-machine.js';
import { deriveMachineGraph } from '../../src/visualizer/derive-machine-graph.js';
import { machineToMermaid } from '../../visualizer/src/machine-to-mermaid.js';

describe('machineToMermaid', () => {
  const graph = deriveMachineGraph({ machine: turnMachine });
  const chart = machineToMermaid(graph);
  const lines = chart.definition.split('\n').map((line) => line.trim());

  it('declares every state once, compound states as composites entering their initial child', () => {
    expect([...chart.stateIdByNodeId.values()]).toEqual(graph.states.map((state) => state.id));
    expect(lines).toContain('state "awaitingStep" as awaitingStep {');
    expect(lines).toContain('[*] --> awaitingStep__requesting');
    expect(lines).toContain('state "backingOff" as awaitingStep__backingOff');
    expect(lines).toContain('[*] --> awaitingStep');
  });

  it('draws every transition with its trigger, a root CANCEL from each live top-level state, and finals into [*]', () => {
    expect(lines).toContain('awaitingStep__requesting --> executingStep: done callModel [hasToolCalls]');
    expect(lines).toContain('settling --> awaitingStep: STEP_BOUNDARY (raised)');
    expect(lines).toContain('executingStep --> executingStep: ACTIVATE / addPending');
    expect(lines.filter((line) => line.endsWith('--> cancelled: CANCEL'))).toEqual([
      'awaitingStep --> cancelled: CANCEL',
      'executingStep --> cancelled: CANCEL',
      'settling --> cancelled: CANCEL',
    ]);
    expect(lines.filter((line) => line.endsWith('--> [*]'))).toEqual(['completed --> [*]', 'failed --> [*]', 'cancelled --> [*]']);
  });

  it('lists one entry per drawn edge, in definition order', () => {
    expect(chart.edges).toHaveLength(lines.filter((line) => line.includes(' --> ')).length);
    const transitionEdges = chart.edges.filter((edge) => edge !== null);
    expect(transitionEdges).toHaveLength(graph.transitions.length + 2);
    expect(transitionEdges[0]).toEqual({ key: '0@awaitingStep', label: 'CANCEL' });
  });

  it('keeps mermaid syntax out of labels', () => {
    const withColon = { ...graph, transitions: [{ ...graph.transitions[1]!, label: 'a: b; c#d' }] };
    expect(machineToMermaid(withColon).definition).toContain(': a  b  c d [hasToolCalls]');
  });
});
