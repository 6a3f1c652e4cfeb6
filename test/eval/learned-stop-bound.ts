// A bound, not a rule to ship: how well ANY stop rule that sees only a search's scores,
// definition sizes and query-term coverage could do on one dataset. A logistic model fitted on that dataset's tuning half
// estimates, for each match after the best, the chance that it is the first needed tool of its
// search; the search loads a match while that chance per character stays ≥ λ, and λ is the
// smallest whose unused characters on the tuning half stay within the budget. Used by
// tune-stop-rule.ts.
import { replay, type ReplayedSearch, type StopRule } from './stop-rule-replay.js';

/** The features of the match at `index` (≥ 1): its rank, the best score, its ratios to the best, the previous and the next score, its size, its and the best's query-term coverage and the share it adds. */
function featuresOf(search: ReplayedSearch, index: number): number[] {
  const best = search[0]!.score;
  const score = search[index]!.score;
  const ratio = best > 0 ? score / best : 0;
  const previous = search[index - 1]!.score;
  const next = index + 1 < search.length ? search[index + 1]!.score : 0;
  const logBest = Math.log(Math.max(best, 1e-9));
  return [
    index === 1 ? 1 : 0,
    index === 2 ? 1 : 0,
    index === 3 ? 1 : 0,
    logBest,
    logBest * logBest,
    ratio,
    ratio * ratio,
    ratio * logBest,
    previous > 0 ? score / previous : 0,
    score > 0 ? next / score : 0,
    Math.log(1 + search[index]!.chars),
    search[search.length - 1]!.score / (best || 1),
    search.length > 1 ? search[1]!.score / (best || 1) : 0,
    search[index]!.coverage ?? 0,
    search[index]!.addedCoverage ?? 0,
    search[0]!.coverage ?? 0,
  ];
}

/** Fits the model on `searches` (each match after the best: is it the first gold of its search?) and returns the chance of a match. */
function fit(searches: readonly ReplayedSearch[]): (search: ReplayedSearch, index: number) => number {
  const rows: number[][] = [];
  const labels: number[] = [];
  for (const search of searches) {
    let found = search[0]?.gold === true;
    for (let index = 1; index < search.length; index += 1) {
      rows.push(featuresOf(search, index));
      labels.push(search[index]!.gold && !found ? 1 : 0);
      if (search[index]!.gold) found = true;
    }
  }
  if (rows.length === 0) return () => 0;
  const width = rows[0]!.length;
  const mean = Array.from({ length: width }, (_, k) => rows.reduce((sum, row) => sum + row[k]!, 0) / rows.length);
  const deviation = Array.from({ length: width }, (_, k) => Math.sqrt(rows.reduce((sum, row) => sum + (row[k]! - mean[k]!) ** 2, 0) / rows.length) || 1);
  const standard = (row: readonly number[]) => [1, ...row.map((value, k) => (value - mean[k]!) / deviation[k]!)];
  const inputs = rows.map(standard);
  let weights = new Array<number>(width + 1).fill(0);
  const chance = (input: readonly number[]) => 1 / (1 + Math.exp(-input.reduce((sum, value, k) => sum + value * weights[k]!, 0)));
  for (let iteration = 0; iteration < 300; iteration += 1) {
    const gradient = new Array<number>(width + 1).fill(0);
    inputs.forEach((input, row) => {
      const error = chance(input) - labels[row]!;
      for (let k = 0; k <= width; k += 1) gradient[k]! += error * input[k]!;
    });
    weights = weights.map((weight, k) => weight - gradient[k]! / inputs.length);
  }
  return (search, index) => chance(standard(featuresOf(search, index)));
}

/**
 * The learned bound on one dataset: fitted on the even positions (tuning half), λ chosen there so
 * that the unused characters a search stay ≤ `maxUnusedChars`; the rule to replay on both halves.
 */
export function learnedStopRule(searches: readonly ReplayedSearch[], maxUnusedChars: number): StopRule {
  const tuning = searches.filter((_, position) => position % 2 === 0);
  const chance = fit(tuning);
  const ruleAt = (lambda: number): StopRule => (search, index) => chance(search, index) / Math.max(1, search[index]!.chars) >= lambda;
  // unused characters fall as λ rises: bisect on a log scale for the smallest λ within the budget
  let low = -20;
  let high = 5;
  for (let step = 0; step < 40; step += 1) {
    const middle = (low + high) / 2;
    if (replay(searches, ruleAt(Math.exp(middle)), 0).unusedChars <= maxUnusedChars) high = middle;
    else low = middle;
  }
  return ruleAt(Math.exp(high));
}
