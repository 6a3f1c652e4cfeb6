import { NAMED_TOOL_SCORE } from './create-hybrid-ranker.js';
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

/** The highest fraction of the best score {@link sizedRelevanceFloor} asks of any match. */
export const MAX_SIZED_RELEVANCE_FLOOR = 0.95;

/**
 * The relevance floor of one match, as a fraction of the best score (C24), raised with the size
 * of the match's definition: `min(0.95, floor + slope × ln(1 + chars / 1000))`, never below
 * `floor` (at the default slope 0.175: +0.032 for a 200-character tool, +0.19 for a 2,000-character one). Loading a
 * large definition the query did not need costs more context, so it must score closer to the
 * best to be loaded. `slope` 0 gives `floor` for every size.
 *
 * @param floor `search.relevanceFloor`, in [0, 1).
 * @param slope `search.relevanceFloorSlope`, ≥ 0.
 * @param chars the match's definition characters, as the catalog measures them.
 */
export function sizedRelevanceFloor(floor: number, slope: number, chars: number): number {
  if (!(slope > 0) || !(chars > 0)) return floor;
  return Math.max(floor, Math.min(MAX_SIZED_RELEVANCE_FLOOR, floor + slope * Math.log1p(chars / 1000)));
}

/**
 * The lowest share of `search.relevanceFloor` the name gain can lower a match's floor to (C24):
 * a half. Without it a weight large enough, or a gain of a whole name over a best whose name has
 * none of the query, gave a floor below 0, so such a match loaded at any score. At the defaults
 * (0.62, 0.175, 0.8) no match of the shipped query sets' tuning halves loads below 0.47 of the best
 * (test/bench/README.md), so the bound changes no measured load.
 */
export const MIN_NAME_GAIN_FLOOR_SHARE = 0.5;

/**
 * The minimum score of each match (C24): {@link sizedRelevanceFloor} of its definition's size,
 * less `nameWeight × max(0, nameCoverage(match) − nameCoverage(best))` (its name has more of the
 * query than the best match's name: {@link RankedTool.nameCoverage}, `undefined` counting as 0;
 * a best match the query names outright, scored `NAMED_TOOL_SCORE / 2` or more, counts as 1, so no
 * match gains over it) but never below `floor × MIN_NAME_GAIN_FLOOR_SHARE` (half the floor, whatever
 * `nameWeight` is), times the best match's score (the first of `ranked`). A name not in `ranked` gets the sized
 * floor. `undefined`, no floor, in the cases {@link relevanceFloorOf} gives none.
 *
 * @param options.nameWeight `search.relevanceFloorNameWeight`, a finite number ≥ 0; `0` or `undefined`: no drop.
 */
export function relevanceFloorsOf(
  ranked: readonly Pick<RankedTool, 'name' | 'score' | 'nameCoverage'>[],
  options: { readonly floor: number; readonly slope: number; readonly nameWeight?: number; readonly charsOf: (name: string) => number },
): ((name: string) => number) | undefined {
  const minScore = relevanceFloorOf(ranked, options.floor);
  if (minScore === undefined) return undefined;
  const best = ranked[0]!.score;
  const sized = (name: string) => sizedRelevanceFloor(options.floor, options.slope, options.charsOf(name));
  const nameWeight = options.nameWeight ?? 0;
  if (!(nameWeight > 0) || !ranked.some((match) => (match.nameCoverage ?? 0) > 0)) return (name) => sized(name) * best;
  // a named best has the whole query in its name: a name-word match gains nothing over it
  const bestCoverage = best >= NAMED_TOOL_SCORE / 2 ? 1 : (ranked[0]!.nameCoverage ?? 0);
  const gains = new Map<string, number>();
  for (const match of ranked) if ((match.nameCoverage ?? 0) > bestCoverage && !gains.has(match.name)) gains.set(match.name, match.nameCoverage! - bestCoverage);
  // the gain lowers a floor to half of `floor` at most: a match never loads at any score (C24)
  const lowest = options.floor * MIN_NAME_GAIN_FLOOR_SHARE;
  return (name) => {
    const gain = gains.get(name);
    return gain === undefined ? sized(name) * best : Math.max(lowest, sized(name) - nameWeight * gain) * best;
  };
}
