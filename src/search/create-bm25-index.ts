/** MiniSearch's BM25+ parameters: term saturation `k`, length normalisation `b`, lower bound `d`. */
export interface Bm25Parameters {
  readonly k: number;
  readonly b: number;
  readonly d: number;
}

/** How {@link Bm25Index.search} scores one query. */
export interface Bm25SearchOptions {
  /** Boost of each field, in the order of the index's fields. */
  readonly fieldBoosts: readonly number[];
  /** Prefix-match query terms of at least this many characters (`0` turns prefix matching off). */
  readonly minPrefixChars: number;
  readonly bm25: Bm25Parameters;
}

/** A fielded inverted index over pre-tokenized documents, scored like MiniSearch's BM25+. */
export interface Bm25Index {
  /** True when some document has `term` in some field. */
  has(term: string): boolean;
  /**
   * BM25+ scores of the documents matching any of the terms, by document index: the sum over the terms (each term's score times its weight) times the
   * number of terms the document matches. Documents that match nothing are absent. Pure; the
   * map is new on every call.
   */
  search(termWeights: ReadonlyMap<string, number>, options: Bm25SearchOptions): Map<number, number>;
}

/** Weight of a prefix match of zero extra characters, MiniSearch's default `weights.prefix`. */
const PREFIX_WEIGHT = 0.375;

/**
 * Builds a BM25+ index that scores as MiniSearch 7's `search` with `combineWith: 'OR'` does (same
 * formula, field lengths counted in distinct terms, prefix matches weighted
 * `0.375 · len / (len + 0.3 · extra chars)`, a document's sum multiplied by the number of query
 * terms it matches), from terms tokenized once by the caller. MiniSearch inserts every term
 * occurrence into its radix tree and its maps of maps one `add` at a time, which was 40% of the
 * hybrid ranker's build at 10,000 tools; here an occurrence costs one map lookup, the postings
 * are laid out in a few typed arrays by two counting passes (little for the garbage collector to
 * copy), and prefixes are found by binary search in the sorted vocabulary.
 *
 * @param options.termsOf the index terms of one field of one document (documents `0` to
 *   `documentCount − 1`, fields `0` to `fieldCount − 1`), called once per field and document, in
 *   that order, during the build only: the arrays are not kept. An empty field counts as length
 *   1, as in MiniSearch.
 */
