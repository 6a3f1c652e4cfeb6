import type { ApprovalStore, OpenCallClaim } from '../execution/approval-store.js';
import type { DurableStepRunner } from './durable-step-runner.js';

/**
 * An approval store (C27) whose answers are journaled steps of `runner`, for a durable turn:
 * `issue(record)` is the step `approval-issue:<record id>#<n>` and `claim(key)` the step
 * `approval-claim:<key>#<n>` (n counting this execution's calls with that name, from 0), so a
 * re-execution replays what the store answered instead of asking it again. Without it a claim
 * ran again on every replay of the answering turn (over HTTP/1.1 Restate replays after each
 * step), the store answered `answered` the second time, the approved call was refused instead
 * of run, and the replay no longer matched the journal. What `store` throws is recorded as its
 * message and thrown again (the pipeline makes it an `error` result, as in any turn).
 */
export function durableApprovalStore(store: ApprovalStore, runner: DurableStepRunner): ApprovalStore {
  const seen = new Map<string, number>();
  const nameOf = (base: string) => {
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}#${n}`;
  };
  const journaled = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
    const recorded = await runner.run<{ ok: true; value: T } | { ok: false; message: string }>(nameOf(name), async () => {
      try {
        return { ok: true, value: await fn() };
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    });
    if (!recorded.ok) throw new Error(recorded.message);
    return recorded.value;
  };
  return {
    issue: async (record) => {
      await journaled(`approval-issue:${record.id}`, async () => (await store.issue(record), null));
    },
    claim: (key) => journaled<OpenCallClaim>(`approval-claim:${key}`, () => store.claim(key)),
  };
}
