import type { Thesaurus, ThesaurusNeighbour } from './decode-thesaurus.js';
import { wordPiecesOf } from './word-pieces-of.js';

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
  /**
   * Weight (× the query term's) of the known pieces of a query word that neither the index nor
   * the thesaurus has ({@link wordPiecesOf}: `smartwatch` → `smart`, `watch`): a piece
   * the index has joins at this weight, and the thesaurus neighbours of each piece at this weight
   * × `weight × similarity`. `0` or `undefined`: words are not split.
   */
  readonly wordPieces?: number;
  /** The second pass of a query whose first pass is weak (`weakQueries` of the ranker's options); `undefined`: none. Read by the ranker. */
  readonly weakQueries?: { readonly belowCoverage: number; readonly weight: number; readonly firstPass: number };
}

/**
 * Adds to `termWeights` the thesaurus neighbours of the query's terms that the index has
 * (`apartment` → `house`, `flat`, …), each at `weight × similarity ×` its query term's weight
 * (`1` for a term the index lacks), never lowering the weight of a term already there; the
 * added terms go into `added` (matched exactly, never as a prefix). A written word (`word` of a
 * term) that the index lacks and none of whose neighbours it has is split into the words of the
 * thesaurus it is made of (`wordPieces`, {@link wordPiecesOf}), which join as above at
 * `wordPieces ×` its weight. Pure but for its two outputs.
 *
 * @param documentsWith how many tools have a term (`0`: none), read only when `expand` is a number.
 * @param knownTermScale when given, the neighbours of a term the index has weigh this much more
 *   (0–1; the ranker's second pass passes the term's IDF share); `undefined`: 1.
 */
export function expandWithThesaurus(
  terms: readonly { readonly term: string; readonly word?: string }[],
  termWeights: Map<string, number>,
  added: Set<string>,
  has: (term: string) => boolean,
  documentsWith: (term: string) => number,
  expansion: ThesaurusExpansion,
  knownTermScale?: (term: string) => number,
): void {
  const { thesaurus, weight, maxNeighbours, minSimilarity, expand } = expansion;
  if (!(weight > 0) || maxNeighbours <= 0) return;
  const pieceWeight = expansion.wordPieces ?? 0;
  /** Adds `term` at `termWeight` unless the query has it at that weight or more (a term the query wrote is never lowered). */
  const add = (term: string, termWeight: number) => {
    const current = termWeights.get(term);
    if (current !== undefined && current >= termWeight) return;
    if (current === undefined || added.has(term)) {
      termWeights.set(term, termWeight);
      added.add(term);
    }
  };
  /** Adds the first `maxNeighbours` neighbours the index has, at `base × weight × similarity`; how many it added. */
  const addNeighbours = (neighbours: readonly ThesaurusNeighbour[], base: number): number => {
    let count = 0;
    for (const neighbour of neighbours) {
      if (count >= maxNeighbours || neighbour.similarity < minSimilarity) break;
      if (!has(neighbour.term)) continue;
      count += 1;
      add(neighbour.term, base * weight * neighbour.similarity);
    }
    return count;
  };
  for (const { term, word } of terms) {
    const known = has(term);
    if (expand === 'unmatched' ? known : typeof expand === 'number' && known && documentsWith(term) > expand) continue;
    const base = known ? (termWeights.get(term) ?? 1) * (knownTermScale?.(term) ?? 1) : 1;
    const neighbours = thesaurus.neighboursOf(term);
    if (addNeighbours(neighbours, base) > 0 || known || !(pieceWeight > 0) || word === undefined) continue;
    // a stem the thesaurus knows without neighbours is one of its most frequent words (`everything`), not a compound
    if (neighbours.length === 0 && thesaurus.has?.(term) === true) continue;
    // a word the catalog lacks and no neighbour of which it has: its known pieces and their neighbours
    // the pieces are words of the thesaurus's vocabulary (English words), not merely strings some tool has
    const isWord = (stem: string) => thesaurus.has?.(stem) ?? thesaurus.neighboursOf(stem).length > 0;
    for (const piece of wordPiecesOf(word, isWord)) {
      if (has(piece)) add(piece, base * pieceWeight);
      addNeighbours(thesaurus.neighboursOf(piece), base * pieceWeight);
    }
  }
}
