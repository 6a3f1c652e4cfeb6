import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { turnMachine } from '../../machines/turn-machine.js';
import { parseTrace } from '../../src/report/parse-trace.js';
import { deriveMachineGraph } from '../../src/visualizer/derive-machine-graph.js';
import { buildReplay } from '../../visualizer/src/build-replay.js';
import { explainTransition } from '../../visualizer/src/explain-transition.js';

const DEMO_TRACE = readFileSync(new URL('../fixtures/traces/demo.jsonl', import.meta.url), 'utf8');
const WRITE = 'mcp__filesystem__write_file';
const graph = deriveMachineGraph({ machine: turnMachine });

describe('buildReplay on the recorded demo trace', () => {
  const { records } = parseTrace(DEMO_TRACE);
  const [turn] = buildReplay({ records, graph });

  it('has one completed turn of four steps', () => {
    expect(turn?.end?.status).toBe('completed');
    expect(turn?.steps.map((step) => step.stepIndex)).toEqual([0, 1, 2, 3]);
  });

  it('marks the tools a search activated as new in the next step, not in the search\'s own step', () => {
    const [step0, step1] = turn!.steps;
    expect(step0!.visible.map((tool) => tool.name)).toEqual(['tool_search']);
    expect(step0!.searches[0]!.record.query).toBe('write a file');
    const activated = step0!.searches[0]!.record.activated;
    expect(activated).toContain(WRITE);
    expect(step1!.visible.filter((tool) => tool.isNew).map((tool) => tool.name)).toEqual(activated);
    expect(step1!.visible.find((tool) => tool.name === WRITE)?.schemaChars).toBeGreaterThan(0);
    expect(step0!.visible.every((tool) => !tool.isNew)).toBe(true);
  });

  it('gives each ranked candidate its fate and keeps the calls with their outcomes', () => {
    const statuses = turn!.steps[0]!.searches[0]!.ranked.map((candidate) => candidate.status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill('activated'));
    expect(new Set(statuses.slice(5))).toEqual(new Set(['beyond-limit']));
    expect(turn!.steps[0]!.calls.map((call) => [call.toolName, call.origin, call.outcome])).toEqual([
      ['tool_search', 'search', 'ok'],
      [WRITE, 'hidden', 'rejected-hidden'],
    ]);
    expect(turn!.steps[1]!.calls.find((call) => call.toolName === WRITE)?.outcome).toBe('ok');
  });

  it('explains the transitions, through settling where STEP_BOUNDARY was raised in the same macrostep', () => {
    const hops = turn!.steps[1]!.transitions.map((transition) => transition.hops.map((hop) => `${hop.label} → ${hop.to}`).join(' · '));
    expect(hops).toEqual([
      'TOOL_CALLS_SETTLED → settling · STEP_BOUNDARY → awaitingStep.requesting',
      'done callModel → executingStep',
      'ACTIVATE → executingStep',
    ]);
    expect(turn!.steps[0]!.transitions[0]!.hops).toEqual([{ from: null, to: 'awaitingStep.requesting', label: 'start', kind: 'init', transition: null }]);
    expect(turn!.steps[3]!.transitions.at(-1)?.state).toBe('completed');
  });
});

describe('buildReplay on partial traces', () => {
  it('shows a call without its end as running, and a turn without turn.end as unfinished', () => {
    const lines = DEMO_TRACE.trim().split('\n');
    const cut = lines.findIndex((line) => line.includes('"tool.execution.end"'));
    const [turn] = buildReplay({ records: parseTrace(lines.slice(0, cut).join('\n')).records, graph });
    expect(turn?.end).toBeUndefined();
    expect(turn?.steps[0]?.calls.map((call) => call.outcome)).toEqual(['running', 'running']);
  });

  it('tolerates a trace without machine.transition records or without a graph', () => {
    const lines = DEMO_TRACE.trim().split('\n').filter((line) => !line.includes('"machine.transition"'));
    const [turn] = buildReplay({ records: parseTrace(lines.join('\n')).records });
    expect(turn?.steps).toHaveLength(4);
    expect(turn?.steps.every((step) => step.transitions.length === 0)).toBe(true);
  });
});

describe('buildReplay on a trace of several turns with retries and a cut line', () => {
  it('keeps the turns apart, in file order, and counts a retried step\'s requests', () => {
    const parsed = parseTrace(readFileSync(new URL('../fixtures/traces/three-turns.jsonl', import.meta.url), 'utf8'));
    const turns = buildReplay({ records: parsed.records, graph });
    expect(turns.map((turn) => turn.turnId)).toEqual([...new Set(parsed.records.map((record) => record.turnId))]);
    for (const turn of turns) {
      const requests = parsed.records.filter((record) => record.turnId === turn.turnId && record.type === 'step.start').length;
      expect(turn.steps.reduce((sum, step) => sum + step.requests.length, 0)).toBe(requests);
    }
  });
});

describe('explainTransition', () => {
  it('falls back to one hop with the raw event when the graph has no such edge', () => {
    expect(explainTransition({ graph, from: 'executingStep', event: 'MYSTERY', to: 'completed' })).toEqual([
      { from: 'executingStep', to: 'completed', label: 'MYSTERY', kind: 'unknown', transition: null },
    ]);
  });

  it('finds a root transition from a nested state', () => {
    const [hop] = explainTransition({ graph, from: 'awaitingStep.backingOff', event: 'CANCEL', to: 'cancelled' });
    expect(hop).toMatchObject({ label: 'CANCEL', to: 'cancelled', kind: 'event' });
    expect(graph.transitions[hop!.transition!]?.source).toBeNull();
  });

  it('ends a step on its last step with the budget spent: STEP_BOUNDARY to completed', () => {
    const hops = explainTransition({ graph, from: 'executingStep', event: 'TOOL_CALLS_SETTLED', to: 'completed' });
    expect(hops.map((hop) => hop.to)).toEqual(['settling', 'completed']);
  });
});
