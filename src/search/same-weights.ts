/** Whether two term → weight maps hold the same terms at the same weights (the default ranker's weak-query pass is skipped when it would rank the same terms again). */
export function sameWeights(first: ReadonlyMap<string, number>, second: ReadonlyMap<string, number>): boolean {
  if (first.size !== second.size) return false;
  for (const [term, weight] of first) if (second.get(term) !== weight) return false;
  return true;
}
