import type { Thesaurus } from './decode-thesaurus.js';

/** How {@link expandWithThesaurus} expands a query (the resolved `thesaurus` options of the hybrid ranker). */
export interface ThesaurusExpansion {
  readonly thesaurus: Thesaurus;
  /** An added term weighs `weight × similarity ×` the weight of the query term it came from. */
  readonly weight: number;
  /** Neighbours added per query term at most, counting only those the index has. */
  readonly maxNeighbours: number;
  /** Neighbours less similar than this are not added (cosine, 0–1). */
  readonly minSimilarity: number;
  /**
   * Which query terms are expanded: `'unmatched'` only terms no tool has, `'all'` every term, or a
   * number `n`: terms that at most `n` tools have (`0` is `'unmatched'`).
   */
  readonly expand: 'unmatched' | 'all' | number;
  /** The fields (keys of the ranker's `boosts`) an added term is matched in, `undefined`: every field; read by the ranker, not here. */
  readonly fields?: readonly string[];
  /** The second pass of a query whose first pass is weak (`weakQueries` of the ranker's options); `undefined`: none. Read by the ranker. */
  readonly weakQueries?: { readonly belowCoverage: number; readonly weight: number; readonly firstPass: number };
}

/**
 * Adds to `termWeights` the thesaurus neighbours of the query's terms that the index has
 * (`apartment` → `house`, `flat`, …), each at `weight × similarity ×` its query term's weight
 * (`1` for a term the index lacks), never lowering the weight of a term already there; the
 * added terms go into `added` (matched exactly, never as a prefix). Pure but for its two outputs.
 *
 * @param documentsWith how many tools have a term (`0`: none), read only when `expand` is a number.
 * @param knownTermScale when given, the neighbours of a term the index has weigh this much more
 *   (0–1; the ranker's second pass passes the term's IDF share); `undefined`: 1.
 */
export function expandWithThesaurus(
  terms: readonly { readonly term: string }[],
  termWeights: Map<string, number>,
  added: Set<string>,
  has: (term: string) => boolean,
  documentsWith: (term: string) => number,
  expansion: ThesaurusExpansion,
  knownTermScale?: (term: string) => number,
): void {
  const { thesaurus, weight, maxNeighbours, minSimilarity, expand } = expansion;
  if (!(weight > 0) || maxNeighbours <= 0) return;
  for (const { term } of terms) {
    const known = has(term);
    if (expand === 'unmatched' ? known : typeof expand === 'number' && known && documentsWith(term) > expand) continue;
    const base = known ? (termWeights.get(term) ?? 1) * (knownTermScale?.(term) ?? 1) : 1;
    let count = 0;
    for (const neighbour of thesaurus.neighboursOf(term)) {
      if (count >= maxNeighbours || neighbour.similarity < minSimilarity) break;
      if (!has(neighbour.term)) continue;
      count += 1;
      const neighbourWeight = base * weight * neighbour.similarity;
      const current = termWeights.get(neighbour.term);
      if (current !== undefined && current >= neighbourWeight) continue;
      if (current === undefined || added.has(neighbour.term)) {
        termWeights.set(neighbour.term, neighbourWeight);
        added.add(neighbour.term);
      }
    }
  }
}
