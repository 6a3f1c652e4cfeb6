import type { Tool } from 'ai';
import type { TurnToolCall } from '../../machines/turn-types.js';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import type { JournaledResult } from './execution-journal.js';
import { runWithTimeout } from './run-with-timeout.js';
import type { StepExecutionContext } from './step-execution-context.js';
import { errorModelOutput, toModelOutput } from './to-model-output.js';

/**
 * The execute stage (C4): runs the tool (or `tool_search`, whose ranker may be asynchronous)
 * with its own abort signal, which fires when the turn is cancelled or when `timeoutMs` pass;
 * then converts a successful output into what the model receives. A tool that throws, times
 * out, returns an MCP error result or output that is not JSON is an `error` result, never an
 * exception (STYLE 9).
 *
 * @param options.timeoutMs milliseconds; `0` means no timeout.
 */
export async function executeStage(options: {
  readonly tool: Tool;
  readonly call: TurnToolCall;
  readonly input: unknown;
  readonly context: StepExecutionContext;
  readonly timeoutMs: number;
}): Promise<JournaledResult> {
  const { tool, call, input, context } = options;
  const failed = (output: unknown, extra: { timedOut?: boolean } = {}): JournaledResult => ({ outcome: 'error', output, modelOutput: errorModelOutput(output), ...extra });

  if (call.toolName === TOOL_SEARCH_NAME) {
    // bounded by its own limits (C10); the timeout bounds an asynchronous ranker (an embedding call)
    const run = await runWithTimeout({
      timeoutMs: options.timeoutMs,
      signal: context.abortSignal,
      run: (abortSignal) => context.runSearch(input, call.toolCallId, abortSignal),
    });
    if (run.timedOut) {
      return failed(`tool_search timed out after ${options.timeoutMs} ms while ranking and was stopped; nothing was activated. You may search again.`, { timedOut: true });
    }
    const search = run.value;
    return search.ok ? { outcome: 'ok', output: search.output, modelOutput: { type: 'json', value: search.output } } : failed(search.message);
  }
  const execute = tool.execute;
  if (typeof execute !== 'function') return failed(`${call.toolName} has no execute function on this runtime, so it cannot run here.`);
  try {
    const run = await runWithTimeout({
      timeoutMs: options.timeoutMs,
      signal: context.abortSignal,
      run: async (abortSignal) =>
        lastValue(execute(input, { toolCallId: call.toolCallId, messages: [...context.messages], abortSignal, context: undefined })),
    });
    if (run.timedOut) {
      return failed(`${call.toolName} timed out after ${options.timeoutMs} ms and was aborted; it may have partly taken effect.`, { timedOut: true });
    }
    const output = run.value;
    if (isMcpErrorResult(output)) return failed(output);
    const converted = await toModelOutput({ tool, toolName: call.toolName, toolCallId: call.toolCallId, input, output });
    return converted.ok ? { outcome: 'ok', output, modelOutput: converted.modelOutput } : failed(converted.message);
  } catch (error) {
    return failed(`${call.toolName} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A streaming tool (`AsyncIterable`) yields preliminary results; the last one is the result. */
async function lastValue(value: unknown): Promise<unknown> {
  const resolved = await value;
  if (resolved !== null && typeof resolved === 'object' && Symbol.asyncIterator in resolved) {
    let last: unknown;
    for await (const item of resolved as AsyncIterable<unknown>) last = item;
    return last;
  }
  return resolved;
}

/** MCP servers report tool failures as a result with `isError: true`; that is an error outcome. */
function isMcpErrorResult(output: unknown): boolean {
  return output !== null && typeof output === 'object' && (output as { isError?: unknown }).isError === true;
}
