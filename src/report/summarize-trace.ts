import type { ToolCallOutcome } from '../../machines/turn-types.js';
import { ownValue } from '../catalog/own-value.js';
import type { SearchEndRecord, TelemetryRecord, ToolExecutionEndRecord } from '../telemetry/telemetry-record.js';
import { isPrefetch, silentMissOf } from './silent-miss-of.js';
import type { TraceSummary, TraceTotals, TurnSummary } from './trace-summary.js';

/** Outcomes that mean the model really called the tool (it was visible and chosen). */
const CALLED: ReadonlySet<ToolCallOutcome> = new Set<ToolCallOutcome>(['ok', 'error', 'invalid-input', 'denied']);
const DEFAULT_K = 5;

/**
 * Computes the report of C22 from telemetry records (S14), per turn and in total. Records are
 * grouped by `turnId` and read in the given (file) order. Definitions of every metric are in
 * {@link TurnSummary}.
 *
 * @param options.k the k of top-k recall. Default 5 (the default search limit, C10).
 * @param options.warnings / skippedLines carried through from `parseTrace`.
 */
export function summarizeTrace(options: {
  readonly records: readonly TelemetryRecord[];
  readonly k?: number;
  readonly warnings?: readonly string[];
  readonly skippedLines?: number;
}): TraceSummary {
  const k = options.k ?? DEFAULT_K;
  const byTurn = new Map<string, TelemetryRecord[]>();
  for (const record of options.records) {
    const list = byTurn.get(record.turnId) ?? [];
    list.push(record);
    byTurn.set(record.turnId, list);
  }
  const turns = [...byTurn].map(([turnId, records]) => summarizeTurn(turnId, records, k));
  return { k, turns, totals: totalsOf(turns), warnings: options.warnings ?? [], skippedLines: options.skippedLines ?? 0 };
}

function summarizeTurn(turnId: string, records: readonly TelemetryRecord[], k: number): TurnSummary {
  const start = records.find((record) => record.type === 'turn.start');
  const end = records.findLast((record) => record.type === 'turn.end');
  const stepStarts = records.filter((record) => record.type === 'step.start');
  const ends = records.filter((record): record is ToolExecutionEndRecord => record.type === 'tool.execution.end');
  const allSearches = records.filter((record): record is SearchEndRecord => record.type === 'search.end');
  const searches = allSearches.filter((record) => !isPrefetch(record));

  const called = new Set(ends.filter((record) => CALLED.has(record.outcome)).map((record) => record.toolName));
  const exposed = new Set(stepStarts.flatMap((record) => record.visible));
  const unused = [...exposed].filter((name) => !called.has(name));
  // each request's own sizes, not every unused name per request: linear in the trace's size
  const unusedSet = new Set(unused);
  const unusedChars = stepStarts.reduce(
    (sum, record) => sum + Object.keys(record.schemaChars).reduce((inner, name) => inner + (unusedSet.has(name) ? (ownValue(record.schemaChars, name) ?? 0) : 0), 0),
    0,
  );

  const schemaCharsSent = stepStarts.reduce((sum, record) => sum + record.totalSchemaChars, 0);
  const schemaCharsAllUpFront = start === undefined ? null : stepStarts.length * start.boundSchemaChars;
  const firstOk = ends.find((record) => record.outcome === 'ok' && record.toolName !== 'tool_search');

  return {
    turnId,
    status: end?.status ?? 'incomplete',
    reason: end?.reason,
    requests: stepStarts.length,
    steps: new Set(stepStarts.map((record) => record.stepIndex)).size,
    schemaCharsSent,
    schemaCharsAllUpFront,
    schemaCharsSaved: schemaCharsAllUpFront === null ? null : schemaCharsAllUpFront - schemaCharsSent,
    exposedUnused: { names: unused, count: unused.length, chars: unusedChars },
    recall: recallOf(records, k),
    searches: searches.length,
    prefetches: allSearches.length - searches.length,
    silentMiss: silentMissOf(records),
    ...searchRevisions(searches, k),
    firstSuccess:
      firstOk === undefined
        ? null
        : { timeMs: start === undefined ? null : firstOk.timestamp - start.timestamp, steps: firstOk.stepIndex + 1 },
    hiddenRejections: ends.filter((record) => record.outcome === 'rejected-hidden').length,
    capMisses: capMissesOf(records),
  };
}

/**
 * Each discovered tool called, at its first call: did a search before it rank it in the top k?
 * A call from an `exec` call's code (origin `nested`) counts when a search had activated the tool.
 */
function recallOf(records: readonly TelemetryRecord[], k: number): TurnSummary['recall'] {
  const topKSoFar = new Set<string>();
  const activatedSoFar = new Set<string>();
  const calledNames: string[] = [];
  const inTopK: string[] = [];
  for (const record of records) {
    if (record.type === 'search.end') {
      for (const { name } of record.ranked.slice(0, k)) topKSoFar.add(name);
      for (const name of record.activated) activatedSoFar.add(name);
    }
    if (record.type !== 'tool.execution.end' || !CALLED.has(record.outcome)) continue;
    if (record.origin !== 'discovered' && !(record.origin === 'nested' && activatedSoFar.has(record.toolName))) continue;
    if (calledNames.includes(record.toolName)) continue;
    calledNames.push(record.toolName);
    if (topKSoFar.has(record.toolName)) inTopK.push(record.toolName);
  }
  return { called: calledNames, inTopK, value: calledNames.length === 0 ? null : inTopK.length / calledNames.length };
}

