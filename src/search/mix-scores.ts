/** `share × first + (1 − share) × second` for every tool either scores (the weak-query second pass of the default ranker). */
export function mixScores(first: ReadonlyMap<number, number>, second: ReadonlyMap<number, number>, share: number): Map<number, number> {
  const mixed = new Map<number, number>();
  for (const [id, score] of first) mixed.set(id, share * score);
  for (const [id, score] of second) mixed.set(id, (mixed.get(id) ?? 0) + (1 - share) * score);
  return mixed;
}
