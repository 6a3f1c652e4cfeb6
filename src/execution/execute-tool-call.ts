import type { TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { artifactStage } from './artifact-stage.js';
import { askPermission } from './ask-permission.js';
import { boundModelOutput } from './bound-model-output.js';
import { checkAvailability } from './check-availability.js';
import { executeStage } from './execute-stage.js';
import { defaultOperationId } from './execution-pipeline-settings.js';
import { inputDigest } from './input-digest.js';
import { journalStage } from './journal-stage.js';
import { needsApprovalStage } from './needs-approval-stage.js';
import type { StepExecutionContext } from './step-execution-context.js';
import { errorModelOutput } from './to-model-output.js';
import { validateToolInput } from './validate-tool-input.js';

/**
 * Runs one tool call through the one pipeline every tool crosses — direct, discovered,
 * required, `tool_search`, and nested calls (code mode) alike (C4):
 *
 * 1. availability guard against the step-start snapshot (C14)
 * 2. input validation (a message naming the bad fields)
 * 3. permission: `allow` / `deny` / `ask` (→ the approver, with its timeout)
 * 3b. the tool's own `needsApproval` (AI SDK): `true`, or a function answering true for this
 *    input, sends the call to the approver even after a permission `allow`; with no approver
 *    it is denied (see needsApprovalStage)
 * 4. durable execution record: the operation id; a completed call is replayed from the journal
 * 5. execute, with the tool's timeout (its abort signal fires on timeout or cancellation)
 * 6. output bounding of what the model receives (head and tail kept, a note in between)
 * 7. artifacts: the whole output of a bounded result is stored; the note says how to read it
 *
 * Never throws for a tool's sake: every failure is a {@link TurnToolResult} whose `output` is a
 * message the model can read (STYLE 9). Only a broken runtime (e.g. a clock that throws) rejects.
 *
 * For a nested call, pass the enclosing step's `context` and a `call` whose `toolCallId` is
 * unique in the turn (e.g. `${exec.toolCallId}/1`); `operationId` overrides the derived one.
 */
export async function executeToolCall(options: {
  readonly call: TurnToolCall;
  readonly context: StepExecutionContext;
  /** The call's operation id; default: the runtime's `operationId` option (`${turnId}:${stepIndex}:${toolCallId}`, C29). */
  readonly operationId?: string;
}): Promise<TurnToolResult> {
  const { call, context } = options;
  const { pipeline } = context;
  const startedAt = context.now();
  const finish = (
    outcome: TurnToolResult['outcome'],
    output: unknown,
    modelOutput: unknown = errorModelOutput(output),
    extra: Partial<TurnToolResult> = {},
  ): TurnToolResult => ({
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    outcome,
    output,
    modelOutput,
    durationMs: Math.max(0, context.now() - startedAt),
    ...extra,
  });

  // 1. availability
  const unavailable = checkAvailability(call.toolName, context);
  if (unavailable !== undefined) return finish(unavailable.outcome, unavailable.message);
  const tool = context.resolveTool(call.toolName);
  if (tool === undefined) return finish('rejected-unknown', `There is no tool named ${JSON.stringify(call.toolName)}.`);

  // 2. input validation
  const validation = await validateToolInput({
    toolName: call.toolName,
    input: call.input,
    schema: tool.inputSchema,
    unparsable: call.unparsableInput === true,
  });
  if (!validation.ok) return finish('invalid-input', validation.message);
  const input = validation.value;

  // 3. permission; the check gets its own copy: changing it cannot change what execute receives
  // (with no check nothing reads the request, so the copy is skipped)
  const verdict = await askPermission({
    request: {
      turnId: context.turnId,
      stepIndex: context.stepIndex,
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      input: context.permission === undefined ? input : copyOf(input),
      origin: context.originOf(call.toolName),
    },
    permission: context.permission,
    approver: pipeline.approver,
    approvalTimeoutMs: pipeline.approvalTimeoutMs,
    signal: context.abortSignal,
  });
  if (verdict.type === 'deny') return finish('denied', `Permission denied for ${call.toolName}: ${verdict.reason}`);
  // 3b. the tool's own needsApproval asks the approver, even after a permission allow (not twice after an approval)
  if (!verdict.approved) {
    const demanded = await needsApprovalStage({ tool, call, input, context });
    if (demanded.type === 'deny') return finish('denied', `Permission denied for ${call.toolName}: ${demanded.reason}`);
  }
  // a permission answer that arrives after the turn ended must not start the tool (C17)
  if (context.abortSignal.aborted) return finish('cancelled', `The turn ended before ${call.toolName} started; it did not run.`);

  // 4. durable execution record, around 5. execute
  const operationId = options.operationId ?? deriveOperationId(context, call, input);
  if (typeof operationId !== 'string') {
    return finish('error', `${call.toolName} did not run: no operation id (${operationId.error}).`);
  }
  const journaled = await journalStage({
    journal: pipeline.journal,
    call: {
      operationId,
      turnId: context.turnId,
      stepIndex: context.stepIndex,
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      inputDigest: inputDigest(call.toolName, input),
      startedAt: context.now(),
    },
    replayable: call.toolName !== TOOL_SEARCH_NAME,
    now: context.now,
    aborted: () => context.abortSignal.aborted,
    run: () => executeStage({ tool, call, input, context, timeoutMs: pipeline.timeoutMsOf(call.toolName) }),
  });
  const { result } = journaled;
  const extra: Partial<TurnToolResult> = {
    operationId,
    replayed: journaled.replayed,
    ...(result.timedOut === true ? { timedOut: true } : {}),
    ...(journaled.journalError === undefined ? {} : { journalError: journaled.journalError }),
  };

  // 6. output bounding, 7. artifacts. tool_search's result is left whole: it is bounded by the
  // search's own limits (C10, C11), and a cut one would hide what the search activated
  const bounded =
    call.toolName === TOOL_SEARCH_NAME ? undefined : boundModelOutput(result.modelOutput as Parameters<typeof boundModelOutput>[0], pipeline.outputLimit);
  if (bounded === undefined) return finish(result.outcome, result.output, result.modelOutput, extra);
  const stored = await artifactStage({
    bounded,
    limit: pipeline.outputLimit,
    store: pipeline.artifactStore,
    operationId,
    turnId: context.turnId,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    isBound: (name) => context.bound.includes(name),
    isVisible: (name) => context.visible.has(name),
  });
  const { totalBytes, totalLines, omittedBytes, omittedLines } = bounded.cut;
  return finish(result.outcome, result.output, stored.modelOutput, {
    ...extra,
    bounded: { totalBytes, totalLines, omittedBytes, omittedLines },
    ...(stored.artifact === undefined ? {} : { artifact: { id: stored.artifact.id, uri: stored.artifact.uri } }),
  });
}

function deriveOperationId(context: StepExecutionContext, call: TurnToolCall, input: unknown): string | { error: string } {
  const { operationIdOf } = context.pipeline;
  if (operationIdOf === defaultOperationId) return defaultOperationId({ turnId: context.turnId, stepIndex: context.stepIndex, toolCallId: call.toolCallId, toolName: call.toolName, input });
  try {
    // the caller's function gets its own copy of the input, like the permission check
    const id = operationIdOf({ turnId: context.turnId, stepIndex: context.stepIndex, toolCallId: call.toolCallId, toolName: call.toolName, input: copyOf(input) });
    return typeof id === 'string' && id !== '' ? id : { error: `the operationId option returned ${JSON.stringify(id)}, not a non-empty string` };
  } catch (error) {
    return { error: `the operationId option failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
