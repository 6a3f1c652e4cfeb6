import type { ApprovalDecision, PermissionCheck, PermissionRequest, ToolApprover } from './permission.js';
import { runWithTimeout } from './run-with-timeout.js';

/** The verdict of the permission stage: run the call, or deny it with a reason for the model. */
export type PermissionVerdict =
  | { readonly type: 'allow'; readonly approved: boolean }
  | { readonly type: 'deny'; readonly reason: string };

/**
 * The permission stage of the pipeline (C4): asks `permission` (no check allows everything);
 * an `ask` answer goes to `approver`, which has `approvalTimeoutMs` to answer. A check or an
 * approver that throws, answers something else, or is missing denies, and the reason says why.
 * Never throws.
 *
 * @param options.approvalTimeoutMs milliseconds; `0` waits for the approver forever.
 * @param options.signal the turn's abort signal; the approver's signal also fires on it.
 */
export async function askPermission(options: {
  readonly request: PermissionRequest;
  readonly permission: PermissionCheck | undefined;
  readonly approver: ToolApprover | undefined;
  readonly approvalTimeoutMs: number;
  readonly signal: AbortSignal;
}): Promise<PermissionVerdict> {
  const { request, permission, approver } = options;
  if (permission === undefined) return { type: 'allow', approved: false };
  let decision: Awaited<ReturnType<PermissionCheck>> | undefined;
  try {
    decision = await permission(request);
  } catch (error) {
    return { type: 'deny', reason: `the permission check failed: ${messageOf(error)}` };
  }
  if (decision?.type === 'allow') return { type: 'allow', approved: false };
  if (decision?.type === 'deny') return { type: 'deny', reason: decision.reason || 'no reason given' };
  if (decision?.type !== 'ask') return { type: 'deny', reason: 'the permission check returned neither allow, deny nor ask' };

  const why = decision.reason ? ` (${decision.reason})` : '';
  if (approver === undefined) return { type: 'deny', reason: `the call needs approval${why} and no approver is configured` };
  let answer: ApprovalDecision | undefined;
  try {
    const run = await runWithTimeout({
      timeoutMs: options.approvalTimeoutMs,
      signal: options.signal,
      run: async (abortSignal) => approver({ ...request, reason: decision.reason, abortSignal }),
    });
    if (run.timedOut) return { type: 'deny', reason: `the call needs approval${why} and none came within ${options.approvalTimeoutMs} ms` };
    answer = run.value;
  } catch (error) {
    return { type: 'deny', reason: `the call needs approval${why} and the approver failed: ${messageOf(error)}` };
  }
  if (answer?.type === 'allow') return { type: 'allow', approved: true };
  if (answer?.type === 'deny') return { type: 'deny', reason: `the approver denied it: ${answer.reason || 'no reason given'}` };
  return { type: 'deny', reason: 'the approver returned neither allow nor deny' };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
