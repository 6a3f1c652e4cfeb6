import type { TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { checkAvailability } from './check-availability.js';
import type { PermissionDecision } from './permission.js';
import type { StepExecutionContext } from './step-execution-context.js';
import { errorModelOutput, toModelOutput } from './to-model-output.js';
import { validateToolInput } from './validate-tool-input.js';

/**
 * Runs one tool call through the one pipeline every tool crosses, direct, discovered,
 * required or `tool_search` alike (C4): availability guard against the step-start snapshot
 * (C14) → input validation → permission → execute → model output. Never throws: every failure is
 * a {@link TurnToolResult} whose `output` is a message the model can read (STYLE 9).
 */
export async function executeToolCall(options: {
  readonly call: TurnToolCall;
  readonly context: StepExecutionContext;
}): Promise<TurnToolResult> {
  const { call, context } = options;
  const startedAt = context.now();
  const finish = (outcome: TurnToolResult['outcome'], output: unknown, modelOutput = errorModelOutput(output)): TurnToolResult => ({
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    outcome,
    output,
    modelOutput,
    durationMs: Math.max(0, context.now() - startedAt),
  });

  const unavailable = checkAvailability(call.toolName, context);
  if (unavailable !== undefined) return finish(unavailable.outcome, unavailable.message);

  const tool = context.resolveTool(call.toolName);
  if (tool === undefined) return finish('rejected-unknown', `There is no tool named ${JSON.stringify(call.toolName)}.`);

  const validation = await validateToolInput({
    toolName: call.toolName,
    input: call.input,
    schema: tool.inputSchema,
    unparsable: call.unparsableInput === true,
  });
  if (!validation.ok) return finish('invalid-input', validation.message);

  // the check gets its own copy: changing it cannot change what execute receives
  const decision = await askPermission(context, call, copyOf(validation.value));
  if (decision.type === 'deny') return finish('denied', `Permission denied for ${call.toolName}: ${decision.reason}`);

  if (call.toolName === TOOL_SEARCH_NAME) {
    const search = context.runSearch(validation.value, call.toolCallId);
    return search.ok ? finish('ok', search.output, { type: 'json', value: search.output }) : finish('error', search.message);
  }
  if (typeof tool.execute !== 'function') {
    return finish('error', `${call.toolName} has no execute function on this runtime, so it cannot run here.`);
  }
  try {
    const output = await lastValue(
      tool.execute(validation.value, {
        toolCallId: call.toolCallId,
        messages: [...context.messages],
        abortSignal: context.abortSignal,
        context: undefined,
      }),
    );
    if (isMcpErrorResult(output)) return finish('error', output);
    const converted = await toModelOutput({ tool, toolName: call.toolName, toolCallId: call.toolCallId, input: validation.value, output });
    return converted.ok ? finish('ok', output, converted.modelOutput) : finish('error', converted.message);
  } catch (error) {
    return finish('error', `${call.toolName} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function askPermission(context: StepExecutionContext, call: TurnToolCall, input: unknown): Promise<PermissionDecision> {
  if (context.permission === undefined) return { type: 'allow' };
  try {
    const decision = await context.permission({
      turnId: context.turnId,
      stepIndex: context.stepIndex,
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      input,
      origin: context.originOf(call.toolName),
    });
    if (decision?.type === 'allow') return decision;
    if (decision?.type === 'deny') return { type: 'deny', reason: decision.reason || 'no reason given' };
    return { type: 'deny', reason: 'the permission check returned neither allow nor deny' };
  } catch (error) {
    return { type: 'deny', reason: `the permission check failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
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
