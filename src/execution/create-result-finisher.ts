import type { TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import { errorModelOutput } from './to-model-output.js';

/**
 * Builds one call's {@link TurnToolResult}: `(outcome, output, modelOutput?, extra?)`. What the
 * model receives defaults to `output` as an error text (AI SDK `error-text`); `durationMs` is the
 * time since this finisher was created, in ms of `now`, never negative; `extra` adds the
 * pipeline's fields (operationId, truncated, …).
 */
export type ResultFinisher = (outcome: TurnToolResult['outcome'], output: unknown, modelOutput?: unknown, extra?: Partial<TurnToolResult>) => TurnToolResult;

/** A {@link ResultFinisher} for `call`, its clock started now (internal to the pipeline). */
export function createResultFinisher(call: TurnToolCall, now: () => number): ResultFinisher {
  const startedAt = now();
  return (outcome, output, modelOutput = errorModelOutput(output), extra = {}) => ({
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    outcome,
    output,
    modelOutput,
    durationMs: Math.max(0, now() - startedAt),
    ...extra,
  });
}
