// The offline replay behind `npx tsx test/eval/tune-stop-rule.ts`: each query's ranked top 5 with
// scores, definition sizes and which are gold, and the stop rules (C24) to replay over them.
import type { EvalDataset } from '../../src/eval/eval-dataset.js';
import { evalToolChars } from '../../src/eval/simulate-search-loads.js';
import { sizedRelevanceFloor } from '../../src/search/relevance-floor-of.js';
import type { RankedTool } from '../../src/search/tool-ranker.js';

/** One ranked match of a replayed search. */
export interface ReplayMatch {
  readonly score: number;
  /** Definition characters, as `turnscope eval` measures them. */
  readonly chars: number;
  /** True when the query needed this tool (its name is gold). */
  readonly gold: boolean;
}

/** A search of one query: its top 5, best first (fewer when the ranker found fewer). */
export type ReplayedSearch = readonly ReplayMatch[];

/**
 * A stop rule: whether the search also loads the match at `index` (≥ 1) after loading every
 * match before it. The best match (index 0) always loads, as with the relevance floor.
 */
export type StopRule = (search: ReplayedSearch, index: number) => boolean;

/** What a rule loads over a set of searches, means per search. */
export interface ReplayResult {
  readonly searches: number;
  /** Share of searches that loaded a gold tool, in percent. */
  readonly hit: number;
  readonly tools: number;
  readonly chars: number;
  /** Characters of the loaded tools the query did not need. */
  readonly unusedChars: number;
}

/** A ranker as the replay needs it: scored matches by name for a query. */
export type ScoredRank = (query: string, maxResults: number) => readonly RankedTool[];

/** Each query's top 5 under `rank` (canonical names = the dataset's tool ids). */
export function replaySearches(dataset: EvalDataset, rank: ScoredRank): ReplayedSearch[] {
  const byId = new Map(dataset.tools.map((tool) => [tool.id, tool]));
  const charsById = new Map(dataset.tools.map((tool) => [tool.id, evalToolChars(tool)]));
  return dataset.queries.map((query) => {
    const gold = new Set(query.gold);
    return rank(query.query, 5).map((match) => ({ score: match.score, chars: charsById.get(match.name) ?? 0, gold: gold.has(byId.get(match.name)?.name ?? '') }));
  });
}

/** Replays `rule` over `searches`; `parity` 0 = tuning half (even positions), 1 = held out, undefined = every search. */
export function replay(searches: readonly ReplayedSearch[], rule: StopRule, parity?: 0 | 1): ReplayResult {
  let count = 0;
  let hits = 0;
  let tools = 0;
  let chars = 0;
  let unusedChars = 0;
  searches.forEach((search, position) => {
    if (parity !== undefined && position % 2 !== parity) return;
    count += 1;
    let hit = false;
    for (let index = 0; index < search.length; index += 1) {
      if (index > 0 && !rule(search, index)) break;
      const match = search[index]!;
      tools += 1;
      chars += match.chars;
      if (match.gold) hit = true;
      else unusedChars += match.chars;
    }
    if (hit) hits += 1;
  });
  const per = Math.max(1, count);
  return { searches: count, hit: (100 * hits) / per, tools: tools / per, chars: chars / per, unusedChars: unusedChars / per };
}

/** A family of stop rules: a name, its parameter grid, and the rule of each parameter point. */
export interface RuleFamily {
  readonly name: string;
  /** What the rule does, with its parameters named as in `grid`. */
  readonly description: string;
  readonly grid: readonly (readonly number[])[];
  rule(parameters: readonly number[]): StopRule;
}

const range = (from: number, to: number, step: number): number[] => {
  const values: number[] = [];
  for (let value = from; value <= to + 1e-9; value += step) values.push(Number(value.toFixed(4)));
  return values;
};
const product = (...axes: number[][]): number[][] => axes.reduce<number[][]>((points, axis) => points.flatMap((point) => axis.map((value) => [...point, value])), [[]]);
const ratioOf = (search: ReplayedSearch, index: number) => search[index]!.score / search[0]!.score;

/**
 * The rules tried. `top-k` and `flat` are the references; `sized` is the shipped rule (C24,
 * `relevanceFloor` / `relevanceFloorSlope`), through the shipped {@link sizedRelevanceFloor}.
 * The others use only what every search has too — scores best first and definition sizes —
 * so any of them could ship without a change to the ranker interface.
 */
export const RULE_FAMILIES: readonly RuleFamily[] = [
  { name: 'top-k', description: 'the first k matches', grid: product([1, 2, 3, 4, 5]), rule: ([k]) => (_, index) => index < k! },
  { name: 'flat', description: 'score ≥ f × best', grid: product(range(0.4, 0.9, 0.02)), rule: ([f]) => (search, index) => ratioOf(search, index) >= f! },
  {
    name: 'sized',
    description: 'score ≥ min(0.95, f + slope × ln(1 + chars / 1000)) × best (shipped)',
    grid: product(range(0.4, 0.9, 0.02), [0.05, 0.1, 0.15, 0.2, 0.3]),
    rule: ([f, slope]) => (search, index) => search[index]!.score >= sizedRelevanceFloor(f!, slope!, search[index]!.chars) * search[0]!.score,
  },
  {
    // a weak best (low absolute score: of the hybrid ranker, about 1 + the share of the query it covers) → a lower floor, load more
    name: 'confidence',
    description: 'sized floor + k × (clamp((best − 1) / 0.3, 0, 1) − 0.5): the floor rises with the best score’s absolute value',
    grid: product(range(0.5, 0.8, 0.02), [0.1, 0.2], [-0.4, -0.2, 0.2, 0.4, 0.8]),
    rule: ([f, slope, k]) => (search, index) => {
      const best = search[0]!.score;
      const confidence = Math.min(1, Math.max(0, (best - 1) / 0.3));
      const floor = Math.min(0.95, sizedRelevanceFloor(f!, slope!, search[index]!.chars) + k! * (confidence - 0.5));
      return search[index]!.score >= floor * best;
    },
  },
  {
    name: 'best-size budget',
    description: 'score ≥ f × best, and the loaded definitions stay within m × the best match’s characters',
    grid: product(range(0.4, 0.8, 0.04), [1.5, 2, 3, 4, 6, 8, 12]),
    rule: ([f, m]) => (search, index) => {
      if (ratioOf(search, index) < f!) return false;
      let chars = 0;
      for (let taken = 0; taken <= index; taken += 1) chars += search[taken]!.chars;
      return chars <= m! * search[0]!.chars;
    },
  },
  {
    name: 'expected-unused budget',
    description: 'score ≥ f × best, while Σ chars × (1 − score / best) of the matches after the best stays ≤ m × the best’s characters',
    grid: product(range(0.3, 0.7, 0.04), [0.25, 0.5, 0.75, 1, 1.5, 2, 3]),
    rule: ([f, m]) => (search, index) => {
      if (ratioOf(search, index) < f!) return false;
      let expected = 0;
      for (let taken = 1; taken <= index; taken += 1) expected += search[taken]!.chars * (1 - ratioOf(search, taken));
      return expected <= m! * search[0]!.chars;
    },
  },
];
