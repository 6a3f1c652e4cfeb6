import type { TurnStatus } from '../../machines/turn-types.js';
import type { SilentMiss } from './silent-miss-of.js';

/** What the report computes for one turn (C22). Counts are whole numbers, characters are string lengths. */
export interface TurnSummary {
  readonly turnId: string;
  /** `incomplete` when the trace has no `turn.end` for the turn. */
  readonly status: TurnStatus | 'incomplete';
  readonly reason: string | undefined;
  /** Provider requests (`step.start` records; a retry is a request). */
  readonly requests: number;
  /** Distinct steps. */
  readonly steps: number;
  /** Σ over requests of the visible definitions' characters. */
  readonly schemaCharsSent: number;
  /** requests × every bound definition's characters: the cost with nothing deferred. `null` without `turn.start`. */
  readonly schemaCharsAllUpFront: number | null;
  /** `schemaCharsAllUpFront − schemaCharsSent`. */
  readonly schemaCharsSaved: number | null;
  /** Tools visible in some request but never called (a rejected call does not count as called). */
  readonly exposedUnused: { readonly names: readonly string[]; readonly count: number; readonly chars: number };
  /** Discovered tools the model called, and how many of them some earlier search ranked in its top k. */
  readonly recall: { readonly called: readonly string[]; readonly inTopK: readonly string[]; readonly value: number | null };
  /** Searches the model made (`tool_search` calls; the prefetch is counted in `prefetches`). */
  readonly searches: number;
  /** Searches the runtime ran before step 0 with the user's message (C25): 0 or 1. */
  readonly prefetches: number;
  /**
   * Set when the turn ended without a model search although deferred tools matched the user's
   * message (see `silentMissOf`): the likely "I have no tool for that" turn, with the best
   * matches. `null` otherwise, and for traces without `userMessageMatches`.
   */
  readonly silentMiss: SilentMiss | null;
  /** Searches whose query (trimmed, lowercased) an earlier search of the turn already used. */
  readonly repeatedSearches: number;
  /**
   * Searches with a new query whose top k overlaps an earlier search's top k, except a `select:`
   * of names an earlier confirm-mode search offered as candidates (that mode's next step, C24).
   */
  readonly revisedSearches: number;
  /** From `turn.start` to the first `ok` call of a tool other than `tool_search`; `null` if none. */
  readonly firstSuccess: { readonly timeMs: number | null; readonly steps: number } | null;
  readonly hiddenRejections: number;
  /**
   * Tools a search ranked but neither activated nor offered as a confirm-mode candidate (cut by
   * its limit, schema budget or relevance floor, C10, C24) that the
   * model needed later: it called them (even if rejected), or a later search returned them as
   * its top match. A later search that activated one lower down (walking past already-active
   * matches, C10) does not count.
   */
  readonly capMisses: readonly string[];
}

/** Totals over every turn of a trace. */
export interface TraceTotals {
  readonly turns: number;
  readonly byStatus: Readonly<Record<TurnSummary['status'], number>>;
  readonly requests: number;
  readonly schemaCharsSent: number;
  readonly schemaCharsAllUpFront: number;
  readonly schemaCharsSaved: number;
  readonly exposedUnusedCount: number;
  readonly exposedUnusedChars: number;
  readonly discoveredCalled: number;
  readonly discoveredInTopK: number;
  /** `discoveredInTopK / discoveredCalled`; `null` when no discovered tool was called. */
  readonly recall: number | null;
  readonly searches: number;
  readonly prefetches: number;
  readonly repeatedSearches: number;
  readonly revisedSearches: number;
  /** Turns with a silent miss. */
  readonly silentMisses: number;
  /** Means over turns that had a first success. */
  readonly meanTimeToFirstSuccessMs: number | null;
  readonly meanStepsToFirstSuccess: number | null;
  readonly hiddenRejections: number;
  readonly turnsWithCapMiss: number;
}

/** The report of a trace. */
export interface TraceSummary {
  /** The k of top-k recall. */
  readonly k: number;
  readonly turns: readonly TurnSummary[];
  readonly totals: TraceTotals;
  /** Lines of the trace that were skipped, and why. */
  readonly warnings: readonly string[];
  readonly skippedLines: number;
}
