import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { ApprovalStore, OpenCallClaim, OpenCallRecord } from './approval-store.js';

/** The default approval store: open and answered calls in memory, for the life of the runtime. */
export interface MemoryApprovalStore extends ApprovalStore {
  issue(record: OpenCallRecord): void;
  claim(id: string): OpenCallClaim;
  /** Every record kept, oldest issue first, with whether it was claimed. */
  entries(): { readonly record: OpenCallRecord; readonly answered: boolean }[];
}

/** Default `maxEntries` of {@link createMemoryApprovalStore}. */
export const DEFAULT_MEMORY_APPROVAL_STORE_MAX_ENTRIES = 10_000;

/**
 * An {@link ApprovalStore} in memory (C27). Ids are kept in a Map, so any string (`__proto__`)
 * is an id like another. An answered record is kept (marked answered), so a replayed answer is
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
  return {
    issue(record) {
      records.delete(record.id);
      records.set(record.id, { record: { ...record }, answered: false });
      for (const oldest of records.keys()) {
        if (records.size <= maxEntries) break;
        records.delete(oldest);
      }
    },
    claim(id) {
      const entry = records.get(id);
      if (entry === undefined) return { status: 'unknown' };
      if (entry.answered) return { status: 'answered' };
      entry.answered = true;
      return { status: 'claimed', record: { ...entry.record } };
    },
    entries: () => [...records.values()].map(({ record, answered }) => ({ record: { ...record }, answered })),
  };
}
