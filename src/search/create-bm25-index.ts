import { type Bm25Texts, buildBm25Postings } from './build-bm25-postings.js';
import { createTextInterner } from './create-text-interner.js';

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
  /**
   * How the fields of a document combine. `'minisearch'` (default): each field is scored on its
   * own (its own IDF and length normalisation) and the sum is multiplied by the number of query
   * terms the document matches, as MiniSearch scores. `'bm25f'`: a term's frequencies are
   * normalised by their field's length, weighted by the field boosts and added before one
   * saturation, with one IDF over the documents that have the term in any field (BM25F); no
   * matched-terms factor.
   */
  readonly combine?: 'minisearch' | 'bm25f';
  /** Terms of the query matched exactly, never as a prefix (e.g. synonyms the query did not write). Default: none. */
  readonly exactTerms?: ReadonlySet<string>;
  /**
   * Where a query term also matches its longest shorter form: the longest index term of at least
   * `minPrefixChars` characters that the query term begins with (`rental` → `rent`, `repository`
   * → `repo`), weighted as a prefix match of as many extra characters (`0.375 · len / (len + 0.3 ·
   * extra chars)`, `len` the query term's length) with the form's own IDF. A term the index lacks
   * matches it in every field; a term the index has matches only a form in the fields boosted
   * above 0 here, with these boosts (in the order of the index's fields: e.g. only the name field,
   * where names shorten words: `Repo`, `Finance` for `financial`). Not for `exactTerms`, nor when
   * `minPrefixChars` is 0. `undefined` (default): no shorter forms.
   */
  readonly shorterForms?: { readonly knownTermFieldBoosts: readonly number[] };
}

/**
 * Filled by {@link Bm25Index.search} when given: how much of the query each document matches.
 * A query term weighs its weight times `log(1 + N / n)`, `n` the documents it (or a term it
 * prefixes) matches in N; `total` is the sum over the query's terms that match anything and
 * `byDocument` the sum over the terms each document matches.
 */
export interface QueryCoverage {
  readonly byDocument: Map<number, number>;
  total: number;
}

/** A fielded inverted index over pre-tokenized documents, scored like MiniSearch's BM25+. */
export interface Bm25Index {
  /** True when some document has `term` in some field. */
  has(term: string): boolean;
  /**
   * BM25+ scores of the documents matching any of the terms, by document index: the sum over the
   * terms of each term's score times its weight (with `combine: 'minisearch'`, times the number of
   * terms the document matches). Documents that match nothing are absent. Pure; the map is new
   * on every call.
   */
  search(termWeights: ReadonlyMap<string, number>, options: Bm25SearchOptions, coverage?: QueryCoverage): Map<number, number>;
}

/** Weight of a prefix match of zero extra characters, MiniSearch's default `weights.prefix`. */
const PREFIX_WEIGHT = 0.375;

/** Weight of a match of `longer` for `shorter` (either may be the query's), MiniSearch's prefix weight: `0.375 · len / (len + 0.3 · extra)`. */
function prefixWeight(longer: string, shorter: string): number {
  return (PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * (longer.length - shorter.length));
}

/**
 * Builds a BM25+ index that scores as MiniSearch 7's `search` with `combineWith: 'OR'` does (same
 * formula, field lengths counted in distinct terms, prefix matches weighted
 * `0.375 · len / (len + 0.3 · extra chars)`, a document's sum multiplied by the number of query
 * terms it matches) or, with `combine: 'bm25f'`, as BM25F over the same postings, from terms
 * tokenized once by the caller. MiniSearch inserts every term
 * occurrence into its radix tree and its maps of maps one `add` at a time, which was 40% of the
 * hybrid ranker's build at 10,000 tools; here a term costs one map lookup per distinct text, the
 * postings are laid out in a few typed arrays by counting passes ({@link buildBm25Postings}:
 * little for the garbage collector to copy), and prefixes are found by binary search in the
 * sorted vocabulary.
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
}): Bm25Index;
/**
 * The same index from each field given as the ids of its interned texts ({@link Bm25Texts}:
 * each distinct text's term ids once, e.g. from {@link createTextInterner}), so a catalog's
 * repeated descriptions, group labels and parameter names are looked up once per build. The
 * index keeps `termIds`; the arrays are read during the build only.
 */
