/** One ranked candidate. */
export interface RankedTool {
  /** Canonical name of a deferred tool. */
  readonly name: string;
  /** Relevance, higher is better; comparable only within one query. */
  readonly score: number;
}

/**
 * The ranking interface behind `tool_search` (C9). A ranker is built once per runtime over
 * the deferred tools and must be pure and safe to share between overlapping turns (C19).
 */
export interface ToolRanker {
  /** A short identifier for telemetry and evaluation (e.g. `fuse`). */
  readonly name: string;
  /**
   * Candidates for `query`, best first, at most `maxResults`. Never throws for any string;
   * returns `[]` when nothing matches.
   */
  rank(query: string, maxResults: number): RankedTool[];
}

/** What a ranker indexes for one tool: canonical name, description and group label (C9). */
export interface RankerDocument {
  readonly name: string;
  readonly description: string;
  readonly group: string;
}
