/**
 * The postings of a BM25 index ({@link createBm25Index}), laid out in typed arrays: slot
 * `s = termId · fieldCount + field` has postings `slotStarts[s]` to `slotStarts[s + 1]`
 * (exclusive), each a document (ascending within a slot) and the term's frequency in that field.
 */
export interface Bm25Postings {
  /** Term → its id, in order of first occurrence (texts in order, terms in order). */
  readonly termIds: Map<string, number>;
  /** Distinct terms of each field of each document (at least 1: an empty field counts as 1), at `document · fieldCount + field`. */
  readonly fieldLengths: Uint32Array;
  /** Mean of `fieldLengths` over the documents, per field (MiniSearch's running mean, to the bit). */
  readonly averageFieldLengths: readonly number[];
  readonly slotStarts: Int32Array;
  readonly postingDocuments: Int32Array;
  readonly postingFrequencies: Int32Array;
}

/**
 * A catalog's fields as interned texts: each distinct text's terms once, as term ids (text `t`'s
 * are `textTermIds[textStarts[t]]` to `textTermIds[textStarts[t + 1]]`, exclusive; `termIds`
 * numbers the terms `0` to `termIds.size − 1`), and each field of each document as the ids of
 * its texts in order (its terms are theirs, in order): field `f` of document `d` is
 * `fieldTexts[fieldTextEnds[d · fieldCount + f − 1]]` (0 for the first) up to
 * `fieldTexts[fieldTextEnds[d · fieldCount + f]]` (exclusive). A catalog repeats its texts (a
 * server's group label, parameter names such as `path`), so each is looked up once; and a
 * text's terms are numbered as it is tokenized, so its strings are garbage before the next
 * collection instead of live until the index is built ({@link createTextInterner}).
 */
export interface Bm25Texts {
  readonly termIds: Map<string, number>;
  readonly textStarts: Int32Array;
  readonly textTermIds: Int32Array;
  readonly fieldTexts: Int32Array;
  readonly fieldTextEnds: Int32Array;
}

/**
 * The postings of `documentCount` documents of `fieldCount` fields, in two passes, each a
 * function of its own: a build runs its loops once, and V8 compiles a hot loop by compiling its
 * whole function (again after each deoptimization), so every loop is in a small function, over
 * typed arrays sized exactly beforehand (no growing branch that has not run when the loop is
 * compiled); the terms were interned by the caller, once per distinct text.
 */
export function buildBm25Postings(documentCount: number, fieldCount: number, input: Bm25Texts): Bm25Postings {
  const counts = countOccurrences(documentCount, fieldCount, input);
  const postings = layOutPostings(counts, documentCount, fieldCount, input.termIds.size);
  // properties written out, no spread: an object literal's hidden class (V8's map) outlives the
  // index, where one grown by a spread dies with it and deoptimizes the code compiled for it
  return {
    termIds: input.termIds,
    fieldLengths: counts.fieldLengths,
    averageFieldLengths: counts.averageFieldLengths,
    slotStarts: postings.slotStarts,
    postingDocuments: postings.postingDocuments,
    postingFrequencies: postings.postingFrequencies,
  };
}

/** What pass 1 counts. */
interface OccurrenceCounts {
  /** The slot of every term occurrence, document after document, field after field. */
  readonly occurrences: Int32Array;
  /** Number of documents of each slot. */
  readonly slotDocuments: Int32Array;
  /** End (exclusive) in `occurrences` of each field of each document, at `document · fieldCount + field`. */
  readonly fieldEnds: Int32Array;
  readonly fieldLengths: Uint32Array;
  readonly averageFieldLengths: number[];
}

/** Pass 1: lists every occurrence's slot, and counts each slot's documents and each field's distinct terms. */
function countOccurrences(documentCount: number, fieldCount: number, input: Bm25Texts): OccurrenceCounts {
  const fieldSlots = documentCount * fieldCount;
  const pieceCount = fieldSlots === 0 ? 0 : input.fieldTextEnds[fieldSlots - 1]!;
  const counts: OccurrenceCounts = {
    occurrences: new Int32Array(occurrenceCountOf(input.fieldTexts, input.textStarts, pieceCount)),
    slotDocuments: new Int32Array(input.termIds.size * fieldCount),
    fieldEnds: new Int32Array(fieldSlots),
    fieldLengths: new Uint32Array(fieldSlots),
    averageFieldLengths: new Array<number>(fieldCount).fill(0),
  };
  fillOccurrences(documentCount, fieldCount, input, counts);
  return counts;
}

