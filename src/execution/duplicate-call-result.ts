import type { TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import { errorModelOutput } from './to-model-output.js';

/**
 * The result of a call whose provider id an earlier call of the same step already had
 * (`call.duplicateOf`, see uniqueStepCallIds): a tool error (outcome `error`, no operation id)
 * saying the id was a duplicate, so the call did not run — the first call with that id ran —
 * and may be made again. It never enters the pipeline: running it could repeat the first
 * call's side effects, and under one id the journal could not tell the two apart.
 */
export function duplicateCallResult(call: TurnToolCall): TurnToolResult {
  const message =
    `${call.toolName} did not run: duplicate tool call id ${JSON.stringify(call.duplicateOf ?? call.toolCallId)} ` +
    `(an earlier call of this step has it; this call's result is under ${JSON.stringify(call.toolCallId)}). ` +
    `Call ${call.toolName} again if you still need it.`;
  return { toolCallId: call.toolCallId, toolName: call.toolName, outcome: 'error', output: message, modelOutput: errorModelOutput(message), durationMs: 0 };
}
