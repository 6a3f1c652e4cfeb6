import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { ApprovalStore, OpenCallClaim, OpenCallRecord } from './approval-store.js';

/** The default approval store: open and answered calls in memory, for the life of the runtime. */
export interface MemoryApprovalStore extends ApprovalStore {
  issue(record: OpenCallRecord): void;
  claim(key: string): OpenCallClaim;
  /** Every record kept, oldest issue first, with whether it was claimed. */
  entries(): { readonly record: OpenCallRecord; readonly answered: boolean }[];
}

/** Default `maxEntries` of {@link createMemoryApprovalStore}. */
export const DEFAULT_MEMORY_APPROVAL_STORE_MAX_ENTRIES = 10_000;

/**
 * An {@link ApprovalStore} in memory (C27). Ids and keys are kept in Maps, so any string
 * (`__proto__`) is an id like another; records that share a key coexist, and a claim takes the
 * oldest open one. An answered record is kept (marked answered), so a replayed answer is
 * told apart from a forged one; past `maxEntries` (default 10,000) the oldest record is dropped, and
 * an answer to it is then `unknown`. Lost with the process: with several processes, or answers
 * that may come after a restart, give the runtime a shared store.
 *
 * @throws {InvalidOptionError} when `maxEntries` is not a whole number ≥ 1.
 */
export function createMemoryApprovalStore(options: { readonly maxEntries?: number } = {}): MemoryApprovalStore {
  const maxEntries = options.maxEntries ?? DEFAULT_MEMORY_APPROVAL_STORE_MAX_ENTRIES;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new InvalidOptionError({ option: 'maxEntries', value: maxEntries, expected: 'a whole number ≥ 1' });
  }
  const records = new Map<string, { record: OpenCallRecord; answered: boolean }>();
  const byKey = new Map<string, Set<string>>();
  const remove = (id: string) => {
    const entry = records.get(id);
    if (entry === undefined) return;
    records.delete(id);
    const key = entry.record.key ?? id;
    byKey.get(key)?.delete(id);
    if (byKey.get(key)?.size === 0) byKey.delete(key);
  };
  return {
    issue(record) {
      remove(record.id);
      records.set(record.id, { record: { ...record }, answered: false });
      const key = record.key ?? record.id;
      byKey.set(key, (byKey.get(key) ?? new Set()).add(record.id));
      for (const oldest of records.keys()) {
        if (records.size <= maxEntries) break;
        remove(oldest);
      }
    },
    claim(key) {
      const entries = [...(byKey.get(key) ?? [])].map((id) => records.get(id)!);
      if (entries.length === 0) return { status: 'unknown' };
      const entry = entries.find((candidate) => !candidate.answered);
      if (entry === undefined) return { status: 'answered' };
      entry.answered = true;
      return { status: 'claimed', record: { ...entry.record } };
    },
    entries: () => [...records.values()].map(({ record, answered }) => ({ record: { ...record }, answered })),
  };
}