// Each loop of the passes is a function whose loop is its last statement: a build's loops are
// compiled while they run (on-stack replacement), and code after a loop that had not yet run
// then has no type feedback, so reaching it deoptimized the loop's code, which the next build
// had to compile again.

/** The number of term occurrences in the first `pieceCount` pieces. */
function occurrenceCountOf(fieldTexts: Int32Array, textStarts: Int32Array, pieceCount: number): number {
  let occurrenceCount = 0;
  for (let piece = 0; piece < pieceCount; piece += 1) occurrenceCount += textStarts[fieldTexts[piece]! + 1]! - textStarts[fieldTexts[piece]!]!;
  return occurrenceCount;
}

/** Fills `counts` (zeroed) from the pieces, document after document, field after field. */
function fillOccurrences(documentCount: number, fieldCount: number, input: Bm25Texts, counts: OccurrenceCounts): void {
  const { fieldTexts, fieldTextEnds, textStarts, textTermIds } = input;
  const { occurrences, slotDocuments, fieldEnds, fieldLengths, averageFieldLengths } = counts;
  const lastDocumentOfSlot = new Int32Array(slotDocuments.length).fill(-1);
  let occurrence = 0;
  let piece = 0;
  for (let document = 0; document < documentCount; document += 1) {
    for (let field = 0; field < fieldCount; field += 1) {
      let distinct = 0;
      for (const lastPiece = fieldTextEnds[document * fieldCount + field]!; piece < lastPiece; piece += 1) {
        const text = fieldTexts[piece]!;
        for (let index = textStarts[text]!, end = textStarts[text + 1]!; index < end; index += 1) {
          const slot = textTermIds[index]! * fieldCount + field;
          occurrences[occurrence++] = slot;
          if (lastDocumentOfSlot[slot] !== document) {
            lastDocumentOfSlot[slot] = document;
            slotDocuments[slot] = slotDocuments[slot]! + 1;
            distinct += 1;
          }
        }
      }
      const length = Math.max(distinct, 1);
      fieldLengths[document * fieldCount + field] = length;
      fieldEnds[document * fieldCount + field] = occurrence;
      // MiniSearch's running mean, in its order of operations, so the scores agree to the bit
      averageFieldLengths[field] = (averageFieldLengths[field]! * document + length) / (document + 1);
    }
  }
}

/** Pass 2: each slot's documents (ascending) and term frequencies, slot after slot. */
function layOutPostings(
  counts: OccurrenceCounts,
  documentCount: number,
  fieldCount: number,
  termCount: number,
): { readonly slotStarts: Int32Array; readonly postingDocuments: Int32Array; readonly postingFrequencies: Int32Array } {
  const slotCount = termCount * fieldCount;
  const slotStarts = new Int32Array(slotCount + 1);
  prefixSums(counts.slotDocuments, slotStarts);
  const postingDocuments = new Int32Array(slotStarts[slotCount]!);
  const postingFrequencies = new Int32Array(slotStarts[slotCount]!);
  fillPostings(counts, documentCount, fieldCount, slotStarts.slice(0, slotCount), postingDocuments, postingFrequencies);
  return { slotStarts, postingDocuments, postingFrequencies };
}

/** `sums[i + 1] = sums[i] + values[i]` for every value (`sums[0]` stays 0). */
function prefixSums(values: Int32Array, sums: Int32Array): void {
  for (let index = 0; index < values.length; index += 1) sums[index + 1] = sums[index]! + values[index]!;
}

/** Writes each occurrence into its slot's postings, `slotEnds` starting at each slot's first posting. */
function fillPostings(
  counts: OccurrenceCounts,
  documentCount: number,
  fieldCount: number,
  slotEnds: Int32Array,
  postingDocuments: Int32Array,
  postingFrequencies: Int32Array,
): void {
  const { occurrences, fieldEnds } = counts;
  const lastDocumentOfSlot = new Int32Array(slotEnds.length).fill(-1);
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
}