export function createBm25Index(options: { readonly documentCount: number; readonly fieldCount: number } & Bm25Texts): Bm25Index;
export function createBm25Index(
  options: { readonly documentCount: number; readonly fieldCount: number } & (
    | { readonly termsOf: (document: number, field: number) => readonly string[] }
    | Bm25Texts
  ),
): Bm25Index {
  const { documentCount, fieldCount } = options;
  const input = 'termsOf' in options ? textsOfFields(documentCount, fieldCount, options.termsOf) : options;
  const { termIds, fieldLengths, averageFieldLengths, slotStarts, postingDocuments, postingFrequencies } = buildBm25Postings(documentCount, fieldCount, input);
  const sortedTerms = [...termIds.keys()].sort();

  /** MiniSearch's scores of index term `term` into `into`; `onlyBoosted`: fields boosted 0 add no document (as MiniSearch, they add it at score 0 otherwise). */
  function addTermScores(term: string, termWeight: number, termBoost: number, search: Bm25SearchOptions, into: Map<number, number>, onlyBoosted = false): void {
    const termId = termIds.get(term);
    if (termId === undefined) return;
    const { k, b, d } = search.bm25;
    for (let field = 0; field < fieldCount; field += 1) {
      const slot = termId * fieldCount + field;
      const start = slotStarts[slot]!;
      const end = slotStarts[slot + 1]!;
      if (start === end || (onlyBoosted && !(search.fieldBoosts[field]! > 0))) continue;
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

  /**
   * The longest shorter form of query term `term` and the options to score it with
   * ({@link Bm25SearchOptions.shorterForms}), or `undefined`: a term the index has looks only
   * for a form in a field boosted in `knownTermFieldBoosts`, and scores it in those fields only.
   */
  function shorterFormOf(term: string, search: Bm25SearchOptions): { form: string; search: Bm25SearchOptions } | undefined {
    const { shorterForms, minPrefixChars } = search;
    if (shorterForms === undefined || minPrefixChars <= 0 || term.length <= minPrefixChars || search.exactTerms?.has(term) === true) return undefined;
    const known = termIds.has(term);
    const boosts = known ? shorterForms.knownTermFieldBoosts : search.fieldBoosts;
    for (let length = term.length - 1; length >= minPrefixChars; length -= 1) {
      const form = term.slice(0, length);
      const termId = termIds.get(form);
      if (termId === undefined) continue;
      if (known && !hasPostingIn(termId, boosts)) continue;
      return { form, search: known ? { ...search, fieldBoosts: boosts } : search };
    }
    return undefined;
  }

  /** True when term `termId` is in some document's field of boost above 0. */
  function hasPostingIn(termId: number, boosts: readonly number[]): boolean {
    for (let field = 0; field < fieldCount; field += 1) {
      if (boosts[field]! > 0 && slotStarts[termId * fieldCount + field + 1]! > slotStarts[termId * fieldCount + field]!) return true;
    }
    return false;
  }

  // BM25F scratch, one slot per document, reused by every search (a search runs synchronously
  // to its end, so no two use them at once): a document's slot is valid while its stamp equals
  // the current generation, so nothing is cleared between forms, terms or searches
  const formFrequency = new Float64Array(documentCount);
  const formStamp = new Int32Array(documentCount);
  const termScore = new Float64Array(documentCount);
  const termStamp = new Int32Array(documentCount);
  const queryScore = new Float64Array(documentCount);
  const queryStamp = new Int32Array(documentCount);
  const queryCovered = new Float64Array(documentCount);
  const formDocuments = new Int32Array(documentCount);
  const termDocuments = new Int32Array(documentCount);
  let generation = 0;
  let termDocumentCount = 0;

  /** A fresh stamp value; restarts the stamps before they would overflow. */
  function nextGeneration(): number {
    if (generation >= 0x7fffffff) {
      generation = 0;
      formStamp.fill(0);
      termStamp.fill(0);
      queryStamp.fill(0);
    }
    return (generation += 1);
  }

  /**
   * BM25F: adds to the current term's scores the score of index term `form` in every document
   * that has it in a field of non-zero boost, `weight · idf · (d + f·(k + 1) / (f + k))` where `f`
   * is the sum over fields of `boost · frequency / (1 − b + b · length / average length)` and
   * `idf` counts the documents that have `form` in any such field.
   */
  function addCombinedForm(form: string, weight: number, search: Bm25SearchOptions, termGeneration: number): void {
    const termId = termIds.get(form);
    if (termId === undefined) return;
    const { k, b, d } = search.bm25;
    const formGeneration = nextGeneration();
    let matching = 0;
    for (let field = 0; field < fieldCount; field += 1) {
      const slot = termId * fieldCount + field;
      const start = slotStarts[slot]!;
      const end = slotStarts[slot + 1]!;
      const boost = search.fieldBoosts[field]!;
      if (start === end || !(boost > 0)) continue;
      const lengthWeight = b / averageFieldLengths[field]!;
      for (let posting = start; posting < end; posting += 1) {
        const document = postingDocuments[posting]!;
        const frequency = (boost * postingFrequencies[posting]!) / (1 - b + lengthWeight * fieldLengths[document * fieldCount + field]!);
        if (formStamp[document] !== formGeneration) {
          formStamp[document] = formGeneration;
          formFrequency[document] = frequency;
          formDocuments[matching++] = document;
        } else {
          formFrequency[document] = formFrequency[document]! + frequency;
        }
      }
    }
    const scale = weight * Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
    for (let index = 0; index < matching; index += 1) {
      const document = formDocuments[index]!;
      const frequency = formFrequency[document]!;
      const score = scale * (d + (frequency * (k + 1)) / (frequency + k));
      if (termStamp[document] !== termGeneration) {
        termStamp[document] = termGeneration;
        termScore[document] = score;
        termDocuments[termDocumentCount++] = document;
      } else {
        termScore[document] = termScore[document]! + score;
      }
    }
  }

  /** {@link Bm25Index.search} with `combine: 'bm25f'`. */
  function searchCombined(termWeights: ReadonlyMap<string, number>, search: Bm25SearchOptions, coverage: QueryCoverage | undefined): Map<number, number> {
    const queryGeneration = nextGeneration();
    const queryDocuments: number[] = [];
    for (const [term, termBoost] of termWeights) {
      const termGeneration = nextGeneration();
      termDocumentCount = 0;
      addCombinedForm(term, termBoost, search, termGeneration);
      if (search.minPrefixChars > 0 && term.length >= search.minPrefixChars && search.exactTerms?.has(term) !== true) {
        for (let index = lowerBound(sortedTerms, term); index < sortedTerms.length; index += 1) {
          const longer = sortedTerms[index]!;
          if (!longer.startsWith(term)) break;
          if (longer.length === term.length) continue;
          addCombinedForm(longer, termBoost * prefixWeight(longer, term), search, termGeneration);
        }
      }
      const shorter = shorterFormOf(term, search);
      if (shorter !== undefined) addCombinedForm(shorter.form, termBoost * prefixWeight(term, shorter.form), shorter.search, termGeneration);
      if (termDocumentCount === 0) continue;
      const coverageWeight = coverage === undefined ? 0 : termBoost * Math.log(1 + documentCount / termDocumentCount);
      if (coverage !== undefined) coverage.total += coverageWeight;
      for (let index = 0; index < termDocumentCount; index += 1) {
        const document = termDocuments[index]!;
        if (queryStamp[document] !== queryGeneration) {
          queryStamp[document] = queryGeneration;
          queryScore[document] = termScore[document]!;
          queryCovered[document] = coverageWeight;
          queryDocuments.push(document);
        } else {
          queryScore[document] = queryScore[document]! + termScore[document]!;
          queryCovered[document] = queryCovered[document]! + coverageWeight;
        }
      }
    }
    const scores = new Map<number, number>();
    for (const document of queryDocuments) scores.set(document, queryScore[document]!);
    if (coverage !== undefined) for (const document of queryDocuments) coverage.byDocument.set(document, (coverage.byDocument.get(document) ?? 0) + queryCovered[document]!);
    return scores;
  }

  return {
    has: (term) => termIds.has(term),
    search(termWeights, search, coverage) {
      if (search.combine === 'bm25f') return searchCombined(termWeights, search, coverage);
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
            addTermScores(longer, prefixWeight(longer, term), termBoost, search, termScores);
          }
        }
        const shorter = shorterFormOf(term, search);
        if (shorter !== undefined) addTermScores(shorter.form, prefixWeight(term, shorter.form), termBoost, shorter.search, termScores, true);
        if (coverage !== undefined && termScores.size > 0) {
          const weight = termBoost * Math.log(1 + documentCount / termScores.size);
          coverage.total += weight;
          for (const document of termScores.keys()) coverage.byDocument.set(document, (coverage.byDocument.get(document) ?? 0) + weight);
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

/** Each field's terms as a text of its own. */
function textsOfFields(documentCount: number, fieldCount: number, termsOf: (document: number, field: number) => readonly string[]): Bm25Texts {
  const interner = createTextInterner();
  const fieldTexts = new Int32Array(documentCount * fieldCount);
  const fieldTextEnds = new Int32Array(documentCount * fieldCount);
  for (let document = 0; document < documentCount; document += 1) {
    for (let field = 0; field < fieldCount; field += 1) {
      const text = interner.addText(termsOf(document, field));
      fieldTexts[text] = text;
      fieldTextEnds[document * fieldCount + field] = text + 1;
    }
  }
  return { ...interner.finish(), fieldTexts, fieldTextEnds };
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
