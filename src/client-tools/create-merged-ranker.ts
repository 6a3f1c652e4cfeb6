import type { AnyToolRanker, RankedTool, RankOptions, ToolRanker } from '../search/tool-ranker.js';

/**
 * One ranker over the runtime's deferred tools and a turn's client tools, without rebuilding
 * the runtime's index (C19): each ranker ranks its own documents and the candidates are
 * merged by score, higher first, ties by canonical name (so the order is deterministic).
 * Named-tool scores (the hybrid ranker's `NAMED_TOOL_SCORE`) stay above every fused score.
 *
 * A ranker that normalises per query (the hybrid ranker divides BM25 by the query's best
 * score) scores the best client match on the same scale as the best catalog match, so a
 * matching client tool tends to rank near the top. That is the price of not rebuilding the
 * runtime's index per turn (hundreds of ms for a catalog of a thousand tools).
 *
 * Synchronous when every ranker is: the candidates are merged with no await. When any ranker
 * returns a promise, the rankers run concurrently, `options` (the search's abort signal) is
 * passed to each, and the merged `rank` rejects with the first rejection (or throw) among them.
 *
 * @param rankers disjoint document sets; the first one's `name` names the merged ranker.
 */
export function createMergedRanker(rankers: readonly [ToolRanker, ...ToolRanker[]]): ToolRanker;
export function createMergedRanker(rankers: readonly [AnyToolRanker, ...AnyToolRanker[]]): AnyToolRanker;
export function createMergedRanker(rankers: readonly [AnyToolRanker, ...AnyToolRanker[]]): AnyToolRanker {
  const merge = (lists: readonly RankedTool[][], maxResults: number): RankedTool[] =>
    lists
      .flat()
      .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, Math.max(0, maxResults));
  return {
    get name() {
      return rankers[0].name;
    },
    rank(query: string, maxResults: number, options?: RankOptions): RankedTool[] | Promise<RankedTool[]> {
      // a ranker that throws joins the others as a rejection, so no other ranker's promise is left unhandled
      const lists = rankers.map((ranker) => {
        try {
          return ranker.rank(query, maxResults, options);
        } catch (error) {
          return Promise.reject(error);
        }
      });
      if (lists.every((list): list is RankedTool[] => Array.isArray(list))) return merge(lists, maxResults);
      return Promise.all(lists).then((settled) => merge(settled, maxResults));
    },
  };
}
