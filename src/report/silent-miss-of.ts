import type { SearchEndRecord, TelemetryRecord } from '../telemetry/telemetry-record.js';

/**
 * A likely "I have no tool for that" turn: it ended without the model searching while deferred
 * tools matched the user's message. `matches` are the best of them, best first, as
 * `turn.start`'s `userMessageMatches` recorded them.
 */
export interface SilentMiss {
  readonly matches: readonly { readonly name: string; readonly score: number }[];
  /**
   * The tools the prefetch (C25) loaded, in its order: visible from step 0 and not called, so
   * the model had them and answered without them. `[]` when nothing was prefetched.
   */
  readonly prefetched: readonly string[];
}

/**
 * The silent miss of one turn's records, or `null`: a turn is one when it completed (its last
 * `turn.end` has status `completed`: the model answered — a turn that failed on a provider
 * error or was cancelled before the model could search is no miss), offered `tool_search`,
 * recorded matches of the user's message (`turn.start`'s `userMessageMatches`, non-empty), the
 * model made no search (a `group:` listing counts as one, and so does a search made by an
 * `exec` call's code; the prefetch does not) and no discovered tool was called — neither
 * directly (origin `discovered`) nor by an `exec` call's code (origin `nested`) once a search,
 * the prefetch included, had activated it: a prefetched tool the model called is not a miss.
 */
export function silentMissOf(records: readonly TelemetryRecord[]): SilentMiss | null {
  const start = records.find((record) => record.type === 'turn.start');
  const end = records.findLast((record) => record.type === 'turn.end');
  const matches = start?.userMessageMatches ?? [];
  if (start === undefined || end?.status !== 'completed' || !start.offersToolSearch || matches.length === 0) return null;
  const searched = records.some((record) => record.type === 'search.end' && !isPrefetch(record));
  if (searched || calledDiscovered(records)) return null;
  const prefetched = records.flatMap((record) => (record.type === 'search.end' && isPrefetch(record) ? record.activated : []));
  return { matches, prefetched: [...new Set(prefetched)] };
}

/** True when a discovered tool was called: origin `discovered`, or `nested` for a tool a search (the prefetch too) activated before the call. */
function calledDiscovered(records: readonly TelemetryRecord[]): boolean {
  const activated = new Set<string>();
  for (const record of records) {
    if (record.type === 'search.end') for (const name of record.activated) activated.add(name);
    if (record.type !== 'tool.execution.end') continue;
    if (record.origin === 'discovered' || (record.origin === 'nested' && activated.has(record.toolName))) return true;
  }
  return false;
}

/** True for the prefetch's search (C25); a record without `origin` (an older trace) is the model's. */
export function isPrefetch(record: SearchEndRecord): boolean {
  return record.origin === 'prefetch';
}
