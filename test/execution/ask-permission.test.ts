import { describe, expect, it } from 'vitest';
import { askPermission } from '../../src/execution/ask-permission.js';
import { createCallBudget } from '../../src/execution/create-call-budget.js';
import type { ApprovalRequest, PermissionCheck, PermissionRequest, ToolApprover } from '../../src/execution/permission.js';

const request: PermissionRequest = { turnId: 't', stepIndex: 0, toolCallId: 'c1', toolName: 'Bash', input: { command: 'ls' }, origin: 'direct' };
const ask: PermissionCheck = () => ({ type: 'ask', reason: 'runs a shell command' });
const run = (options: { permission?: PermissionCheck; approver?: ToolApprover; approvalTimeoutMs?: number; signal?: AbortSignal }) =>
  askPermission({
    request,
    permission: options.permission,
    approver: options.approver,
    approvalTimeoutMs: options.approvalTimeoutMs ?? 1_000,
    budget: createCallBudget({ turnSignal: options.signal ?? new AbortController().signal, timeoutMs: 0 }),
  });

describe('askPermission: allow / deny / ask with an async approver', () => {
  it('no permission check allows; allow and deny are taken as they are', async () => {
    expect(await run({})).toEqual({ type: 'allow', approved: false });
    expect(await run({ permission: () => ({ type: 'allow' }) })).toEqual({ type: 'allow', approved: false });
    expect(await run({ permission: async () => ({ type: 'deny', reason: 'read-only' }) })).toEqual({ type: 'deny', reason: 'read-only' });
  });

  it('ask: the approver gets the request, the reason and a signal, and its allow runs the call', async () => {
    const asked: ApprovalRequest[] = [];
    const verdict = await run({
      permission: ask,
      approver: async (approval) => {
        asked.push(approval);
        return { type: 'allow' };
      },
    });
    expect(verdict).toEqual({ type: 'allow', approved: true });
    expect(asked[0]).toMatchObject({ ...request, reason: 'runs a shell command' });
    expect(asked[0]!.abortSignal.aborted).toBe(false);
  });

  it('ask: the approver denies with its reason', async () => {
    const verdict = await run({ permission: ask, approver: async () => ({ type: 'deny', reason: 'not on prod' }) });
    expect(verdict).toEqual({ type: 'deny', reason: 'the approver denied it: not on prod' });
  });

  it('ask: an approver that does not answer in time denies, and its signal fires', async () => {
    let signal: AbortSignal | undefined;
    const verdict = await run({
      permission: ask,
      approvalTimeoutMs: 30,
      approver: (approval) => {
        signal = approval.abortSignal;
        return new Promise(() => undefined);
      },
    });
    expect(verdict).toEqual({ type: 'deny', reason: 'the call needs approval (runs a shell command) and none came within 30 ms' });
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as Error).name).toBe('TimeoutError');
  });

  it('ask: a missing approver, one that throws, and one that answers nonsense all deny with the reason', async () => {
    expect(await run({ permission: ask })).toEqual({ type: 'deny', reason: 'the call needs approval (runs a shell command) and no approver is configured' });
    expect(
      await run({
        permission: ask,
        approver: async () => {
          throw new Error('pager down');
        },
      }),
    ).toEqual({ type: 'deny', reason: 'the call needs approval (runs a shell command) and the approver failed: pager down' });
    expect(await run({ permission: ask, approver: async () => ({ type: 'maybe' }) as never })).toEqual({
      type: 'deny',
      reason: 'the approver returned neither allow nor deny',
    });
  });

  it('a permission check that throws or answers nonsense denies', async () => {
    const throwing: PermissionCheck = () => {
      throw new Error('policy down');
    };
    expect(await run({ permission: throwing })).toEqual({ type: 'deny', reason: 'the permission check failed: policy down' });
    expect(await run({ permission: () => undefined as never })).toEqual({ type: 'deny', reason: 'the permission check returned neither allow, deny nor ask' });
  });

  it('a decision whose reason is not a string, or that cannot be read, denies with readable text', async () => {
    expect(await run({ permission: () => ({ type: 'deny', reason: Object.create(null) as string }) })).toEqual({ type: 'deny', reason: 'an object with no message ({})' });
    expect(await run({ permission: ask, approver: async () => ({ type: 'deny', reason: 10n as unknown as string }) })).toEqual({ type: 'deny', reason: 'the approver denied it: 10n' });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(await run({ permission: () => proxy as never })).toEqual({
      type: 'deny',
      reason: "the permission check failed: Cannot perform 'get' on a proxy that has been revoked",
    });
  });

  it("the turn's cancellation aborts the approver's signal and stops the call without waiting for its answer", async () => {
    const turn = new AbortController();
    let signal: AbortSignal | undefined;
    const verdict = run({
      permission: ask,
      approvalTimeoutMs: 0,
      signal: turn.signal,
      approver: (approval) => {
        signal = approval.abortSignal;
        return new Promise((resolve) => approval.abortSignal.addEventListener('abort', () => resolve({ type: 'deny', reason: 'withdrawn' })));
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    turn.abort(new Error('cancelled'));
    expect(await verdict).toEqual({ stopped: 'permission check', ran: false });
    expect(signal?.aborted).toBe(true);
  });
});
