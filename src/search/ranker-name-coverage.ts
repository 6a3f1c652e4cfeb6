import type { RankedTool } from './tool-ranker.js';

/**
 * A ranker's name coverage of one query: tool name → its {@link RankedTool.nameCoverage} (0–1),
 * counted as the ranker counts it for the matches it returns; `undefined` for a name it does not
 * rank. Lets a ranker that fuses another's answer (the semantic ranker) give the coverage of a
 * tool the other did not return (C24: the relevance floor's name gain).
 */
export type QueryNameCoverageOf = (query: string) => (name: string) => number | undefined;

const COVERAGE = new WeakMap<object, QueryNameCoverageOf>();

/** Records `ranker`'s {@link QueryNameCoverageOf} (the default ranker's); returns `ranker`. */
export function withNameCoverage<T extends object>(ranker: T, coverageOf: QueryNameCoverageOf): T {
  COVERAGE.set(ranker, coverageOf);
  return ranker;
}

/** The {@link QueryNameCoverageOf} recorded for `ranker`; `undefined` for any other ranker (a user's). */
export function nameCoverageOfRanker(ranker: object): QueryNameCoverageOf | undefined {
  return COVERAGE.get(ranker);
}
