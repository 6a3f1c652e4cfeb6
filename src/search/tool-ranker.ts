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
  /** A short identifier for telemetry and evaluation (e.g. `hybrid`, `fuse`). */
  readonly name: string;
  /**
   * Candidates for `query`, best first, at most `maxResults`. Never throws for any string;
   * returns `[]` when nothing matches.
   */
  rank(query: string, maxResults: number): RankedTool[];
}

/**
 * A ranker whose `rank` is asynchronous, e.g. one that embeds the query with an embedding
 * model ({@link createSemanticRanker}). Same contract as {@link ToolRanker} otherwise.
 */
export interface AsyncToolRanker {
  readonly name: string;
  rank(query: string, maxResults: number): Promise<RankedTool[]>;
}

/** One input parameter of a tool, as the ranker indexes it. */
export interface RankerParameter {
  /** The property name, e.g. `repo` (nested properties are listed by their own name). */
  readonly name: string;
  /** The property's `description` from the input JSON schema; `''` when it has none. */
  readonly description: string;
}

/**
 * What a ranker indexes for one tool (C9): canonical name, description and group label, and
 * optionally the parameters of its input schema (see {@link rankerDocumentOf}).
 */
export interface RankerDocument {
  readonly name: string;
  readonly description: string;
  readonly group: string;
  /** Parameter names and descriptions from the input schema. Default: none. */
  readonly parameters?: readonly RankerParameter[];
}
