/**
 * Limits of one `tool_search` call (C10, C12). Every field has a default; the runtime option
 * `search` overrides any of them.
 */
export interface SearchOptions {
  /** Matches activated when the model gives no `limit`. Default 5. */
  readonly defaultLimit: number;
  /** Hard maximum; a larger requested `limit` is clamped to it. Default 20. */
  readonly maxLimit: number;
  /**
   * Budget for the complete definitions one search newly activates, in characters
   * (as measured by the catalog). Default 65,536.
   */
  readonly maxSchemaChars: number;
  /** Longest query accepted, in characters; a longer one is a tool error (C12). Default 2,000. */
  readonly maxQueryChars: number;
}

/** The defaults of {@link SearchOptions}. */
export const DEFAULT_SEARCH_OPTIONS: SearchOptions = Object.freeze({
  defaultLimit: 5,
  maxLimit: 20,
  maxSchemaChars: 65_536,
  maxQueryChars: 2_000,
});
