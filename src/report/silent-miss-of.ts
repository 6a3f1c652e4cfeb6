import type { SearchEndRecord, TelemetryRecord } from '../telemetry/telemetry-record.js';

/** Code mode's tool (`EXEC_TOOL_NAME` of `turnscope/code-mode`), which code mode requires: not a deferred tool. */
const EXEC_TOOL_NAME = 'exec';

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
  /**
   * The matches that were required tools (R): visible without a search (in a `step.start`'s
   * `visible`, not prefetched) and not called, in `matches` order. `[]` when none was.
   */
  readonly required: readonly string[];
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
 * Nor is a call of a deferred tool the run required (origin `required` for a name neither
 * direct nor `exec`, or `nested` for such a name of `turn.start`'s `requiredTools`): a tool put
 * in reach without a search, which the model used.
 */
export function silentMissOf(records: readonly TelemetryRecord[]): SilentMiss | null {
  const start = records.find((record) => record.type === 'turn.start');
  const end = records.findLast((record) => record.type === 'turn.end');
  const matches = start?.userMessageMatches ?? [];
  if (start === undefined || end?.status !== 'completed' || !start.offersToolSearch || matches.length === 0) return null;
  const searched = records.some((record) => record.type === 'search.end' && !isPrefetch(record));
  const direct = new Set([...start.directTools ?? [], EXEC_TOOL_NAME]);
  if (searched || calledDeferred(records, (start.requiredTools ?? []).filter((name) => !direct.has(name)), direct)) return null;
  const prefetched = [...new Set(records.flatMap((record) => (record.type === 'search.end' && isPrefetch(record) ? record.activated : [])))];
  // no search ran: a matched (deferred) tool visible at a step that the prefetch did not load was required
  const visible = new Set(records.flatMap((record) => (record.type === 'step.start' ? record.visible : [])));
  const required = matches.map((match) => match.name).filter((name) => visible.has(name) && !prefetched.includes(name));
  return { matches, prefetched, required: [...new Set(required)] };
}

/**
 * True when a deferred tool was called: origin `discovered`, `required` for a name not in
 * `direct` (the direct tools and `exec`, which code mode requires), or `nested` for a tool a
 * search (the prefetch too) activated before the call, or a deferred required one.
 */
function calledDeferred(records: readonly TelemetryRecord[], requiredDeferred: readonly string[], direct: ReadonlySet<string>): boolean {
  const reached = new Set<string>(requiredDeferred);
  for (const record of records) {
    if (record.type === 'search.end') for (const name of record.activated) reached.add(name);
    if (record.type !== 'tool.execution.end') continue;
    if (record.origin === 'discovered' || (record.origin === 'required' && !direct.has(record.toolName)) || (record.origin === 'nested' && reached.has(record.toolName))) return true;
  }
  return false;
}

/** True for the prefetch's search (C25); a record without `origin` (an older trace) is the model's. */
export function isPrefetch(record: SearchEndRecord): boolean {
  return record.origin === 'prefetch';
}
