import type { RankedTool, ToolRanker } from '../search/tool-ranker.js';

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
 * @param rankers disjoint document sets; the first one's `name` names the merged ranker.
 */
export function createMergedRanker(rankers: readonly [ToolRanker, ...ToolRanker[]]): ToolRanker {
  return {
    name: rankers[0].name,
    rank(query: string, maxResults: number): RankedTool[] {
      return rankers
        .flatMap((ranker) => ranker.rank(query, maxResults))
        .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .slice(0, Math.max(0, maxResults));
    },
  };
}
