import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { ExecutionJournal, ExecutionJournalEntry } from './execution-journal.js';

/** The default journal: entries in memory, for the life of the runtime. */
export interface MemoryJournal extends ExecutionJournal {
  read(operationId: string): ExecutionJournalEntry | undefined;
  write(entry: ExecutionJournalEntry): void;
  /** Every entry, oldest write first. */
  entries(): ExecutionJournalEntry[];
}

/** Default `maxEntries` of {@link createMemoryJournal}. */
export const DEFAULT_MEMORY_JOURNAL_MAX_ENTRIES = 1_000;

/**
 * An {@link ExecutionJournal} in memory: it lets a step retried in the same process (the same
 * turn id, step index and tool call ids) skip calls that completed, and is lost with the process. For
 * retries after a real crash, give the runtime a journal over durable storage.
 *
 * @param options.maxEntries entries kept (default 1,000); past it, the least recently written
 *   is dropped, so a long-lived runtime does not grow without bound.
 * @throws {InvalidOptionError} when `maxEntries` is not a whole number ≥ 1.
 */
export function createMemoryJournal(options: { readonly maxEntries?: number } = {}): MemoryJournal {
  const maxEntries = options.maxEntries ?? DEFAULT_MEMORY_JOURNAL_MAX_ENTRIES;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new InvalidOptionError({ option: 'maxEntries', value: maxEntries, expected: 'a whole number ≥ 1' });
  }
  const entries = new Map<string, ExecutionJournalEntry>();
  return {
    read: (operationId) => entries.get(operationId),
    write(entry) {
      entries.delete(entry.operationId);
      entries.set(entry.operationId, entry);
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    entries: () => [...entries.values()],
  };
}