function searchRevisions(searches: readonly SearchEndRecord[], k: number): { repeatedSearches: number; revisedSearches: number } {
  const queries = new Set<string>();
  const earlierTopK = new Set<string>();
  const offered = new Set<string>();
  let repeatedSearches = 0;
  let revisedSearches = 0;
  for (const search of searches) {
    const query = search.query.trim().toLowerCase();
    const topK = search.ranked.slice(0, k).map(({ name }) => name);
    // a select: of what a confirm-mode search offered is that mode's next step (C24), not a revision
    const picksOffered = query.startsWith('select:') && search.activated.length > 0 && search.activated.every((name) => offered.has(name));
    if (queries.has(query)) repeatedSearches++;
    else if (!picksOffered && topK.some((name) => earlierTopK.has(name))) revisedSearches++;
    queries.add(query);
    for (const name of topK) earlierTopK.add(name);
    const candidates: unknown = search.candidates; // not checked by parseTrace: read only a list
    if (Array.isArray(candidates)) for (const name of candidates) if (typeof name === 'string') offered.add(name);
  }
  return { repeatedSearches, revisedSearches };
}

function capMissesOf(records: readonly TelemetryRecord[]): string[] {
  // needed = the model called it later, or searched again and got it as the top match; a later
  // search that merely activated it lower down (e.g. walking past already-active matches, C10)
  // does not make it needed. The last index each name was needed at is found in one pass, so a
  // turn of thousands of searches is summarised in linear time.
  const lastNeeded = new Map<string, number>();
  records.forEach((record, index) => {
    if (record.type === 'tool.execution.end') lastNeeded.set(record.toolName, index);
    const top = record.type === 'search.end' ? record.ranked[0]?.name : undefined;
    if (top !== undefined && record.type === 'search.end' && record.activated.includes(top)) lastNeeded.set(top, index);
  });
  const misses = new Set<string>();
  records.forEach((record, index) => {
    if (record.type !== 'search.end') return;
    // a confirm-mode search's candidates were offered to the model, not cut (C24)
    const candidates: unknown = record.candidates; // not checked by parseTrace: read only a list
    const activated = new Set([...record.activated, ...(Array.isArray(candidates) ? candidates : [])]);
    for (const { name } of record.ranked) {
      if (!activated.has(name) && (lastNeeded.get(name) ?? -1) > index) misses.add(name);
    }
  });
  return [...misses];
}

function totalsOf(turns: readonly TurnSummary[]): TraceTotals {
  const sum = (pick: (turn: TurnSummary) => number) => turns.reduce((total, turn) => total + pick(turn), 0);
  const withSuccess = turns.filter((turn) => turn.firstSuccess !== null);
  const timed = withSuccess.filter((turn) => turn.firstSuccess?.timeMs !== null);
  const discoveredCalled = sum((turn) => turn.recall.called.length);
  const discoveredInTopK = sum((turn) => turn.recall.inTopK.length);
  const byStatus = { completed: 0, failed: 0, cancelled: 0, incomplete: 0 };
  for (const turn of turns) byStatus[turn.status]++;
  return {
    turns: turns.length,
    byStatus,
    requests: sum((turn) => turn.requests),
    schemaCharsSent: sum((turn) => turn.schemaCharsSent),
    schemaCharsAllUpFront: sum((turn) => turn.schemaCharsAllUpFront ?? 0),
    schemaCharsSaved: sum((turn) => turn.schemaCharsSaved ?? 0),
    exposedUnusedCount: sum((turn) => turn.exposedUnused.count),
    exposedUnusedChars: sum((turn) => turn.exposedUnused.chars),
    discoveredCalled,
    discoveredInTopK,
    recall: discoveredCalled === 0 ? null : discoveredInTopK / discoveredCalled,
    searches: sum((turn) => turn.searches),
    prefetches: sum((turn) => turn.prefetches),
    silentMisses: turns.filter((turn) => turn.silentMiss !== null).length,
    repeatedSearches: sum((turn) => turn.repeatedSearches),
    revisedSearches: sum((turn) => turn.revisedSearches),
    meanTimeToFirstSuccessMs: timed.length === 0 ? null : timed.reduce((total, turn) => total + (turn.firstSuccess?.timeMs ?? 0), 0) / timed.length,
    meanStepsToFirstSuccess: withSuccess.length === 0 ? null : withSuccess.reduce((total, turn) => total + (turn.firstSuccess?.steps ?? 0), 0) / withSuccess.length,
    hiddenRejections: sum((turn) => turn.hiddenRejections),
    turnsWithCapMiss: turns.filter((turn) => turn.capMisses.length > 0).length,
  };
}
