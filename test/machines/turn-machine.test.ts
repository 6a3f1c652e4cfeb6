import { describe, expect, it } from 'vitest';
import { getMicrosteps, initialTransition, transition, type AnyStateNode, type SnapshotFrom } from 'xstate';
import { turnMachine, type TurnEvent, type TurnMachineInput } from '../../machines/turn-machine.js';
import type { ModelStepOutput, TurnToolCall } from '../../machines/turn-types.js';

// Every test is a pure transition (STYLE 3): no actor runs, no timer fires. Invoke results and
// the retry delay are delivered as the events xstate itself would send.

type Snapshot = SnapshotFrom<typeof turnMachine>;
type Actions = ReturnType<typeof transition<typeof turnMachine>>[1];

const INPUT: TurnMachineInput = {
  turnId: 'turn-1',
  bound: ['Read', 'browser_click', 'browser_snapshot', 'handoff', 'read_file'],
  direct: ['Read'],
  required: ['handoff'],
  offerSearch: true,
  messages: [{ role: 'user', content: 'click the login button' }],
};
const STEP_0_VISIBLE = ['Read', 'handoff', 'tool_search'];

function start(overrides: Partial<TurnMachineInput> = {}): [Snapshot, Actions] {
  return initialTransition(turnMachine, { ...INPUT, ...overrides });
}

function send(snapshot: Snapshot, event: { type: string; [key: string]: unknown }): [Snapshot, Actions] {
  return transition(turnMachine, snapshot, event as unknown as TurnEvent);
}

