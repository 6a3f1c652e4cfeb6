/** One tool of an evaluation catalog. */
export interface EvalTool {
  /**
   * Unique id in this catalog, used as the canonical name when indexing: the tool's own name,
   * or `<group>__<name>` when several groups offer a tool of the same name.
   */
  readonly id: string;
  /** The tool's name as the dataset gives it; gold answers name these. */
  readonly name: string;
  readonly description: string;
  readonly group: string;
  /** The input JSON schema, when the dataset has one. */
  readonly inputSchema?: unknown;
  /** The tool's human-readable title (MCP `title` / `annotations.title`), when the dataset has one. */
  readonly title?: string;
}

/** One query with the tool names that answer it. */
export interface EvalQuery {
  readonly id: string;
  readonly query: string;
  /** Tool names (not ids) that answer the query; at least one. */
  readonly gold: readonly string[];
}

/** A catalog and the queries asked of it. */
export interface EvalDataset {
  /** Label in reports, e.g. `metatool` or `metatool (exact names)`. */
  readonly name: string;
  readonly tools: readonly EvalTool[];
  readonly queries: readonly EvalQuery[];
  /** Queries in the source before sampling (equal to `queries.length` when not sampled). */
  readonly totalQueries: number;
  /** Ids of the source's queries whose gold names no tool of the catalog, left out. Default: none. */
  readonly droppedQueries?: readonly string[];
}
