import type { RankedTool } from './tool-ranker.js';

/**
 * The score below which a search loads no match (C24): `floor` (a fraction, `search.relevanceFloor`)
 * times the best match's score — the first of `ranked`, which is best first. `undefined`, no
 * floor, when `floor` is 0 or the best score is not a positive finite number (a ranker without
 * meaningful scores gets no floor).
 */
export function relevanceFloorOf(ranked: readonly Pick<RankedTool, 'score'>[], floor: number): number | undefined {
  const best = ranked[0]?.score;
  if (!(floor > 0) || typeof best !== 'number' || !Number.isFinite(best) || best <= 0) return undefined;
  return floor * best;
}
