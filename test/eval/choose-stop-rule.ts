// How tune-stop-rule.ts chooses C24's stop rule from replayed measurements: a set's margin against
// issue 14's target, the leximin comparison of margins over sets, and the simplest near-best family.

/** Margins closer than this (points) are equal in {@link isLeximinBetter}. */
export const MARGIN_TIE = 0.05;
/** Families whose worst margin is this close (points) to the best family's are near-best: {@link chooseSimplest} takes the simplest of them. */
export const SIMPLER_WITHIN = 0.5;

/**
 * How far one set is inside issue 14's target (≥ 0) or outside it (< 0), in points: the smaller
 * of (hit − main's hit), hits in percent, and (50% − unused characters as a share of main's), in
 * percentage points.
 *
 * @param measured the rule's hit (percent of searches that loaded a needed tool) and unused characters a search.
 * @param main main 31a3830's hit@5 (percent) and unused characters a search on the same queries.
 */
export function marginOf(measured: { readonly hit: number; readonly unusedChars: number }, main: { readonly hit: number; readonly unusedChars: number }): number {
  return Math.min(measured.hit - main.hit, 100 * (0.5 - measured.unusedChars / main.unusedChars));
}

/**
 * True when `first` is better than `second` in the leximin order: both sorted ascending (worst
 * first), the first margin that differs by more than {@link MARGIN_TIE} decides.
 */
export function isLeximinBetter(first: readonly number[], second: readonly number[]): boolean {
  const a = [...first].sort((x, y) => x - y);
  const b = [...second].sort((x, y) => x - y);
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    if (a[index]! > b[index]! + MARGIN_TIE) return true;
    if (a[index]! < b[index]! - MARGIN_TIE) return false;
  }
  return false;
}

/**
 * Of the candidates (each family's chosen point, with its parameter count and margins over the
 * sets), those whose worst margin is within {@link SIMPLER_WITHIN} of the best worst margin, and of
 * those the one with the fewest parameters (then the leximin-better, then the first given).
 * `undefined` for no candidates.
 */
export function chooseSimplest<T extends { readonly parameterCount: number; readonly margins: readonly number[] }>(candidates: readonly T[]): T | undefined {
  const worst = (candidate: T) => Math.min(...candidate.margins);
  const bestWorst = Math.max(...candidates.map(worst));
  const nearBest = candidates.filter((candidate) => worst(candidate) >= bestWorst - SIMPLER_WITHIN);
  return nearBest.reduce<T | undefined>((chosen, candidate) => {
    if (chosen === undefined || candidate.parameterCount < chosen.parameterCount) return candidate;
    return candidate.parameterCount === chosen.parameterCount && isLeximinBetter(candidate.margins, chosen.margins) ? candidate : chosen;
  }, undefined);
}