export function createBm25Index(options: {
  readonly documentCount: number;
  readonly fieldCount: number;
  readonly termsOf: (document: number, field: number) => readonly string[];
}): Bm25Index {
  const { documentCount, fieldCount, termsOf } = options;

  // pass 1: intern the terms, count each (term, field) slot's documents and each field's length
  const termIds = new Map<string, number>();
  // room for 24 terms per document and 4,096 terms to start with (a 10,000-tool catalog has ~240,000 and ~10,000)
  let occurrences = new Int32Array(Math.max(1024, documentCount * 24));
  let occurrenceCount = 0;
  let slotDocuments = new Int32Array(4096 * fieldCount);
  let lastDocumentOfSlot = new Int32Array(4096 * fieldCount).fill(-1);
  const fieldLengths = new Uint32Array(documentCount * fieldCount);
  const averageFieldLengths = new Array<number>(fieldCount).fill(0);
  const fieldEnds = new Int32Array(documentCount * fieldCount);
  for (let document = 0; document < documentCount; document += 1) {
    for (let field = 0; field < fieldCount; field += 1) {
      const terms = termsOf(document, field);
      if (occurrenceCount + terms.length > occurrences.length) occurrences = grow(occurrences, occurrenceCount + terms.length, 0);
      let distinct = 0;
      // indexed loops here and below: this runs once per build, much of it before the JIT has
      // optimized it, and the interpreter is much slower at for-of than at an index
      for (let index = 0; index < terms.length; index += 1) {
        const term = terms[index]!;
        let termId = termIds.get(term);
        if (termId === undefined) {
          termId = termIds.size;
          termIds.set(term, termId);
          if ((termId + 1) * fieldCount > slotDocuments.length) {
            slotDocuments = grow(slotDocuments, (termId + 1) * fieldCount, 0);
            lastDocumentOfSlot = grow(lastDocumentOfSlot, (termId + 1) * fieldCount, -1);
          }
        }
        const slot = termId * fieldCount + field;
        occurrences[occurrenceCount++] = slot;
        if (lastDocumentOfSlot[slot] !== document) {
          lastDocumentOfSlot[slot] = document;
          slotDocuments[slot] = slotDocuments[slot]! + 1;
          distinct += 1;
        }
      }
      const length = Math.max(distinct, 1);
      fieldLengths[document * fieldCount + field] = length;
      fieldEnds[document * fieldCount + field] = occurrenceCount;
      // MiniSearch's running mean, in its order of operations, so the scores agree to the bit
      averageFieldLengths[field] = (averageFieldLengths[field]! * document + length) / (document + 1);
    }
  }

  // pass 2: each slot's documents (ascending) and term frequencies, slot after slot
  const slotCount = termIds.size * fieldCount;
  const slotStarts = new Int32Array(slotCount + 1);
  for (let slot = 0; slot < slotCount; slot += 1) slotStarts[slot + 1] = slotStarts[slot]! + slotDocuments[slot]!;
  const postingDocuments = new Int32Array(slotStarts[slotCount]!);
  const postingFrequencies = new Int32Array(slotStarts[slotCount]!);
  const slotEnds = slotStarts.slice(0, slotCount);
  lastDocumentOfSlot.fill(-1);
  let occurrence = 0;
  for (let document = 0; document < documentCount; document += 1) {
    for (let field = 0; field < fieldCount; field += 1) {
      for (const end = fieldEnds[document * fieldCount + field]!; occurrence < end; occurrence += 1) {
        const slot = occurrences[occurrence]!;
        if (lastDocumentOfSlot[slot] !== document) {
          lastDocumentOfSlot[slot] = document;
          postingDocuments[slotEnds[slot]!] = document;
          slotEnds[slot] = slotEnds[slot]! + 1;
        }
        const posting = slotEnds[slot]! - 1;
        postingFrequencies[posting] = postingFrequencies[posting]! + 1;
      }
    }
  }
  const sortedTerms = [...termIds.keys()].sort();

  function addTermScores(term: string, termWeight: number, termBoost: number, search: Bm25SearchOptions, into: Map<number, number>): void {
    const termId = termIds.get(term);
    if (termId === undefined) return;
    const { k, b, d } = search.bm25;
    for (let field = 0; field < fieldCount; field += 1) {
      const slot = termId * fieldCount + field;
      const start = slotStarts[slot]!;
      const end = slotStarts[slot + 1]!;
      if (start === end) continue;
      const weight = termWeight * termBoost * search.fieldBoosts[field]!;
      const matching = end - start;
      const inverseDocumentFrequency = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
      const averageLength = averageFieldLengths[field]!;
      for (let posting = start; posting < end; posting += 1) {
        const document = postingDocuments[posting]!;
        const frequency = postingFrequencies[posting]!;
        const length = fieldLengths[document * fieldCount + field]!;
        const score = inverseDocumentFrequency * (d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / averageLength)));
        into.set(document, (into.get(document) ?? 0) + weight * score);
      }
    }
  }

  return {
    has: (term) => termIds.has(term),
    search(termWeights, search) {
      const scores = new Map<number, number>();
      const matchedTerms = new Map<number, number>();
      for (const [term, termBoost] of termWeights) {
        const termScores = new Map<number, number>();
        addTermScores(term, 1, termBoost, search, termScores);
        if (search.minPrefixChars > 0 && term.length >= search.minPrefixChars) {
          for (let index = lowerBound(sortedTerms, term); index < sortedTerms.length; index += 1) {
            const longer = sortedTerms[index]!;
            if (!longer.startsWith(term)) break;
            if (longer.length === term.length) continue;
            const weight = (PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * (longer.length - term.length));
            addTermScores(longer, weight, termBoost, search, termScores);
          }
        }
        for (const [document, score] of termScores) {
          scores.set(document, (scores.get(document) ?? 0) + score);
          matchedTerms.set(document, (matchedTerms.get(document) ?? 0) + 1);
        }
      }
      // like MiniSearch, a document's score is multiplied by the number of query terms it matches
      for (const [document, count] of matchedTerms) scores.set(document, scores.get(document)! * count);
      return scores;
    },
  };
}

/** A copy of `array` with room for at least `length` values, the new room set to `fillValue`. */
function grow(array: Int32Array<ArrayBuffer>, length: number, fillValue: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(length, array.length * 2)).fill(fillValue, array.length);
  grown.set(array);
  return grown;
}

/** The first index of `sorted` whose value is not below `value`. */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
