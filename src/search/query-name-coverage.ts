import type { RankedTool } from './tool-ranker.js';

/**
 * Each tool's name coverage of one query ({@link RankedTool.nameCoverage}): the IDF-weighted share
 * of the query's distinct `terms` that the tool's own name terms have, in [0, 1]. Built once per
 * search from the query's few terms; a tool then costs one look-up per name term, so only the
 * matches a search returns are counted, with no pass over the catalog.
 *
 * @param terms the query's terms as `queryTerms` gives them (stemmed like the index, with what its
 *   phrases mean; no synonyms); repeats count once.
 * @param idfOf a term's IDF among the tools, `ln(1 + N / n)`, `n` at least 1.
 * @param termNumbers name term → its number in the name index (a term no name has is absent).
 * @param index each tool's distinct own name terms (numbers), tool `id`'s at
 *   `distinctStarts[id]` to `distinctStarts[id + 1]` (exclusive).
 * @returns the coverage of tool `id`; 0 for every tool when `terms` is empty.
 */
export function queryNameCoverage(
  terms: readonly string[],
  idfOf: (term: string) => number,
  termNumbers: ReadonlyMap<string, number>,
  index: { readonly distinctStarts: Int32Array; readonly distinctTerms: Int32Array },
): (id: number) => number {
  let total = 0;
  const weightOf = new Map<number, number>();
  for (const term of new Set(terms)) {
    const idf = idfOf(term);
    total += idf;
    const number = termNumbers.get(term);
    if (number !== undefined) weightOf.set(number, idf);
  }
  if (!(total > 0) || weightOf.size === 0) return () => 0;
  const { distinctStarts, distinctTerms } = index;
  return (id) => {
    let covered = 0;
    for (let position = distinctStarts[id]!, end = distinctStarts[id + 1]!; position < end; position += 1) covered += weightOf.get(distinctTerms[position]!) ?? 0;
    return Math.min(1, covered / total);
  };
}
