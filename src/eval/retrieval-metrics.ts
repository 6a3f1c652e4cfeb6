/** Metrics of one ranked list against its gold names. */
export interface QueryMetrics {
  /** k → share of the gold names in the top k. */
  readonly recall: ReadonlyMap<number, number>;
  /** k → 1 when any gold name is in the top k, else 0. */
  readonly hit: ReadonlyMap<number, number>;
  /** 1 / rank of the first gold name in the list (0 when none is). */
  readonly reciprocalRank: number;
  /** nDCG@10 with binary relevance. */
  readonly ndcg10: number;
}

/**
 * Scores one ranked list of names against the gold names. Repeated names in `ranked` count
 * once, at their first position.
 */
export function retrievalMetrics(options: {
  readonly ranked: readonly string[];
  readonly gold: readonly string[];
  readonly ks: readonly number[];
}): QueryMetrics {
  const gold = new Set(options.gold);
  const ranked = [...new Set(options.ranked)];
  const positions = ranked.flatMap((name, index) => (gold.has(name) ? [index + 1] : []));
  const recall = new Map<number, number>();
  const hit = new Map<number, number>();
  for (const k of options.ks) {
    const found = positions.filter((position) => position <= k).length;
    recall.set(k, gold.size === 0 ? 0 : found / gold.size);
    hit.set(k, found > 0 ? 1 : 0);
  }
  const dcg = positions.filter((position) => position <= 10).reduce((sum, position) => sum + 1 / Math.log2(position + 1), 0);
  let ideal = 0;
  for (let position = 1; position <= Math.min(gold.size, 10); position += 1) ideal += 1 / Math.log2(position + 1);
  return {
    recall,
    hit,
    reciprocalRank: positions.length === 0 ? 0 : 1 / positions[0]!,
    ndcg10: ideal === 0 ? 0 : dcg / ideal,
  };
}
