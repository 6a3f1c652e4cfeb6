import type { SearchEndRecord, TelemetryRecord } from '../telemetry/telemetry-record.js';

/**
 * A likely "I have no tool for that" turn: it ended without the model searching while deferred
 * tools matched the user's message. `matches` are the best of them, best first, as
 * `turn.start`'s `userMessageMatches` recorded them.
 */
export interface SilentMiss {
  readonly matches: readonly { readonly name: string; readonly score: number }[];
}

/**
 * The silent miss of one turn's records, or `null`: a turn is one when it ended (`turn.end`),
 * offered `tool_search`, recorded matches of the user's message (`turn.start`'s
 * `userMessageMatches`, non-empty), the model made no search (a `group:` listing counts as one;
 * the prefetch does not) and no discovered tool was called (a prefetched tool the model called
 * is not a miss).
 */
export function silentMissOf(records: readonly TelemetryRecord[]): SilentMiss | null {
  const start = records.find((record) => record.type === 'turn.start');
  const ended = records.some((record) => record.type === 'turn.end');
  const matches = start?.userMessageMatches ?? [];
  if (start === undefined || !ended || !start.offersToolSearch || matches.length === 0) return null;
  const searched = records.some((record) => record.type === 'search.end' && !isPrefetch(record));
  const calledDiscovered = records.some((record) => record.type === 'tool.execution.end' && record.origin === 'discovered');
  return searched || calledDiscovered ? null : { matches };
}

/** True for the prefetch's search (C25); a record without `origin` (an older trace) is the model's. */
export function isPrefetch(record: SearchEndRecord): boolean {
  return record.origin === 'prefetch';
}
