/**
 * Limits of one `tool_search` call (C10, C12). Every field has a default; the runtime option
 * `search` overrides any of them.
 */
export interface SearchLimits {
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
  /**
   * The relevance floor (C24), a fraction of the best match's score in [0, 1): a search stops
   * at the first match that scores below its floor — `relevanceFloor × best`, raised with the
   * match's size (`relevanceFloorSlope`) and lowered by its name gain
   * (`relevanceFloorNameWeight`) — and loads none after it (the
   * result's `reason` and the record's `skipped` say so, as `below-relevance-floor`). Applies
   * to searches without a `limit` and to the prefetch (C25; a limit the model asks for is taken as asked), and only when
   * the ranker's scores are numbers and the best is above 0; `0` turns it off (whatever
   * `relevanceFloorSlope` is). Default 0.62, with `relevanceFloorSlope` 0.175 chosen by
   * `npx tsx test/eval/tune-stop-rule.ts` on the tuning halves of seven query sets
   * (test/bench/README.md, C24).
   */
  readonly relevanceFloor: number;
  /**
   * How much the relevance floor rises with a match's definition size (C24): a match must score
   * at least `min(0.95, relevanceFloor + relevanceFloorSlope × ln(1 + chars / 1000)) × best`,
   * `chars` its definition's characters as the catalog measures them (+0.03 for a 200-character
   * tool, +0.19 for a 2,000-character one at 0.175). A large definition the query did not need
   * costs more context than a small one. `0` gives every match `relevanceFloor`. A number ≥ 0;
   * default 0.175, chosen with `relevanceFloor` (test/bench/README.md, C24).
   */
  readonly relevanceFloorSlope: number;
  /**
   * How much the relevance floor drops for a match whose own name has more of the query than the
   * best match's name (C24, "name gain"): its floor, a fraction of the best score, is lowered by
   * `relevanceFloorNameWeight × max(0, nameCoverage(match) − nameCoverage(best))`, nameCoverage
   * the ranker's `RankedTool.nameCoverage` (the IDF-weighted share of the query's terms in the
   * tool's own name, 0–1; a ranker that does not give it gets no drop). The best match won on its
   * description; a match named by more of the query is a better bet than its score says. `0`
   * turns it off. A finite number ≥ 0 (any such weight is allowed: the drop stops at half of
   * `relevanceFloor`, so a match's floor is never below `relevanceFloor / 2` of the best score and
   * no match loads at any score); default 0.8, chosen with `relevanceFloor` 0.62 and
   * `relevanceFloorSlope` 0.175 by `npx tsx test/eval/tune-stop-rule.ts` (test/bench/README.md, C24).
   */
  readonly relevanceFloorNameWeight: number;
  /**
   * `'load'` (default): a search activates its matches for the next step. `'confirm'`: a search
   * activates nothing and answers with `candidates` (name and one-line description); the model
   * loads what it picks with `select:NAME,…`, callable on the step after that. Costs one model
   * step per search, and loads only the tools the model chose.
   */
  readonly mode: 'load' | 'confirm';
}
