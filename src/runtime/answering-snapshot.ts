import { createActor } from 'xstate';
import { turnMachine, type TurnContext, type TurnMachineInput } from '../../machines/turn-machine.js';
import type { TurnToolCall } from '../../machines/turn-types.js';
import { executeToolCallsInputOf } from '../../machines/turn-records.js';

/** The `stepFinishReason` of an answering step: it settled the answers to open calls, the model was not asked (C27). */
export const ANSWERING_STEP_REASON = 'answers';

/**
 * The persisted snapshot a new turn starts from when its messages answer calls an earlier turn
 * left open (C27): the turn of `input` at step 0 in `executingStep`, running `calls` (each with
 * its `answer`) as that step's tool calls, so they cross the same pipeline, cancellation and
 * bookkeeping as any step's calls; its step boundary then starts step 1 with the model. The
 * step's visible set is the answered calls' tools only: the availability guard of an answered
 * call is the step that issued it, and the answer makes no other tool callable. A is `[]` (or
 * the prefetch's): the turn has activated nothing yet (C17, C18). The context's `messages` are
 * the caller's as given (not walked by xstate), so a cycle in them cannot overflow the stack.
 */
export function answeringSnapshot(input: TurnMachineInput, calls: readonly TurnToolCall[]): unknown {
  const initial = createActor(turnMachine, { input }).getSnapshot();
  const context: TurnContext = {
    ...initial.context,
    visible: [...new Set(calls.map((call) => call.toolName))],
    toolCalls: [...calls],
    text: '',
    stepFinishReason: ANSWERING_STEP_REASON,
  };
  // xstate walks the persisted context for actor refs; the caller's messages hold none, and a
  // cycle in them (hostile input) would overflow the stack: they go in after the walk, as given
  const state = turnMachine.resolveState({ value: 'executingStep', context: { ...context, messages: [] } });
  const walked = turnMachine.getPersistedSnapshot(state) as unknown as { context: TurnContext; children?: Record<string, unknown> };
  const persisted = { ...walked, context: { ...walked.context, messages: context.messages } };
  const invokeId = turnMachine.root.states.executingStep!.invoke[0]!.id;
  const step = executeToolCallsInputOf(context);
  return { ...persisted, children: { [invokeId]: { src: 'executeToolCalls', snapshot: { status: 'active', input: step }, syncSnapshot: false } } };
}
