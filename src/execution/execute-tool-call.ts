import type { TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import type { Tool } from 'ai';
import { storeTruncatedOutput } from './store-truncated-output.js';
import { askPermission } from './ask-permission.js';
import { describeThrown } from '../errors/describe-thrown.js';
import { isCallStop, type CallStop } from './call-stop.js';
import { checkAvailability } from './check-availability.js';
import { createCallBudget, type CallBudget } from './create-call-budget.js';
import { describeCallStop } from './describe-call-stop.js';
import { runExecute } from './run-execute.js';
import { createResultFinisher, type ResultFinisher } from './create-result-finisher.js';
import { defaultOperationId } from './execution-pipeline-settings.js';
import { inputDigest } from './input-digest.js';
import { runJournaled } from './run-journaled.js';
import { askApproval } from './ask-approval.js';
import { runStage } from './run-stage.js';
import type { StepExecutionContext, StepTool } from './step-execution-context.js';
import { validateToolInput } from './validate-tool-input.js';
import type { ToolPolicy } from './tool-policy.js';
import { signToolApproval } from './approval-signature.js';
import type { ToolApprover } from './permission.js';

/**
 * Runs one tool call through the one pipeline every tool crosses — direct, discovered,
 * required, `tool_search`, and nested calls (code mode) alike (C4):
 *
 * 1. availability guard against the step-start snapshot (C14)
 * 2. input validation (a message naming the bad fields)
 * 3. permission: `allow` / `deny` / `ask` (→ the approver, with its own timeout)
 * 3b. the tool's own `needsApproval` (AI SDK): `true`, or a function answering true for this
 *    input, sends the call to the approver even after a permission `allow`; with no approver
 *    it is denied (see askApproval) — or, with `awaitPerson`, it ends `awaiting-approval` (C27)
 * 3c. with `awaitPerson`, a tool without `execute` (a client-side tool) ends `awaiting-client`
 * 4. durable execution record: the operation id; a completed call is replayed from the journal
 *    (unless the tool's policy says `replayable: false`)
 * 5. execute (its abort signal fires on the call's timeout or the turn's cancellation)
 * 6. output truncation of what the model receives (head and tail kept, a note in between),
 *    unless the tool's policy says `truncateOutput: false`
 * 7. artifacts: the whole output of a truncated result is stored; the note says how to read it
 *
 * The tool and its {@link ToolPolicy} come from the step's tool table (`context.resolveTool`):
 * no stage looks at a tool's name to decide what to do with its calls.
 *
 * Time (C4): the tool's timeout (`timeout.toolMs`, or `timeout.perToolMs[name]`) bounds the
 * whole call, stages 2–7, except the approver's wait, which is paused out of it and has
 * `timeout.approvalMs` of its own (see {@link createCallBudget}). A stage that does not settle
 * in time ends the call with `timedOut: true` and a message naming the stage: an `error` before
 * or during `execute` (and in `toModelOutput`); after it, the result is kept and `journalError`
 * or the truncation note says what was not done.
 *
 * Cancellation (C17): every stage awaits under the call's signal, and the signal is checked
 * right before `execute` and after every await, so once the turn's signal has aborted no later
 * stage begins: the call ends `cancelled` ("it did not run" unless `execute` had begun).
 *
 * Never throws for a tool's sake: every failure — whatever value a tool or a callback throws —
 * is a {@link TurnToolResult} whose `output` is a message the model can read (STYLE 9). Only a
 * broken runtime (e.g. a clock that throws) rejects.
 *
 * For a nested call, pass the enclosing step's `context` and a `call` whose `toolCallId` is
 * unique in the turn (e.g. `${exec.toolCallId}/1`); `operationId` overrides the derived one.
 */
export async function executeToolCall(options: {
  readonly call: TurnToolCall;
  readonly context: StepExecutionContext;
  /** The call's operation id; default: the runtime's `operationId` option (`${turnId}:${stepIndex}:${toolCallId}`, C29). */
  readonly operationId?: string;
  /**
   * The call may wait for a person (C27): with no `approver`, a call that needs approval ends
   * `awaiting-approval` (with its `approvalRequest`: approval id `approval:<turnId>:<stepIndex>:<toolCallId>`,
   * signed with `toolApprovalSecret` when set), and a tool without `execute` ends `awaiting-client`,
   * instead of an error. Default false (a nested call cannot wait: it is denied / an error).
   */
  readonly awaitPerson?: boolean;
  /** A person approved this call in the request's messages (C27): an `ask` of the permission check or of `needsApproval` is answered `allow`. Default false. */
  readonly approvedByPerson?: boolean;
}): Promise<TurnToolResult> {
  const { call, context } = options;
  const finish = createResultFinisher(call, context.now);

  // 1. availability
  const unavailable = checkAvailability(call.toolName, context);
  if (unavailable !== undefined) return finish(unavailable.outcome, unavailable.message);
  const stepTool = context.resolveTool(call.toolName);
  if (stepTool === undefined) return finish('rejected-unknown', `There is no tool named ${JSON.stringify(call.toolName)}.`);

  // from here on the call's budget runs, and every await sits under its signal
  const budget = createCallBudget({ turnSignal: context.abortSignal, timeoutMs: context.pipeline.timeoutMsOf(call.toolName) });
  try {
    return await runPipeline(options, stepTool, budget, finish);
  } catch (error) {
    // a bug of the pipeline itself; the turn goes on with a result the model can read
    return finish('error', `${call.toolName} failed in the execution pipeline: ${describeThrown(error)}`);
  } finally {
    budget.dispose();
  }
}

type Finish = ResultFinisher;

/** Stages 2–7 of {@link executeToolCall}, under `budget`. */
async function runPipeline(options: Parameters<typeof executeToolCall>[0], stepTool: StepTool, budget: CallBudget, finish: Finish): Promise<TurnToolResult> {
  const { call, context } = options;
  const { tool, policy } = stepTool;
  const { pipeline } = context;
  const stopped = (stop: CallStop, extra: Partial<TurnToolResult> = {}) => {
    const { outcome, message, timedOut } = describeCallStop(stop, { toolName: call.toolName, turnEnded: context.abortSignal.aborted, timeoutMs: budget.timeoutMs });
    return finish(outcome, message, undefined, { ...extra, ...(timedOut ? { timedOut } : {}) });
  };

  // 2. input validation
  const validation = await runStage(budget.signal, () =>
    validateToolInput({ toolName: call.toolName, input: call.input, schema: tool.inputSchema, unparsable: call.unparsableInput === true }),
  );
  if (validation.status === 'stopped') return stopped({ stopped: 'input validation', ran: false });
  if (validation.status === 'threw') return finish('error', `${call.toolName} did not run: its input schema failed while validating (${describeThrown(validation.error)}).`);
  if (!validation.value.ok) return finish('invalid-input', validation.value.message);
  const input = validation.value.value;

  // 3. permission; the check gets its own copy: changing it cannot change what execute receives
  // (with no check nothing reads the request, so the copy is skipped)
  const approvedByPerson = options.approvedByPerson === true;
  const awaitPerson = options.awaitPerson === true;
  const awaitingApproval = (reason: string | undefined) => {
    const approvalId = `approval:${context.turnId}:${context.stepIndex}:${call.toolCallId}`;
    const secret = pipeline.toolApprovalSecret;
    const signature = secret === undefined ? undefined : signToolApproval({ secret, approvalId, toolCallId: call.toolCallId, toolName: call.toolName, input: call.input });
    const approvalRequest = { approvalId, ...(reason === undefined ? {} : { reason }), ...(signature === undefined ? {} : { signature }) };
    return finish('awaiting-approval', `${call.toolName} awaits a person's approval${reason === undefined ? '' : ` (${reason})`}`, undefined, { approvalRequest });
  };
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
    approver: approvedByPerson ? approvedAlready : pipeline.approver,
    approvalTimeoutMs: pipeline.approvalTimeoutMs,
    budget,
    awaitPerson,
  });
  if (isCallStop(verdict)) return stopped(verdict);
  if (verdict.type === 'deny') return finish('denied', `Permission denied for ${call.toolName}: ${verdict.reason}`);
  if (verdict.type === 'await-approval') return awaitingApproval(verdict.reason);
  // 3b. the tool's own needsApproval asks the approver, even after a permission allow (not twice after an approval)
  if (!verdict.approved && !approvedByPerson) {
    const demanded = await askApproval({ tool, call, input, context, budget, awaitPerson });
    if (isCallStop(demanded)) return stopped(demanded);
    if (demanded.type === 'deny') return finish('denied', `Permission denied for ${call.toolName}: ${demanded.reason}`);
    if (demanded.type === 'await-approval') return awaitingApproval(demanded.reason);
  }
  // 3c. a client-side tool: its output comes with a later request (C27)
  if (awaitPerson && !hasExecute(tool)) {
    return finish('awaiting-client', `${call.toolName} has no execute function on this runtime: the client runs it and sends its output with the next request`);
  }
  // a permission answer that arrives after the turn ended must not start the tool (C17)
  if (budget.signal.aborted) return stopped({ stopped: 'permission check', ran: false });

  // 4. durable execution record, around 5. execute
  const operationId = options.operationId ?? deriveOperationId(context, call, input);
  if (typeof operationId !== 'string') {
    return finish('error', `${call.toolName} did not run: no operation id (${operationId.error}).`);
  }
  const signal = budget.signal;
  const journaled = await runJournaled({
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
    replayable: policy.replayable,
    now: context.now,
    signal,
    timedOut: budget.timedOut,
    timeoutMs: budget.timeoutMs,
    run: () => runExecute({ tool, policy, call, input, context, signal, timeoutMs: budget.timeoutMs, timedOut: budget.timedOut }),
  });
  if (isCallStop(journaled)) return stopped(journaled, { operationId, replayed: false });
  const { result } = journaled;
  const extra: Partial<TurnToolResult> = {
    operationId,
    replayed: journaled.replayed,
    ...(result.timedOut === true || journaled.timedOut === true ? { timedOut: true } : {}),
    ...(journaled.journalError === undefined ? {} : { journalError: journaled.journalError }),
  };

  // 6. output truncation, 7. artifacts; a tool whose policy says so keeps its output whole
  const stored = await storeTruncatedOutput({ output: result.modelOutput, truncates: policy.truncateOutput, call, operationId, context, signal, timedOut: budget.timedOut, timeoutMs: budget.timeoutMs });
  if (stored === undefined) return finish(result.outcome, result.output, result.modelOutput, extra);
  if (isCallStop(stored)) return stopped(stored, { operationId, replayed: journaled.replayed });
  return finish(result.outcome, result.output, stored.modelOutput, { ...extra, ...stored.details });
}

