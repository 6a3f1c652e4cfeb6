/** The query's own terms (weight at least 1, no synonym or neighbour) of the default ranker's term weights: what an operation name must be written with. */
export function writtenTerms(termWeights: ReadonlyMap<string, number>, synonyms: ReadonlySet<string>): Set<string> {
  const written = new Set<string>();
  for (const [term, weight] of termWeights) if (weight >= 1 && !synonyms.has(term)) written.add(term);
  return written;
}
