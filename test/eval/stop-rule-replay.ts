// The offline replay behind `npx tsx test/eval/tune-stop-rule.ts`: each query's ranked top 5 with
// scores, definition sizes, query-term coverage and which are gold, and the stop rules (C24) to
// replay over them.
import type { EvalDataset, EvalTool } from '../../src/eval/eval-dataset.js';
import { evalToolChars } from '../../src/eval/simulate-search-loads.js';
import { queryTerms } from '../../src/search/query-terms.js';
import { ownNameOf } from '../../src/search/own-name-of.js';
import { rankerDocumentOf } from '../../src/search/ranker-document-of.js';
import { MIN_NAME_GAIN_FLOOR_SHARE, sizedRelevanceFloor } from '../../src/search/relevance-floor-of.js';
import { tokenizeText } from '../../src/search/tokenize-text.js';
import type { RankedTool } from '../../src/search/tool-ranker.js';
import { NAMED_TOOL_SCORE } from '../../src/search/create-hybrid-ranker.js';

/** One ranked match of a replayed search. */
export interface ReplayMatch {
  readonly score: number;
  /** Definition characters, as `turnscope eval` measures them. */
  readonly chars: number;
  /** True when the query needed this tool (its name is gold). */
  readonly gold: boolean;
  /**
   * Share of the query's terms (IDF-weighted, in [0, 1]) that the tool's indexed text (name,
   * description, parameters, group; tokenized like the ranker's, exact terms only) has. Default 0.
   */
  readonly coverage?: number;
  /** Of {@link coverage}, the share of query terms no better-ranked match of the search has. Default 0. */
  readonly addedCoverage?: number;
  /**
   * Of {@link coverage}, the share (IDF-weighted, in [0, 1]) of the query's terms that the tool's
   * own name words have (the name without an `mcp__<server>__` prefix, exact terms only): the
   * ranker's own {@link RankedTool.nameCoverage} when it gives it, else re-tokenized here like
   * the ranker's. Default 0.
   */
  readonly nameCoverage?: number;
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

/** Each query's top 5 under `rank` (canonical names = the dataset's tool ids), with each match's query-term coverage. */
export function replaySearches(dataset: EvalDataset, rank: ScoredRank): ReplayedSearch[] {
  const byId = new Map(dataset.tools.map((tool) => [tool.id, tool]));
  const charsById = new Map(dataset.tools.map((tool) => [tool.id, evalToolChars(tool)]));
  const { termsOf, nameTermsOf, idfOf } = indexedTerms(dataset.tools);
  return dataset.queries.map((query) => {
    const gold = new Set(query.gold);
    const terms = [...new Set(queryTerms(query.query).map(({ term }) => term))];
    const weights = terms.map(idfOf);
    const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
    const covered = new Set<string>();
    return rank(query.query, 5).map((match) => {
      const own = termsOf.get(match.name);
      const named = nameTermsOf.get(match.name);
      let coverage = 0;
      let addedCoverage = 0;
      let nameCoverage = 0;
      terms.forEach((term, index) => {
        if (own?.has(term) !== true) return;
        coverage += weights[index]!;
        if (named?.has(term) === true) nameCoverage += weights[index]!;
        if (!covered.has(term)) addedCoverage += weights[index]!;
      });
      for (const term of terms) if (own?.has(term) === true) covered.add(term);
      // the shipped ranker's own value (what the floor reads); a ranker without it (an older commit's, --main) the re-tokenized one
      const ownNameCoverage = match.nameCoverage ?? nameCoverage / total;
      return { score: match.score, chars: charsById.get(match.name) ?? 0, gold: gold.has(byId.get(match.name)?.name ?? ''), coverage: coverage / total, addedCoverage: addedCoverage / total, nameCoverage: ownNameCoverage };
    });
  });
}

/** Each tool's indexed terms and own name words (as {@link rankerDocumentOf} and the tokenizer give them) and a term's IDF, `ln(1 + N / n)`. */
function indexedTerms(tools: readonly EvalTool[]): { termsOf: Map<string, Set<string>>; nameTermsOf: Map<string, Set<string>>; idfOf: (term: string) => number } {
  const termsOf = new Map<string, Set<string>>();
  const nameTermsOf = new Map<string, Set<string>>();
  const documentCounts = new Map<string, number>();
  for (const tool of tools) {
    const document = rankerDocumentOf({ ...tool, name: tool.id });
    const texts = [document.name, document.description, document.group, ...(document.parameters ?? []).flatMap((parameter) => [parameter.name, parameter.description])];
    const terms = new Set(texts.flatMap((text) => tokenizeText(text)));
    termsOf.set(tool.id, terms);
    nameTermsOf.set(tool.id, new Set(tokenizeText(ownNameOf(document.name))));
    for (const term of terms) documentCounts.set(term, (documentCounts.get(term) ?? 0) + 1);
  }
  return { termsOf, nameTermsOf, idfOf: (term) => Math.log(1 + tools.length / Math.max(1, documentCounts.get(term) ?? 0)) };
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

const sizedOf = (search: ReplayedSearch, index: number, floor: number, slope: number) => sizedRelevanceFloor(floor, slope, search[index]!.chars);

/**
 * The rules tried, simplest first (the tuner prefers the one with the fewest parameters among
 * the near-best). `top-k` and `flat` are the references; `sized` is the rule shipped until session
 * 10 (C24, `relevanceFloor` / `relevanceFloorSlope`, `relevanceFloorNameWeight` 0), through the
 * shipped {@link sizedRelevanceFloor}; `name gain` is the shipped rule (`relevanceFloorNameWeight`,
 * the same formula as relevanceFloorsOf of src/search/relevance-floor-of.ts).
 * `rank step`, `confidence`, `cumulative size` and the budgets use only what every search has —
 * scores best first and definition sizes; `new terms` and `confident best` also use each match's
 * query-term coverage ({@link ReplayMatch.coverage}), `name over best` and `name gain` the share
 * of it in the match's name ({@link ReplayMatch.nameCoverage}), which the default ranker reports.
 */
export const RULE_FAMILIES: readonly RuleFamily[] = [
  { name: 'top-k', description: 'the first k matches', grid: product([1, 2, 3, 4, 5]), rule: ([k]) => (_, index) => index < k! },
  { name: 'flat', description: 'score ≥ f × best', grid: product(range(0.4, 0.9, 0.02)), rule: ([f]) => (search, index) => ratioOf(search, index) >= f! },
  {
    name: 'sized',
    description: 'score ≥ min(0.95, f + slope × ln(1 + chars / 1000)) × best (shipped until session 10)',
    grid: product(range(0.4, 0.8, 0.01), [0.05, 0.1, 0.125, 0.15, 0.175, 0.2, 0.25, 0.3, 0.4]),
    rule: ([f, slope]) => (search, index) => search[index]!.score >= sizedOf(search, index, f!, slope!) * search[0]!.score,
  },
  {
    name: 'rank step',
    description: 'sized floor + d × (rank − 2): the floor rises (d > 0) or falls with each rank after the second',
    grid: product(range(0.5, 0.74, 0.02), [0.1, 0.15, 0.2, 0.3], [-0.04, -0.02, 0.02, 0.04, 0.06]),
    rule: ([f, slope, d]) => (search, index) => search[index]!.score >= Math.min(0.95, sizedOf(search, index, f!, slope!) + d! * (index - 1)) * search[0]!.score,
  },
  {
    name: 'cumulative size',
    description: 'sized floor + k × ln(1 + chars loaded after the best / 1000): each match must score higher the more was loaded before it',
    grid: product(range(0.5, 0.74, 0.02), [0.1, 0.15, 0.2, 0.3], [0.02, 0.05, 0.1, 0.2]),
    rule: ([f, slope, k]) => (search, index) => {
      let loaded = 0;
      for (let taken = 1; taken < index; taken += 1) loaded += search[taken]!.chars;
      return search[index]!.score >= Math.min(0.95, sizedOf(search, index, f!, slope!) + k! * Math.log1p(loaded / 1000)) * search[0]!.score;
    },
  },
  {
    name: 'new terms',
    description: 'sized floor − a × the share of the query’s terms (IDF-weighted) the match adds to the better-ranked ones',
    grid: product(range(0.5, 0.74, 0.02), [0.1, 0.15, 0.2, 0.3], [0.1, 0.2, 0.4, 0.6, 1]),
    rule: ([f, slope, a]) => (search, index) => search[index]!.score >= (sizedOf(search, index, f!, slope!) - a! * (search[index]!.addedCoverage ?? 0)) * search[0]!.score,
  },
  {
    name: 'confident best',
    description: 'sized floor + b / 2 when the best match has every query term, − b / 2 when it has not',
    grid: product(range(0.5, 0.74, 0.02), [0.1, 0.15, 0.2, 0.3], [-0.2, -0.1, 0.1, 0.2]),
    rule: ([f, slope, b]) => (search, index) => search[index]!.score >= (sizedOf(search, index, f!, slope!) + (b! / 2) * ((search[0]!.coverage ?? 0) >= 0.999 ? 1 : -1)) * search[0]!.score,
  },
  {
    // a match named by more of the query than the best match is (the best won on its description) is a better bet than its score says
    name: 'name over best',
    description: 'sized floor − a when the match’s name has more of the query’s terms (IDF-weighted) than the best match’s name',
    grid: product(range(0.5, 0.74, 0.02), [0.1, 0.15, 0.175, 0.2, 0.25, 0.3], [0.05, 0.1, 0.15, 0.2, 0.3]),
    rule: ([f, slope, a]) => (search, index) =>
      search[index]!.score >= (sizedOf(search, index, f!, slope!) - ((search[index]!.nameCoverage ?? 0) > bestNameCoverage(search) + 1e-9 ? a! : 0)) * search[0]!.score,
  },
  {
    name: 'name gain',
    description: 'sized floor − a × how much more of the query’s terms (IDF-weighted) the match’s name has than the best match’s name, at least f / 2 (shipped: relevanceFloorNameWeight = a)',
    grid: product(range(0.5, 0.74, 0.02), [0.1, 0.15, 0.175, 0.2, 0.25, 0.3], [0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 1.6]),
    rule: ([f, slope, a]) => (search, index) =>
      search[index]!.score >=
      Math.max(f! * MIN_NAME_GAIN_FLOOR_SHARE, sizedOf(search, index, f!, slope!) - a! * Math.max(0, (search[index]!.nameCoverage ?? 0) - bestNameCoverage(search))) * search[0]!.score,
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

/** The best match's name coverage as the shipped floor reads it (relevanceFloorsOf): 1 when the query names it outright, so no match gains over it. */
function bestNameCoverage(search: readonly ReplayMatch[]): number {
  return search[0]!.score >= NAMED_TOOL_SCORE / 2 ? 1 : (search[0]!.nameCoverage ?? 0);
}
