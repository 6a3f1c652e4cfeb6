import type { TurnRecorder } from '../runtime/create-turn-recorder.js';
import type { NestedCallObserver } from './call-nested-tool.js';

/**
 * Reports the nested calls of one step's `exec` calls like any call — a `tool-call` and a
 * `tool-result` stream part, `tool.execution.start` / `.end` records (C21) — with telemetry
 * origin `nested` and the `exec` call's id as `parentToolCallId`.
 */
export function recordNestedCalls(recorder: Pick<TurnRecorder, 'toolCall' | 'toolExecutionStart' | 'toolResult'>, stepIndex: number): NestedCallObserver {
  return {
    start(call, parentToolCallId) {
      recorder.toolCall(stepIndex, call, parentToolCallId);
      recorder.toolExecutionStart(stepIndex, call, 'nested', parentToolCallId);
    },
    end(result, parentToolCallId) {
      recorder.toolResult(stepIndex, result, 'nested', parentToolCallId);
    },
  };
}
