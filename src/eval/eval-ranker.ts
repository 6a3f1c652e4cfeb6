import type { EvalTool } from './eval-dataset.js';

/** A ranker under evaluation, built over one catalog. */
export interface EvalRanker {
  /**
   * Tool ids for `query`, best first, at most `depth`. May be asynchronous (the AI SDK's
   * `toolSearch` runs as a tool execution).
   */
  rank(query: string, depth: number): readonly string[] | Promise<readonly string[]>;
  /**
   * The same ranking with each tool's score (higher is better), for a ranker that has scores:
   * the eval then applies the relevance floor (C24) to what a search would load. Default: none
   * (no floor is applied to this ranker). `nameCoverage`, when given, is the match's
   * `RankedTool.nameCoverage` (0–1), which lowers its floor (`search.relevanceFloorNameWeight`);
   * `undefined` counts as 0.
   */
  rankScored?(query: string, depth: number): readonly { readonly id: string; readonly score: number; readonly nameCoverage?: number }[];
}

/** How to build one ranker under evaluation. */
export interface EvalRankerFactory {
  /** Name in tables and `--ranker`, e.g. `turnscope`. */
  readonly name: string;
  /** One line on what it is. */
  readonly description: string;
  /**
   * Optional peer dependencies of turnscope that `build` imports (e.g. `['minisearch']`);
   * `turnscope eval` checks they are installed before it runs. Default: none.
   */
  readonly requires?: readonly string[];
  /** Builds the ranker over a catalog; `depth` is the longest list any query will ask for. */
  build(options: { readonly tools: readonly EvalTool[]; readonly depth: number }): EvalRanker | Promise<EvalRanker>;
}
