/** One ranked candidate. */
export interface RankedTool {
  /** Canonical name of a deferred tool. */
  readonly name: string;
  /** Relevance, higher is better; comparable only within one query. */
  readonly score: number;
  /**
   * The share of the query's terms that the tool's own name has, in [0, 1]: the query's distinct
   * terms as the ranker reads them (its words stemmed, and what its phrases mean: `opening hours`
   * → `place`, `details`; no synonyms, typo corrections or thesaurus neighbours), each weighted by its
   * IDF among the tools, `ln(1 + N / n)` (`n` the tools whose indexed text has it, at least 1), and
   * the name taken without an `mcp__<server>__` prefix. The relevance floor (C24) drops for a
   * match whose name has more of the query than the best match's name
   * (`search.relevanceFloorNameWeight`). The default ranker gives it for every match it scores
   * (not for a tool the query names outright), and the semantic ranker for every fused match
   * (its lexical ranker's, or counted by the default ranker for a tool only the embeddings found); `undefined`, as from a ranker of your own that
   * does not give it, counts as 0: the floor does not drop for that match. A value that is not a
   * number in [0, 1] is ignored.
   */
  readonly nameCoverage?: number;
}

/** What `tool_search` passes to a ranker besides the query. */
export interface RankOptions {
  /**
   * Aborted when the search is given up: its turn was cancelled or its timeout (the runtime's
   * `timeout.toolMs`, or `timeout.perToolMs.tool_search`) passed. An asynchronous ranker
   * should pass it on (e.g. to `embed`); the runtime stops waiting either way.
   */
  readonly abortSignal?: AbortSignal;
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
   * returns `[]` when nothing matches. A synchronous ranker may ignore `options`.
   */
  rank(query: string, maxResults: number, options?: RankOptions): RankedTool[];
}

/**
 * A ranker whose `rank` is asynchronous, e.g. one that embeds the query with an embedding
 * model ({@link createSemanticRanker}). Same contract as {@link ToolRanker} otherwise, except
 * that `rank` may reject (the embedding call failed): in a turn, that search is then a tool
 * error the model reads, and the turn goes on.
 */
export interface AsyncToolRanker {
  readonly name: string;
  rank(query: string, maxResults: number, options?: RankOptions): Promise<RankedTool[]>;
}

/**
 * Either kind of ranker: what the runtime's `ranker` option builds and what `tool_search`
 * calls. A synchronous result is used as is, with no await in between.
 */
export interface AnyToolRanker {
  readonly name: string;
  rank(query: string, maxResults: number, options?: RankOptions): RankedTool[] | Promise<RankedTool[]>;
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
  /**
   * Other names the tool is known by (the runtime's `aliases` option), which name it outright
   * like its canonical name (C9), e.g. `github.create_issue` of an MCP gateway. Default: none.
   */
  readonly aliases?: readonly string[];
}
