import type { LanguageModelUsage, StepResult, StopCondition, ToolSet } from 'ai';
import type { TurnStepRecord, TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import { describeThrown } from '../errors/describe-thrown.js';
import { ANSWERING_STEP_REASON } from './answering-snapshot.js';

/** One condition or several (any of them true stops the turn), as `streamText`'s `stopWhen`. */
export type TurnStopWhen = StopCondition<ToolSet> | readonly StopCondition<ToolSet>[];

/** What a step of `{ steps }` carries for a call (its tool call id, name and input, as the model gave them). */
type CallOf = Pick<TurnToolCall, 'toolCallId' | 'toolName' | 'input'>;

const NO_USAGE: LanguageModelUsage = {
  inputTokens: undefined,
  inputTokenDetails: { noCacheTokens: undefined, cacheReadTokens: undefined, cacheWriteTokens: undefined },
  outputTokens: undefined,
  outputTokenDetails: { textTokens: undefined, reasoningTokens: undefined },
  totalTokens: undefined,
};

/**
 * The `{ steps }` a turn's `stopWhen` receives: one object per step the model answered, in
 * order (an answering step, which settled calls an earlier turn left open without asking the
 * model, is not one: `streamText` runs approved calls before its first step, C27), in the shape of ai's `StepResult` for the fields a turn knows (what `isStepCount` /
 * `stepCountIs` and `hasToolCall` read, and what typical conditions read):
 * - `stepNumber`: the 0-based step index (the turn's, as in `result.steps`: after an answering step the first is 1);
 * - `text`: the step's text; `finishReason`: the provider's unified finish reason (`tool-calls`, …);
 * - `toolCalls` (also `staticToolCalls`; `dynamicToolCalls` is `[]`): `{ type: 'tool-call',
 *   toolCallId, toolName, input }` per call, in call order, with turnscope's canonical tool names
 *   (`tool_search` included);
 * - `toolResults` (also `staticToolResults`; `dynamicToolResults` is `[]`): `{ type: 'tool-result',
 *   toolCallId, toolName, input, output }` for each call whose outcome is `ok`; a call that failed,
 *   was rejected or denied has no entry there (its outcome is in `result.steps`);
 * - `usage`: the step's `LanguageModelUsage` as the provider reported it on this turn; every count
 *   `undefined` for a step this turn did not request (a step restored from a snapshot);
 * - `content`: the tool calls then the tool results, as above;
 * - `runtimeContext` and `toolsContext`: the turn's (`{}` when not given), as `streamText` gives them.
 * Every other `StepResult` field (`reasoning`, `files`, `sources`, `request`, `response`,
 * `providerMetadata`, `warnings`, …) is absent: a condition that reads one sees `undefined`.
 *
 * @param records the steps recorded before this one (the machine's `stepRecords`).
 * @param current this step: its calls (with input), its results, text and finish reason.
 * @param transcript the turn's messages: an earlier step's call inputs are read from its assistant message.
 * @param usageOf a step's usage by index, `undefined` when the turn did not record it.
 * @param contexts the turn's `runtimeContext` and `toolsContext`. Default: none.
 */
export function stopWhenSteps(
  records: readonly TurnStepRecord[],
  current: { readonly record: TurnStepRecord; readonly toolCalls: readonly CallOf[] },
  transcript: readonly unknown[],
  usageOf: (stepIndex: number) => unknown,
  contexts: { readonly toolsContext?: unknown; readonly runtimeContext?: unknown } = {},
): StepResult<ToolSet>[] {
  const inputs = callInputsOf(transcript);
  const shared = { runtimeContext: contexts.runtimeContext ?? {}, toolsContext: contexts.toolsContext ?? {} };
  // an answering step (C27) is not one of them: streamText runs approved calls before its first step
  const modelSteps = records.filter((record) => record.finishReason !== ANSWERING_STEP_REASON);
  return [...modelSteps, current.record].map((record, index) => {
    const calls: CallOf[] = index === modelSteps.length
      ? [...current.toolCalls]
      : record.toolResults.map((result) => ({ toolCallId: result.toolCallId, toolName: result.toolName, input: inputs.get(result.toolCallId) }));
    return { ...stepOf(record, calls, (usageOf(record.stepIndex) as LanguageModelUsage | undefined) ?? NO_USAGE), ...shared } as StepResult<ToolSet>;
  });
}

/** Each tool call's input by call id, from the `tool-call` parts of the transcript's assistant messages. */
function callInputsOf(transcript: readonly unknown[]): Map<string, unknown> {
  const inputs = new Map<string, unknown>();
  for (const message of transcript as readonly { role?: unknown; content?: unknown }[]) {
    if (message?.role !== 'assistant' || !Array.isArray(message.content)) continue;
    for (const part of message.content as readonly { type?: unknown; toolCallId?: unknown; input?: unknown }[]) {
      if (part?.type === 'tool-call' && typeof part.toolCallId === 'string') inputs.set(part.toolCallId, part.input);
    }
  }
  return inputs;
}

function stepOf(record: TurnStepRecord, calls: readonly CallOf[], usage: LanguageModelUsage): StepResult<ToolSet> {
  const inputOf = new Map(calls.map((call) => [call.toolCallId, call.input]));
  const toolCalls = calls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.toolCallId, toolName: call.toolName, input: call.input }));
  const toolResults = record.toolResults
    .filter((result: TurnToolResult) => result.outcome === 'ok')
    .map((result) => ({ type: 'tool-result' as const, toolCallId: result.toolCallId, toolName: result.toolName, input: inputOf.get(result.toolCallId), output: result.output }));
  const step = {
    stepNumber: record.stepIndex,
    text: record.text,
    finishReason: record.finishReason,
    usage,
    toolCalls,
    staticToolCalls: toolCalls,
    dynamicToolCalls: [],
    toolResults,
    staticToolResults: toolResults,
    dynamicToolResults: [],
    content: [...toolCalls, ...toolResults],
  };
  return step as unknown as StepResult<ToolSet>;
}

/**
 * Whether any of `stopWhen`'s conditions holds for `steps` (each awaited, as `streamText`
 * does). Never throws: a condition that throws or rejects answers `{ error }` with a message
 * naming the step ("stopWhen threw after step 2: …"), and the turn fails with it.
 */
export async function evaluateStopWhen(stopWhen: TurnStopWhen, steps: StepResult<ToolSet>[]): Promise<{ stop: boolean } | { error: string }> {
  const conditions = typeof stopWhen === 'function' ? [stopWhen] : [...stopWhen];
  try {
    const answers = await Promise.all(conditions.map(async (condition) => condition({ steps })));
    return { stop: answers.some(Boolean) };
  } catch (error) {
    return { error: `stopWhen threw after step ${steps.length - 1}: ${describeThrown(error)}` };
  }
}
