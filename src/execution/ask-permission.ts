import { describeThrown } from '../errors/describe-thrown.js';
import type { CallBudget } from './create-call-budget.js';
import type { CallStop } from './call-stop.js';
import type { ApprovalDecision, PermissionCheck, PermissionDecision, PermissionRequest, ToolApprover } from './permission.js';
import { runStage } from './run-stage.js';
import { timeoutSignal } from './timeout-signal.js';

/**
 * The verdict of the permission stage: run the call, deny it with a reason for the model, or —
 * only when the caller lets it (`awaitPerson`) and no approver is configured — let a person
 * answer in a later request (C27; `reason`: why it needs approval, if one was given).
 */
export type PermissionVerdict =
  | { readonly type: 'allow'; readonly approved: boolean }
  | { readonly type: 'deny'; readonly reason: string }
  | { readonly type: 'await-approval'; readonly reason: string | undefined };

/**
 * The permission stage of the pipeline (C4): asks `permission` (no check allows everything)
 * under the call's budget; an `ask` answer goes to `approver`, whose wait is outside the
 * budget (see {@link CallBudget.excluding}) and has `approvalTimeoutMs` of its own. A check or an
 * approver that throws (any value), answers something else, or is missing denies, and the
 * reason says why. Never throws.
 *
 * @param options.approvalTimeoutMs milliseconds; `0` waits for the approver as long as the turn runs.
 * @param options.budget the call's budget: its signal bounds the check; the approver's signal
 *   fires when the turn ends or `approvalTimeoutMs` pass.
 * @returns a {@link CallStop} in `permission check` when the budget's signal aborted (the turn
 *   ended, the budget was spent — or, while the approver was asked, the turn ended).
 */
export async function askPermission(options: {
  readonly request: PermissionRequest;
  readonly permission: PermissionCheck | undefined;
  readonly approver: ToolApprover | undefined;
  readonly approvalTimeoutMs: number;
  readonly budget: CallBudget;
  /** An `ask` with no approver awaits a person (`await-approval`) instead of being denied. Default false. */
  readonly awaitPerson?: boolean;
}): Promise<PermissionVerdict | CallStop> {
  const { request, permission, approver, budget } = options;
  if (permission === undefined) return { type: 'allow', approved: false };
  const stop: CallStop = { stopped: 'permission check', ran: false };
  const checked = await runStage(budget.signal, async () => readDecision(await permission(request)));
  if (checked.status === 'stopped') return stop;
  if (checked.status === 'threw') return { type: 'deny', reason: `the permission check failed: ${describeThrown(checked.error)}` };
  const decision = checked.value;
  if (decision?.type === 'allow') return { type: 'allow', approved: false };
  if (decision?.type === 'deny') return { type: 'deny', reason: decision.reason || 'no reason given' };
  if (decision?.type !== 'ask') return { type: 'deny', reason: 'the permission check returned neither allow, deny nor ask' };

  const why = decision.reason ? ` (${decision.reason})` : '';
  if (approver === undefined && options.awaitPerson === true) return { type: 'await-approval', reason: decision.reason };
  if (approver === undefined) return { type: 'deny', reason: `the call needs approval${why} and no approver is configured` };
  const approvalMs = options.approvalTimeoutMs;
  const asked = await budget.excluding(async () => {
    // inside `excluding` the budget's signal is the turn's
    const timed = approvalMs === 0 ? undefined : timeoutSignal(budget.signal, approvalMs);
    try {
      return await runStage(timed?.signal ?? budget.signal, async (abortSignal) => readDecision(await approver({ ...request, reason: decision.reason, abortSignal })));
    } finally {
      timed?.dispose();
    }
  });
  if (asked.status === 'stopped') {
    return budget.signal.aborted ? stop : { type: 'deny', reason: `the call needs approval${why} and none came within ${approvalMs} ms` };
  }
  if (asked.status === 'threw') return { type: 'deny', reason: `the call needs approval${why} and the approver failed: ${describeThrown(asked.error)}` };
  const answer = asked.value;
  if (answer?.type === 'allow') return { type: 'allow', approved: true };
  if (answer?.type === 'deny') return { type: 'deny', reason: `the approver denied it: ${answer.reason || 'no reason given'}` };
  return { type: 'deny', reason: 'the approver returned neither allow nor deny' };
}

/**
 * The decision's `type` and `reason`, read once into a plain object: a decision is user data
 * (getters, a Proxy) and a reason that is not a string is shown as text, never trusted.
 */
function readDecision(decision: PermissionDecision | ApprovalDecision | undefined): { type: unknown; reason: string | undefined } | undefined {
  if (decision === null || typeof decision !== 'object') return undefined;
  const type: unknown = decision.type;
  const reason: unknown = (decision as { reason?: unknown }).reason;
  return { type, reason: reason === undefined || reason === null || typeof reason === 'string' ? (reason ?? undefined) : describeThrown(reason) };
}