/** The approver of a call a person already approved in the request's messages (C27). */
const approvedAlready: ToolApprover = () => ({ type: 'allow' });

function hasExecute(tool: Tool): boolean {
  try {
    return typeof tool.execute === 'function';
  } catch {
    // a getter that throws: the execute stage reports it
    return true;
  }
}

function deriveOperationId(context: StepExecutionContext, call: TurnToolCall, input: unknown): string | { error: string } {
  const { operationIdOf } = context.pipeline;
  if (operationIdOf === defaultOperationId) return defaultOperationId({ turnId: context.turnId, stepIndex: context.stepIndex, toolCallId: call.toolCallId, toolName: call.toolName, input });
  try {
    // the caller's function gets its own copy of the input, like the permission check
    const id = operationIdOf({ turnId: context.turnId, stepIndex: context.stepIndex, toolCallId: call.toolCallId, toolName: call.toolName, input: copyOf(input) });
    if (typeof id === 'string' && id !== '') return id;
    // a promise (an async option) is not waited for; its rejection must not go unhandled
    if (isThenable(id)) Promise.resolve(id).catch(() => undefined);
    return { error: `the operationId option returned ${typeof id === 'string' ? '""' : isThenable(id) ? 'a Promise (it must return the id synchronously)' : describeThrown(id)}, not a non-empty string` };
  } catch (error) {
    return { error: `the operationId option failed: ${describeThrown(error)}` };
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  try {
    return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return false;
  }
}

function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
