import { assign, raise, setup, type AnyStateNode } from 'xstate';
import { toDirectedGraph } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { turnMachine } from '../../machines/turn-machine.js';
import { deriveMachineGraph } from '../../src/visualizer/derive-machine-graph.js';

/** Every state id of a machine, walked from its root without xstate/graph. */
function stateIdsOf(node: AnyStateNode, prefix = ''): string[] {
  return Object.values(node.states).flatMap((child) => {
    const id = `${prefix}${child.key}`;
    return [id, ...stateIdsOf(child, `${id}.`)];
  });
}

function countEdges(node: ReturnType<typeof toDirectedGraph>): number {
  return node.edges.length + node.children.reduce((sum, child) => sum + countEdges(child), 0);
}

describe('deriveMachineGraph(turnMachine)', () => {
  const graph = deriveMachineGraph({ machine: turnMachine });

  it('has every state of the machine, with parents, types and initial children', () => {
    expect(graph.machineId).toBe('turn');
    expect(graph.states.map((state) => state.id)).toEqual(stateIdsOf(turnMachine.root));
    expect(graph.states.find((state) => state.id === 'awaitingStep')).toMatchObject({
      type: 'compound',
      parent: null,
      initial: 'awaitingStep.requesting',
      entry: ['projectVisibleSet'],
    });
    expect(graph.states.find((state) => state.id === 'awaitingStep.requesting')).toMatchObject({ parent: 'awaitingStep', invoke: ['callModel'] });
    expect(graph.states.filter((state) => state.type === 'final').map((state) => state.id)).toEqual(['completed', 'failed', 'cancelled']);
  });

  it('keeps every edge toDirectedGraph finds, with readable labels and guards', () => {
    expect(graph.transitions).toHaveLength(countEdges(toDirectedGraph(turnMachine)));
    const labels = graph.transitions.map((transition) => `${transition.source ?? '(root)'} -${transition.label}${transition.guard === null ? '' : ` [${transition.guard}]`}-> ${transition.target}`);
    expect(labels).toContain('(root) -CANCEL-> cancelled');
    expect(labels).toContain('awaitingStep.requesting -done callModel [hasToolCalls]-> executingStep');
    expect(labels).toContain('awaitingStep.requesting -error callModel [isRetryableError && hasAttemptsLeft]-> awaitingStep.backingOff');
    expect(labels).toContain('awaitingStep.backingOff -after retryDelay-> awaitingStep.requesting');
    expect(labels).toContain('executingStep -TOOL_CALLS_SETTLED-> settling');
  });

  it('marks STEP_BOUNDARY as raised by settling on entry, and ACTIVATE as a targetless transition', () => {
    expect(graph.states.find((state) => state.id === 'settling')?.raises).toEqual(['STEP_BOUNDARY']);
    const boundary = graph.transitions.filter((transition) => transition.event === 'STEP_BOUNDARY');
    expect(boundary.map((transition) => [transition.kind, transition.target, transition.guard])).toEqual([
      ['raised', 'completed', 'isAwaitingPerson'],
      ['raised', 'completed', 'isStopRequested'],
      ['raised', 'completed', 'isStepBudgetSpent'],
      ['raised', 'awaitingStep', null],
    ]);
    expect(graph.transitions.find((transition) => transition.event === 'ACTIVATE')).toMatchObject({
      source: 'executingStep',
      target: 'executingStep',
      internal: true,
      actions: ['addPending'],
    });
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(graph))).toEqual(graph);
  });
});

describe('deriveMachineGraph on what toDirectedGraph omits', () => {
  const machine = setup({
    types: { context: {} as { count: number }, events: {} as { type: 'GO' } | { type: 'NEXT' } },
    guards: { isDone: ({ context }) => context.count > 1 },
  }).createMachine({
    id: 'small',
    context: { count: 0 },
    initial: 'idle',
    states: {
      idle: { on: { GO: 'counting' } },
      counting: {
        entry: [assign({ count: ({ context }) => context.count + 1 }), raise({ type: 'NEXT' })],
        always: { guard: 'isDone', target: 'done' },
        on: { NEXT: 'idle' },
      },
      done: { type: 'final' },
    },
  });

  it('adds eventless (always) transitions and marks an inline raise', () => {
    const graph = deriveMachineGraph({ machine });
    expect(graph.transitions.map(({ source, target, kind, label, guard }) => ({ source, target, kind, label, guard }))).toEqual([
      { source: 'idle', target: 'counting', kind: 'event', label: 'GO', guard: null },
      { source: 'counting', target: 'idle', kind: 'raised', label: 'NEXT', guard: null },
      { source: 'counting', target: 'done', kind: 'eventless', label: 'always', guard: 'isDone' },
    ]);
    expect(graph.states.find((state) => state.id === 'counting')?.raises).toEqual(['NEXT']);
  });
});
