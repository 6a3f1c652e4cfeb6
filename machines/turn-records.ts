import type { TurnContext } from './turn-context.js';
import type { ExecuteToolCallsInput, TurnStepRecord, TurnToolResult } from './turn-types.js';

/** What the `executeToolCalls` actor of `executingStep` is given: the step's facts from the context. */
export function executeToolCallsInputOf(context: TurnContext): ExecuteToolCallsInput {
  return {
    turnId: context.turnId,
    stepIndex: context.stepIndex,
    visible: context.visible,
    required: context.required,
    active: context.active,
    toolCalls: context.toolCalls,
  };
}

// The turn's records as the machine keeps them (C15, C17, C28): pure functions of the context,
// used by the machine's actions and by the runtime when it stops an actor from outside.

/**
 * The turn's activations so far, in activation order: `active` then the names of `pending` not
 * in it — the set `STEP_BOUNDARY` commits (C13, C15). The one place that formula lives.
 */
export function activationsOf(context: { readonly active: readonly string[]; readonly pending: readonly string[] }): string[] {
  const active = new Set(context.active);
  return [...context.active, ...context.pending.filter((name) => !active.has(name))];
}

/**
 * The results of a step the turn ended while its tools ran, in call order: each settled call
 * keeps its result; every other one gets outcome `cancelled` — saying it did not run when its
 * `execute` had not begun (`callsExecuted`), that it may have taken effect when it had — with `durationMs` from its start
 * (`callsStartedAt`) to `closedAt` (0 for a call that never started).
 */
export function closedStepResults(context: TurnContext, closedAt: number): TurnToolResult[] {
  return context.toolCalls.map((call) => {
    const settled = context.toolResults.find((result) => result.toolCallId === call.toolCallId);
    if (settled !== undefined) return settled;
    const message = context.callsExecuted.includes(call.toolCallId)
      ? `The turn ended before ${call.toolName} finished; it may or may not have taken effect.`
      : `The turn ended before ${call.toolName} started; it did not run.`;
    const startedAt = context.callsStartedAt.find((entry) => entry.toolCallId === call.toolCallId)?.at;
    return {
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      outcome: 'cancelled',
      output: message,
      modelOutput: { type: 'error-text', value: message },
      durationMs: startedAt === undefined ? 0 : Math.max(0, closedAt - startedAt),
    };
  });
}

/**
 * What ending the turn while the step's tools run does to the turn's records (the
 * `closeRunningStep` action; the runtime uses it too when it stops an actor from outside):
 * the step joins `stepRecords` with a result for every call (closedStepResults), and those
 * results become `closingResults`, which the transcript does not carry yet. `closed` are the
 * results the turn gave calls that had not finished. `undefined` when no step's tools run.
 */
export function closeRunningStepOf(
  context: TurnContext,
  closedAt: number,
): { readonly stepRecords: TurnStepRecord[]; readonly closingResults: TurnToolResult[]; readonly closed: TurnToolResult[] } | undefined {
  if (context.toolCalls.length === 0) return undefined;
  const results = closedStepResults(context, closedAt);
  return {
    stepRecords: [...context.stepRecords, stepRecordOf(context, results)],
    closingResults: results,
    closed: results.filter((result) => !context.toolResults.includes(result)),
  };
}

/** The record of the context's current step, with these results. */
export function stepRecordOf(context: TurnContext, toolResults: readonly TurnToolResult[]): TurnStepRecord {
  return { stepIndex: context.stepIndex, visible: context.visible, attempts: context.attempt, text: context.text, finishReason: context.stepFinishReason, toolResults };
}