function invokeId(snapshot: Snapshot): string {
  const ids = Object.keys(snapshot.children);
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

function call(toolName: string): TurnToolCall {
  return { toolCallId: `call-${toolName}`, toolName, input: {} };
}

function modelAnswers(snapshot: Snapshot, toolCalls: TurnToolCall[], text = ''): [Snapshot, Actions] {
  const output: ModelStepOutput = {
    responseMessages: [{ role: 'assistant', content: text || toolCalls.map((c) => c.toolName).join(',') }],
    toolCalls,
    text,
    finishReason: toolCalls.length > 0 ? 'tool-calls' : 'stop',
    usage: {},
  };
  return send(snapshot, { type: `xstate.done.actor.${invokeId(snapshot)}`, output });
}

function modelFails(snapshot: Snapshot, error: unknown): [Snapshot, Actions] {
  return send(snapshot, { type: `xstate.error.actor.${invokeId(snapshot)}`, error });
}

/** The delayed event the machine scheduled, with its delay in ms. */
function scheduledDelay(actions: Actions): { event: { type: string }; delay: number } {
  const raise = actions.find((action) => action.type === 'xstate.raise' && (action.params as { delay?: number }).delay !== undefined);
  expect(raise).toBeDefined();
  return raise!.params as { event: { type: string }; delay: number };
}

function callModelInput(actions: Actions): { attempt: number; visible: string[]; stepIndex: number; messages: unknown[] } {
  const spawn = actions.find((action) => action.type === 'xstate.spawnChild' && (action.params as { src?: unknown }).src === 'callModel');
  expect(spawn).toBeDefined();
  return (spawn!.params as { input: { attempt: number; visible: string[]; stepIndex: number; messages: unknown[] } }).input;
}

function settle(snapshot: Snapshot): [Snapshot, Actions] {
  return send(snapshot, { type: 'TOOL_CALLS_SETTLED', results: [], messages: [{ role: 'tool', content: [] }] });
}

/** Runs one step whose only call is `tool_search`, which activates `names`, and settles it. */
function searchStep(snapshot: Snapshot, names: string[]): [Snapshot, Actions] {
  const [executing] = modelAnswers(snapshot, [call('tool_search')]);
  const [activated] = send(executing, { type: 'ACTIVATE', names });
  return settle(activated);
}

const retryable = { name: 'APICallError', message: 'overloaded', isRetryable: true };

describe('initial state (C3, C20)', () => {
  it('starts in awaitingStep.requesting with direct, required, then tool_search visible', () => {
    const [snapshot, actions] = start();
    expect(snapshot.value).toEqual({ awaitingStep: 'requesting' });
    expect(snapshot.context).toMatchObject({ stepIndex: 0, attempt: 1, visible: STEP_0_VISIBLE, active: [], pending: [] });
    expect(callModelInput(actions)).toMatchObject({ stepIndex: 0, attempt: 1, visible: STEP_0_VISIBLE });
  });

  it('offers no tool_search when no deferred tool is bound (C6)', () => {
    expect(start({ offerSearch: false })[0].context.visible).toEqual(['Read', 'handoff']);
  });

  it('never shows a direct or required name that is not bound (C1)', () => {
    const [snapshot] = start({ direct: ['Ghost', 'Read'], required: ['handoff', 'Phantom'] });
    expect(snapshot.context.visible).toEqual(STEP_0_VISIBLE);
  });
});

describe('ACTIVATE (C1, C13, C15)', () => {
  const [executing] = modelAnswers(start()[0], [call('tool_search')]);

  it('during executingStep changes pending, not active nor the frozen visible set (C13)', () => {
    expect(executing.value).toBe('executingStep');
    const [next] = send(executing, { type: 'ACTIVATE', names: ['browser_snapshot', 'browser_click'] });
    expect(next.context.pending).toEqual(['browser_snapshot', 'browser_click']);
    expect(next.context.active).toEqual([]);
    expect(next.context.visible).toEqual(STEP_0_VISIBLE);
  });

  it('ignores names that are not bound (C1)', () => {
    const [next] = send(executing, { type: 'ACTIVATE', names: ['shell_exec', 'read_file', 'Browser_Click'] });
    expect(next.context.pending).toEqual(['read_file']);
  });

  it('removes duplicates within one event, across parallel searches and against the active set (C15)', () => {
    const [once] = send(executing, { type: 'ACTIVATE', names: ['browser_click', 'browser_click'] });
    const [twice] = send(once, { type: 'ACTIVATE', names: ['browser_snapshot', 'browser_click'] });
    expect(twice.context.pending).toEqual(['browser_click', 'browser_snapshot']);

    const [step1] = settle(twice);
    const [executing1] = modelAnswers(step1, [call('tool_search')]);
    const [again] = send(executing1, { type: 'ACTIVATE', names: ['browser_click', 'read_file'] });
    expect(again.context.pending).toEqual(['read_file']);
    expect(again.context.active).toEqual(['browser_click', 'browser_snapshot']);
  });

  it('is ignored outside executingStep', () => {
    const [requesting] = start();
    const [backingOff] = modelFails(requesting, retryable);
    for (const snapshot of [requesting, backingOff]) {
      const [next] = send(snapshot, { type: 'ACTIVATE', names: ['read_file'] });
      expect(next.value).toEqual(snapshot.value);
      expect(next.context.pending).toEqual([]);
      expect(next.context.active).toEqual([]);
    }
  });
});

describe('STEP_BOUNDARY (C13, C15, C20)', () => {
  it('is the only transition that moves pending into active', () => {
    const [executing] = modelAnswers(start()[0], [call('tool_search')]);
    const [activated] = send(executing, { type: 'ACTIVATE', names: ['browser_snapshot'] });
    const microsteps = getMicrosteps(turnMachine, activated, { type: 'TOOL_CALLS_SETTLED', results: [], messages: [] });
    const [settling] = microsteps[0]!;
    expect(settling.value).toBe('settling');
    expect(settling.context).toMatchObject({ pending: ['browser_snapshot'], active: [] });
    const [after] = microsteps.at(-1)!;
    expect(after.value).toEqual({ awaitingStep: 'requesting' });
    expect(after.context).toMatchObject({ pending: [], active: ['browser_snapshot'], stepIndex: 1 });
  });

  it('appends newly active names after the previous visible set, in activation order (C20)', () => {
    const [step1, actions1] = searchStep(start()[0], ['browser_snapshot', 'browser_click']);
    expect(step1.context.visible).toEqual([...STEP_0_VISIBLE, 'browser_snapshot', 'browser_click']);
    expect(callModelInput(actions1)).toMatchObject({ stepIndex: 1, attempt: 1, visible: step1.context.visible });

    const [step2] = searchStep(step1, ['read_file', 'browser_click']);
    expect(step2.context.active).toEqual(['browser_snapshot', 'browser_click', 'read_file']);
    expect(step2.context.visible).toEqual([...step1.context.visible, 'read_file']);
  });

  it('sends the transcript with the model reply and the tool results to the next request', () => {
    const [, actions] = searchStep(start()[0], ['read_file']);
    expect(callModelInput(actions).messages).toEqual([
      { role: 'user', content: 'click the login button' },
      { role: 'assistant', content: 'tool_search' },
      { role: 'tool', content: [] },
    ]);
  });

  it('completes with max-steps when the step budget is spent', () => {
    const [step1] = searchStep(start({ maxSteps: 2 })[0], ['read_file']);
    expect(step1.value).toEqual({ awaitingStep: 'requesting' });
    const [done] = searchStep(step1, ['browser_click']);
    expect(done.value).toBe('completed');
    expect(done.status).toBe('done');
    expect(done.output).toMatchObject({ status: 'completed', finishReason: 'max-steps', steps: 2 });
  });

  it('completes awaiting-approval when a call of the step awaits a person, with the assistant message replaced and only the other results in the transcript (C27)', () => {
    const [executing] = modelAnswers(start()[0], [call('Read'), call('handoff')]);
    const awaiting = (toolName: string, outcome: 'awaiting-approval' | 'awaiting-client') => ({ toolCallId: `call-${toolName}`, toolName, outcome, output: '', modelOutput: undefined, durationMs: 0 });
    const assistantMessage = { role: 'assistant', content: [{ type: 'tool-approval-request', approvalId: 'a-1', toolCallId: 'call-Read' }] };
    const [done] = send(executing, {
      type: 'TOOL_CALLS_SETTLED',
      results: [awaiting('Read', 'awaiting-approval'), awaiting('handoff', 'awaiting-client')],
      messages: [],
      assistantMessage,
    });
    expect(done.value).toBe('completed');
    expect(done.output).toMatchObject({ status: 'completed', finishReason: 'awaiting-approval', steps: 1, messages: [INPUT.messages[0], assistantMessage] });

    const [clientOnly] = send(modelAnswers(start()[0], [call('handoff')])[0], { type: 'TOOL_CALLS_SETTLED', results: [awaiting('handoff', 'awaiting-client')], messages: [] });
    expect(clientOnly.output).toMatchObject({ status: 'completed', finishReason: 'awaiting-client' });
  });

  it('completes with stop when the model answers without tool calls', () => {
    const [done] = modelAnswers(start()[0], [], 'The button is clicked.');
    expect(done.output).toMatchObject({ status: 'completed', finishReason: 'stop', steps: 1, text: 'The button is clicked.' });
  });
});

describe('retries (C16)', () => {
  it('backs off on a retryable error and retries the same step with the same visible and active sets', () => {
    const [step1] = searchStep(start()[0], ['browser_click']);
    const visible = step1.context.visible;
    const [backingOff, actions] = modelFails(step1, retryable);
    expect(backingOff.value).toEqual({ awaitingStep: 'backingOff' });
    expect(backingOff.context).toMatchObject({ visible, active: ['browser_click'], attempt: 1 });
    expect(backingOff.context.error).toEqual(retryable);

    const first = scheduledDelay(actions);
    expect(first.delay).toBe(500);
    const [retrying, retryActions] = send(backingOff, first.event);
    expect(retrying.value).toEqual({ awaitingStep: 'requesting' });
    expect(retrying.context).toMatchObject({ stepIndex: 1, attempt: 2, visible, active: ['browser_click'], pending: [] });
    expect(callModelInput(retryActions)).toMatchObject({ stepIndex: 1, attempt: 2, visible });

    expect(scheduledDelay(modelFails(retrying, retryable)[1]).delay).toBe(1000);
  });

  it('fails with model-error on a non-retryable error, without retrying', () => {
    const [failed, actions] = modelFails(start()[0], new Error('invalid api key'));
    expect(failed.value).toBe('failed');
    expect(actions.some((action) => action.type === 'xstate.raise')).toBe(false);
    expect(failed.output).toMatchObject({
      status: 'failed',
      finishReason: 'model-error',
      error: { name: 'Error', message: 'invalid api key', isRetryable: false },
    });
  });

  it('fails with retries-exhausted when every attempt fails with a retryable error', () => {
    let [snapshot] = start();
    for (let attempt = 1; attempt < 3; attempt++) {
      const [backingOff, actions] = modelFails(snapshot, retryable);
      expect(backingOff.value).toEqual({ awaitingStep: 'backingOff' });
      [snapshot] = send(backingOff, scheduledDelay(actions).event);
    }
    expect(snapshot.context.attempt).toBe(3);
    const [failed] = modelFails(snapshot, retryable);
    expect(failed.value).toBe('failed');
    expect(failed.output).toMatchObject({ status: 'failed', finishReason: 'retries-exhausted', error: retryable });
  });

  it('does not retry at all with retry.maxAttempts 1', () => {
    const [failed] = modelFails(start({ retry: { maxAttempts: 1 } })[0], retryable);
    expect(failed.output).toMatchObject({ finishReason: 'retries-exhausted' });
  });
});

/** Every atomic state that is not final, by its path: what CANCEL must reach from. */
function nonFinalLeaves(node: AnyStateNode): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return node.type === 'final' ? [] : [node.path.join('.')];
  return children.flatMap(nonFinalLeaves);
}

