import type { ToolResultPart } from 'ai';
import type { TurnCallAnswer, TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import { describeThrown } from '../errors/describe-thrown.js';
import { approvalInputDigest, verifyToolApproval } from './approval-signature.js';
import { openCallKey, type OpenCallClaim } from './approval-store.js';
import { executeToolCall } from './execute-tool-call.js';
import { runStage } from './run-stage.js';
import { createResultFinisher, type ResultFinisher } from './create-result-finisher.js';
import { isCallStop } from './call-stop.js';
import { defaultOperationId } from './execution-pipeline-settings.js';
import { storeTruncatedOutput } from './store-truncated-output.js';
import type { StepExecutionContext } from './step-execution-context.js';

/**
 * Settles a call an earlier turn left open for a person, with the answer this turn's messages
 * carry for it (C27), in the answering step. Only an answer to a request this runtime issued
 * counts, once, for the same call:
 *
 * - an approval: its request's `signature` must verify when `toolApprovalSecret` is set; then the
 *   approval store must hold the request, unanswered (`claim`), for the same tool call id, tool
 *   name and input digest. Approved: the call runs through the whole pipeline (C4) with the
 *   permission check's and `needsApproval`'s `ask` answered by the person (`approvedByPerson`); a
 *   permission `deny` still denies. Denied: outcome `denied`, and the model gets ai's
 *   `{ type: 'execution-denied', reason }`, as `streamText` gives it.
 * - a client-side tool's output: the store must hold an open call with the same tool call id,
 *   tool name and input digest (claimed by its key, openCallKey); the model then gets the client's
 *   output (outcome `ok`; `error` for an `error-text` / `error-json` output, `denied` for
 *   `execution-denied`, as the client said) through the output truncation and artifact stages (C4, S11) as a
 *   server tool's output: over `outputLimit` it reads head, note and tail, the whole output is
 *   stored under the call's default operation id (`turnId:stepIndex:toolCallId`), and
 *   `result.output` keeps the value whole; unless the tool's policy says `truncateOutput: false`.
 * - an approval whose tool this turn cannot run (its ceiling leaves it out, or the runtime no
 *   longer has it): outcome `rejected-answer`, checked before the claim, so the request stays
 *   open for a turn that binds the tool.
 * - anything else — no such request (forged), one already answered (replayed), another tool or
 *   input (altered), a signature that does not verify, no answer at all — runs nothing: outcome
 *   `rejected-answer`, and the model gets a tool error saying why.
 *
 * The availability guard of an approved call is the step that issued the request (the tool was
 * visible there): `context.visible` of the answering step holds the answered calls' tools only,
 * and the answer makes no other tool callable. Never throws: a store that throws is an `error`
 * result; a turn that ends first, `cancelled` (the store's claim, once taken, stays taken).
 */
export async function answerOpenCall(options: {
  readonly call: TurnToolCall;
  readonly answer: TurnCallAnswer;
  readonly context: StepExecutionContext;
}): Promise<TurnToolResult> {
  const { call, answer, context } = options;
  const finish = createResultFinisher(call, context.now);
  const refused = (why: string) => finish('rejected-answer', `${call.toolName} did not run: ${why}.`);

  if (answer.type === 'refused') return refused(answer.why);
  if (answer.type === 'none') {
    return refused(
      answer.approvalId === undefined
        ? 'the request carried no output from the client for this call'
        : `the request carried no tool-approval-response to its approval request ${JSON.stringify(answer.approvalId)}; call it again if it is still needed`,
    );
  }
  // checked before the claim, so the request stays open for a turn that binds the tool
  if (answer.type === 'approval' && context.resolveTool(call.toolName) === undefined) {
    return refused(
      `${JSON.stringify(call.toolName)} is not bound to this turn (its boundTools or profile leave it out, or the runtime no longer has it), so approval request ${JSON.stringify(answer.approvalId)} cannot run here; it stays open: answer it in a turn that binds the tool`,
    );
  }
  const secret = context.pipeline.toolApprovalSecret;
  if (answer.type === 'approval' && secret !== undefined) {
    const signed = verifyToolApproval({ secret, signature: answer.signature, approvalId: answer.approvalId, toolCallId: call.toolCallId, toolName: call.toolName, input: call.input });
    if (!signed) return refused(`the signature of approval request ${JSON.stringify(answer.approvalId)} is ${answer.signature === undefined ? 'missing' : 'not valid for this call'} (a forged or altered request)`);
  }
  const inputDigest = digestOf(call.input);
  if (answer.type === 'client-output' && inputDigest === undefined) return refused('its input has no JSON form, so it matches no open call');
  const key =
    answer.type === 'approval'
      ? openCallKey({ kind: 'approval', approvalId: answer.approvalId })
      : openCallKey({ kind: 'client', toolCallId: call.toolCallId, toolName: call.toolName, inputDigest: inputDigest! });
  const what = answer.type === 'approval' ? `approval request ${JSON.stringify(answer.approvalId)}` : `an open call ${JSON.stringify(call.toolCallId)} of a client-side tool`;
  const store = context.pipeline.approvalStore;
  const claimed = await runStage(context.abortSignal, () => store.claim(key));
  if (claimed.status === 'stopped') return finish('cancelled', `The turn ended before ${call.toolName} started; it did not run.`);
  if (claimed.status === 'threw') return finish('error', `${call.toolName} did not run: the approval store failed (${describeThrown(claimed.error)}).`);
  const claim = readClaim(claimed.value);
  if (claim.status === 'unknown') {
    return refused(
      answer.type === 'approval'
        ? `this runtime issued no ${what} (a forged answer, or one from another runtime)`
        : `this runtime left no ${what} open with this tool and input (a forged answer, one from another runtime, or its tool or input was altered)`,
    );
  }
  if (claim.status === 'answered') return refused(`${what} was already answered (a replayed answer)`);
  const { record } = claim;
  if (record.kind !== (answer.type === 'approval' ? 'approval' : 'client') || record.toolCallId !== call.toolCallId || record.toolName !== call.toolName || record.inputDigest !== inputDigest) {
    return refused(`the call in the messages is not the one ${what} was issued for (its tool or input was altered)`);
  }
  if (answer.type === 'client-output') return finishClientOutput(call, answer.output, context, finish);
  if (!answer.approved) {
    const reason = answer.reason;
    const modelOutput = { type: 'execution-denied', ...(reason === undefined ? {} : { reason }) };
    return finish('denied', `${call.toolName} was denied by a person${reason === undefined ? '' : `: ${reason}`}`, modelOutput);
  }
  const { answer: _answer, ...approved } = call;
  return executeToolCall({ call: approved, context, approvedByPerson: true, awaitPerson: true });
}

/** A client's accepted output as the call's result: truncated and stored as a server tool's output is (C4, S11). */
async function finishClientOutput(call: TurnToolCall, output: unknown, context: StepExecutionContext, finish: ResultFinisher): Promise<TurnToolResult> {
  const type = (output as { type?: unknown }).type;
  // the client's own failure or refusal is that, not a success: as a server tool's error or a person's denial
  const outcome = type === 'error-text' || type === 'error-json' ? 'error' : type === 'execution-denied' ? 'denied' : 'ok';
  const reason = (output as { reason?: unknown }).reason;
  const value = outcome === 'denied' ? `${call.toolName} was denied by the client${typeof reason === 'string' ? `: ${reason}` : ''}` : outputValueOf(output);
  const truncates = context.resolveTool(call.toolName)?.policy.truncateOutput ?? true;
  const operationId = defaultOperationId({ turnId: context.turnId, stepIndex: context.stepIndex, toolCallId: call.toolCallId, toolName: call.toolName, input: call.input });
  const stored = await storeTruncatedOutput({ output, truncates, call, operationId, context });
  if (stored === undefined) return finish(outcome, value, output);
  if (isCallStop(stored)) return finish('cancelled', `The turn ended while ${call.toolName}'s output from the client was stored; the model did not get it.`);
  return finish(outcome, value, stored.modelOutput, stored.details);
}

/** A store's answer read once into plain data: anything else than its three shapes is `unknown`. */
function readClaim(claim: OpenCallClaim | undefined): OpenCallClaim {
  if (claim === null || typeof claim !== 'object') return { status: 'unknown' };
  if (claim.status === 'answered') return { status: 'answered' };
  if (claim.status === 'claimed' && claim.record !== null && typeof claim.record === 'object') return { status: 'claimed', record: { ...claim.record } };
  return { status: 'unknown' };
}

function digestOf(input: unknown): string | undefined {
  try {
    return approvalInputDigest(input);
  } catch {
    return undefined;
  }
}

/** The value inside a client's tool result output (`{ type: 'json', value }` → value), as the call's `output`. */
function outputValueOf(output: unknown): unknown {
  const part = output as ToolResultPart['output'] | undefined;
  return part !== null && typeof part === 'object' && 'value' in part ? part.value : part;
}
