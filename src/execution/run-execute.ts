import { lastOutputOf } from './last-output-of.js';
import { safeValidateTypes } from '@ai-sdk/provider-utils';
import type { Tool } from 'ai';
import type { TurnToolCall } from '../../machines/turn-types.js';
import { describeThrown } from '../errors/describe-thrown.js';
import type { CallStop } from './call-stop.js';
import type { JournaledResult } from './execution-journal.js';
import { runStage } from './run-stage.js';
import type { StepExecutionContext } from './step-execution-context.js';
import type { ToolPolicy } from './tool-policy.js';
import { errorModelOutput, toModelOutput } from './to-model-output.js';

/**
 * The execute stage (C4): runs the tool's `execute` (for `tool_search` and `exec`, the one the
 * step bound them to) with the call's `signal` as its abort signal, which fires when the turn
 * is cancelled or the call's budget (`timeoutMs`) is spent; then converts a successful output into what the model
 * receives (`toModelOutput`, under the same signal). A tool that throws (any value), times
 * out, returns an MCP error result or output that is not JSON is an `error` result, never an
 * exception (STYLE 9). The tool's `policy` words two of those messages: what a thrown value
 * becomes (`thrownText`) and what a timeout means for the tool's effects (`timeoutNote`).
 *
 * `execute` gets `{ toolCallId, messages, abortSignal, context }`, `context` being the turn's
 * `toolsContext[toolName]` (own key; `undefined` without one), checked first against the tool's
 * `contextSchema` when it has one: a context that does not match is an `error` result and
 * `execute` is not called. `execute` is called in this function's first synchronous run (after
 * that check, for a tool with a `contextSchema`), right after the signal is checked: when the
 * signal has aborted, it is not called (C17).
 *
 * @param options.timeoutMs the call's budget in milliseconds, for messages; `0` means none.
 * @param options.timedOut true when `signal` aborted because the budget was spent.
 * @returns a {@link CallStop} when the turn ended (or the signal had aborted before `execute`).
 */
export async function runExecute(options: {
  readonly tool: Tool;
  readonly policy: ToolPolicy;
  readonly call: TurnToolCall;
  readonly input: unknown;
  readonly context: StepExecutionContext;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly timedOut: () => boolean;
}): Promise<JournaledResult | CallStop> {
  const { tool, policy, call, input, context, signal } = options;
  const failed = (output: unknown, extra: { timedOut?: boolean } = {}): JournaledResult => ({ outcome: 'error', output, modelOutput: errorModelOutput(output), ...extra });
  if (signal.aborted) return { stopped: 'execute', ran: false };

  const execute = tool.execute;
  if (typeof execute !== 'function') return failed(`${call.toolName} has no execute function on this runtime, so it cannot run here.`);
  const toolsContext = context.toolsContext;
  let toolContext = toolsContext !== undefined && Object.hasOwn(toolsContext, call.toolName) ? toolsContext[call.toolName] : undefined;
  if (tool.contextSchema !== undefined) {
    const checked = await safeValidateTypes({ value: toolContext, schema: tool.contextSchema });
    if (!checked.success) return failed(`${call.toolName} was not run: its context (toolsContext.${call.toolName}) does not match its contextSchema: ${describeThrown(checked.error)}`);
    toolContext = checked.value;
    if (signal.aborted) return { stopped: 'execute', ran: false };
  }
  const run = await runStage(signal, async (abortSignal) => {
    context.onExecuteStart?.(call.toolCallId);
    const output = await lastOutputOf(execute(input, { toolCallId: call.toolCallId, messages: [...context.messages], abortSignal, context: toolContext as never }));
    return { output, mcpError: isMcpErrorResult(output) };
  });
  if (run.status === 'stopped') {
    if (!options.timedOut()) return { stopped: 'execute', ran: true };
    return failed(`${call.toolName} timed out after ${options.timeoutMs} ms ${policy.timeoutNote}`, { timedOut: true });
  }
  if (run.status === 'threw') return failed(policy.thrownText === 'verbatim' ? describeThrown(run.error) : `${call.toolName} failed: ${describeThrown(run.error)}`);
  const { output, mcpError } = run.value;
  if (mcpError) return failed(output);
  const converted = await runStage(signal, () => toModelOutput({ tool, toolName: call.toolName, toolCallId: call.toolCallId, input, output }));
  if (converted.status === 'stopped') {
    if (!options.timedOut()) return { stopped: 'toModelOutput', ran: true };
    return failed(`${call.toolName} ran, but converting its output (toModelOutput) did not finish within its ${options.timeoutMs} ms timeout, so the output is not shown.`, { timedOut: true });
  }
  if (converted.status === 'threw') return failed(`${call.toolName} returned output that could not be converted: ${describeThrown(converted.error)}`);
  return converted.value.ok ? { outcome: 'ok', output, modelOutput: converted.value.modelOutput } : failed(converted.value.message);
}

/** MCP servers report tool failures as a result with `isError: true`; that is an error outcome. */
function isMcpErrorResult(output: unknown): boolean {
  return output !== null && typeof output === 'object' && (output as { isError?: unknown }).isError === true;
}
