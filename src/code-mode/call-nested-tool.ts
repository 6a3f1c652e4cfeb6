import type { TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import { executeToolCall } from '../execution/execute-tool-call.js';
import type { StepExecutionContext } from '../execution/step-execution-context.js';
import { errorModelOutput } from '../execution/to-model-output.js';
import { EXEC_TOOL_NAME } from './code-mode-options.js';

/** Told about every nested call: when it enters the pipeline and how it left it. */
export interface NestedCallObserver {
  start(call: TurnToolCall, parentToolCallId: string): void;
  end(result: TurnToolResult, parentToolCallId: string): void;
}

/**
 * Runs one `tools.<name>(input)` call of an `exec` call's code through the one execution
 * pipeline (C4) — the same `executeToolCall` a direct call crosses — with the enclosing step's
 * context, so the availability guard checks the step-start visible set (C14): a hidden tool is
 * rejected with the very message a direct call would get, and its `execute` never runs.
 *
 * The only difference is the visible set: a tool whose policy is not `nestable` (`exec`) is not
 * in it, so the code cannot nest `exec` (rejected as `rejected-hidden` with a message saying so,
 * before the pipeline).
 *
 * @param options.context the step's context with the visible set the code may call (the
 *   step-start set without the tools that are not `nestable`) and the abort signal of this
 *   `exec` run, so a stopped run aborts its nested calls.
 */
export async function callNestedTool(options: {
  readonly call: TurnToolCall;
  readonly parentToolCallId: string;
  readonly context: StepExecutionContext;
  readonly observer: NestedCallObserver | undefined;
}): Promise<TurnToolResult> {
  const { call, parentToolCallId, context, observer } = options;
  observer?.start(call, parentToolCallId);
  let result: TurnToolResult;
  if (context.resolveTool(call.toolName)?.policy.nestable === false) {
    const message = `${call.toolName} cannot be called from inside ${EXEC_TOOL_NAME}: call the tools you need as tools.<name>(input) in this code.`;
    result = { toolCallId: call.toolCallId, toolName: call.toolName, outcome: 'rejected-hidden', output: message, modelOutput: errorModelOutput(message), durationMs: 0 };
  } else {
    result = await executeToolCall({ call, context });
  }
  observer?.end(result, parentToolCallId);
  return result;
}