describe('CANCEL (C17)', () => {
  const [requesting] = start();
  const [backingOff] = modelFails(requesting, retryable);
  const [executing] = modelAnswers(requesting, [call('tool_search')]);
  // settling is left by a raised event in the same macrostep, so it is reached with resolveState.
  const settling = turnMachine.resolveState({ value: 'settling', context: executing.context });
  const byState: Record<string, Snapshot> = {
    'awaitingStep.requesting': requesting,
    'awaitingStep.backingOff': backingOff,
    executingStep: executing,
    settling,
  };

  it('covers every non-final state of the machine', () => {
    expect(Object.keys(byState).sort()).toEqual(nonFinalLeaves(turnMachine.root).sort());
  });

  it.each(Object.keys(byState))('ends the turn in cancelled from %s', (state) => {
    const [cancelled] = send(byState[state]!, { type: 'CANCEL', reason: 'user pressed stop' });
    expect(cancelled.value).toBe('cancelled');
    expect(cancelled.status).toBe('done');
    expect(cancelled.output).toMatchObject({
      status: 'cancelled',
      finishReason: 'cancelled',
      error: { name: 'TurnCancelled', message: 'user pressed stop' },
    });
  });
});

describe('final states drop the activation state (C17)', () => {
  // Step 1 runs with browser_click active; its search has read_file pending.
  const [step1] = searchStep(start({ maxSteps: 2 })[0], ['browser_click']);
  const [executing1] = modelAnswers(step1, [call('tool_search')]);
  const [pending1] = send(executing1, { type: 'ACTIVATE', names: ['read_file'] });

  function exhaust(snapshot: Snapshot): Snapshot {
    for (let attempt = 1; attempt < 3; attempt++) {
      const [backingOff, actions] = modelFails(snapshot, retryable);
      [snapshot] = send(backingOff, scheduledDelay(actions).event);
    }
    return modelFails(snapshot, retryable)[0];
  }

  const endings: [string, Snapshot, (before: Snapshot) => Snapshot][] = [
    ['completed (stop)', step1, (before) => modelAnswers(before, [], 'done')[0]],
    ['completed (max-steps)', pending1, (before) => settle(before)[0]],
    ['failed (model-error)', step1, (before) => modelFails(before, new Error('bad request'))[0]],
    ['failed (retries-exhausted)', step1, exhaust],
    ['failed (execution-error)', pending1, (before) =>
      send(before, { type: 'TOOL_EXECUTION_FAILED', error: { name: 'Bug', message: 'boom', isRetryable: false } })[0]],
    ['cancelled', pending1, (before) => send(before, { type: 'CANCEL' })[0]],
  ];

  it.each(endings)('%s has empty active, pending and visible sets', (label, before, end) => {
    expect(before.context.active).toEqual(['browser_click']);
    expect(before.context.visible).not.toEqual([]);
    const final = end(before);
    expect(final.status).toBe('done');
    expect(label.startsWith(final.value as string)).toBe(true);
    expect(final.context).toMatchObject({ active: [], pending: [], visible: [] });
  });
});
