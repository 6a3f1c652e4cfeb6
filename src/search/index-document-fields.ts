import { type Bm25Index, createBm25Index } from './create-bm25-index.js';
import { createTextInterner, type TextInterner } from './create-text-interner.js';
import type { FieldBoosts } from './hybrid-ranker-options.js';
import type { ToolNameIndex } from './index-tool-names.js';
import { tokenizeText } from './tokenize-text.js';
import type { RankerDocument, RankerParameter } from './tool-ranker.js';

/** The fields a document indexes, by {@link FieldBoosts} key: the parameter fields have one text per parameter. */
export const FIELD_KINDS = { name: 0, description: 1, parameterNames: 2, parameterDescriptions: 3, group: 4 } as const;
const NO_PARAMETERS: readonly RankerParameter[] = [];

/**
 * The hybrid ranker's BM25 index ({@link createBm25Index}) of the documents' fields, in the
 * order of `fieldNames` (keys of {@link FIELD_KINDS}), given to it as interned texts: each
 * distinct text (a description, a group, a parameter's name or description) tokenized
 * ({@link tokenizeText}) once per build and its terms numbered right away, each field the ids
 * of its texts; the name field is each tool's own name terms as `names` numbered them (in order,
 * repeats kept). Catalogs repeat text (every tool of a server shares its group label, and
 * parameter names such as `path` or `owner` recur across tools). The documents and the name
 * index are read during the call only: the index keeps none of them.
 */
export function indexDocumentFields(documents: readonly RankerDocument[], fieldNames: readonly (keyof FieldBoosts)[], names: ToolNameIndex): Bm25Index {
  const documentCount = documents.length;
  const fieldCount = fieldNames.length;
  const kinds = new Int32Array(fieldCount);
  for (let field = 0; field < fieldCount; field += 1) kinds[field] = FIELD_KINDS[fieldNames[field]!];
  const fields = new FieldTexts(kinds, createTextInterner(documentCount * 16), names, pieceCountOf(documents, kinds), documentCount * fieldCount);
  addFieldTexts(documents, fields);
  const { termIds, textStarts, textTermIds } = fields.interner.finish();
  // properties written out, no spread: an object literal's hidden class (V8's map) outlives the
  // build, where one grown by a spread dies with it and deoptimizes the code compiled for it
  return createBm25Index({ documentCount, fieldCount, termIds, textStarts, textTermIds, fieldTexts: fields.fieldTexts, fieldTextEnds: fields.fieldTextEnds });
}

/**
 * What {@link addFieldTexts} reads and fills: the interned texts, each field's text ids, and the
 * name index's arrays it reads the name field from. A class, not an object literal: the code the
 * JIT compiles for the build's loops checks the hidden class (V8's map) of what they read, and a
 * map dies with the last object of it (a literal's first one with its build), deoptimizing that
 * code for the next build in the process; a class's instances share one map, which
 * `shapeKeeper` keeps alive.
 */
class FieldTexts {
  static readonly shapeKeeper: FieldTexts = new FieldTexts(new Int32Array(0), createTextInterner(16), undefined, 0, 0);
  /** The {@link FIELD_KINDS} of each field, in order. */
  readonly kinds: Int32Array;
  readonly interner: TextInterner;
  readonly idOfText = new Map<string, number>();
  /** Name term number → its BM25 term id (-1 until first seen), so a name costs no string lookup. */
  readonly termIdOfName: Int32Array;
  readonly fieldTexts: Int32Array;
  readonly fieldTextEnds: Int32Array;
  /** The name index's `allStarts`, `allTerms` and `terms` (each tool's own name terms). */
  readonly nameStarts: Int32Array;
  readonly nameTerms: Int32Array;
  readonly nameTermStrings: readonly string[];

  constructor(kinds: Int32Array, interner: TextInterner, names: ToolNameIndex | undefined, pieceCount: number, fieldSlots: number) {
    this.kinds = kinds;
    this.interner = interner;
    this.termIdOfName = new Int32Array(names === undefined ? 0 : names.terms.length).fill(-1);
    this.fieldTexts = new Int32Array(pieceCount);
    this.fieldTextEnds = new Int32Array(fieldSlots);
    this.nameStarts = names === undefined ? new Int32Array(1) : names.allStarts;
    this.nameTerms = names === undefined ? new Int32Array(0) : names.allTerms;
    this.nameTermStrings = names === undefined ? [] : names.terms;
  }
}

// Each loop is a function whose loop is its last statement: a build's loops are compiled while
// they run (on-stack replacement), and code after a loop that had not yet run then has no type
// feedback, so reaching it deoptimized the loop's code, which the next build had to compile again.

/** The number of field texts of the documents: one per field, one per parameter for the parameter fields. */
function pieceCountOf(documents: readonly RankerDocument[], kinds: Int32Array): number {
  let pieceCount = 0;
  for (let id = 0; id < documents.length; id += 1) {
    const parameterCount = documents[id]!.parameters?.length ?? 0;
    for (let field = 0; field < kinds.length; field += 1) pieceCount += kinds[field] === FIELD_KINDS.parameterNames || kinds[field] === FIELD_KINDS.parameterDescriptions ? parameterCount : 1;
  }
  return pieceCount;
}

/**
 * Interns the texts of every field of every document, in order, and records each field's text
 * ids, {@link DOCUMENTS_PER_CALL} documents per call of {@link addChunkTexts}.
 */
function addFieldTexts(documents: readonly RankerDocument[], fields: FieldTexts): void {
  let piece = 0;
  for (let from = 0; from < documents.length; from += DOCUMENTS_PER_CALL) piece = addChunkTexts(documents, from, Math.min(documents.length, from + DOCUMENTS_PER_CALL), piece, fields);
}

/**
 * Documents per call of a build pass's loop. A loop that runs once per build over every document
 * is compiled by the JIT twice while it runs (the function, for a next call that never comes in
 * this build, then the running loop, on-stack); a loop over a slice of the documents, called
 * again for the next slice, is compiled once and runs compiled from the next call on.
 */
const DOCUMENTS_PER_CALL = 32;

/** {@link addFieldTexts} for documents `from` to `to` (exclusive), their pieces from `piece` on; returns the next piece. */
function addChunkTexts(documents: readonly RankerDocument[], from: number, to: number, piece: number, fields: FieldTexts): number {
  const { kinds, interner, idOfText, fieldTexts, fieldTextEnds } = fields;
  const fieldCount = kinds.length;
  // indexed loops: this runs once per build, much of it before the JIT has optimized it
  for (let id = from; id < to; id += 1) {
    const document = documents[id]!;
    const parameters = document.parameters ?? NO_PARAMETERS;
    for (let field = 0; field < fieldCount; field += 1) {
      const kind = kinds[field];
      if (kind === FIELD_KINDS.name) {
        fieldTexts[piece++] = addNameText(id, fields);
      } else if (kind === FIELD_KINDS.description) {
        fieldTexts[piece++] = textIdOf(document.description, idOfText, interner);
      } else if (kind === FIELD_KINDS.group) {
        fieldTexts[piece++] = textIdOf(document.group, idOfText, interner);
      } else if (kind === FIELD_KINDS.parameterNames) {
        for (let index = 0; index < parameters.length; index += 1) fieldTexts[piece++] = textIdOf(parameters[index]!.name, idOfText, interner);
      } else {
        for (let index = 0; index < parameters.length; index += 1) fieldTexts[piece++] = textIdOf(parameters[index]!.description, idOfText, interner);
      }
      fieldTextEnds[id * fieldCount + field] = piece;
    }
  }
  return piece;
}

/** The id of `text` among the interned texts, tokenized ({@link tokenizeText}) and added on first sight. */
function textIdOf(text: string, idOfText: Map<string, number>, interner: TextInterner): number {
  let id = idOfText.get(text);
  if (id === undefined) {
    id = interner.addText(tokenizeText(text));
    idOfText.set(text, id);
  }
  return id;
}

/** Adds tool `id`'s own name terms as a text of their own (no two tools share a name) and returns its id. */
function addNameText(id: number, fields: FieldTexts): number {
  const { nameStarts, nameTerms, nameTermStrings, termIdOfName, interner } = fields;
  for (let position = nameStarts[id]!, end = nameStarts[id + 1]!; position < end; position += 1) {
    const number = nameTerms[position]!;
    let termId = termIdOfName[number]!;
    if (termId === -1) termIdOfName[number] = termId = interner.termIdOf(nameTermStrings[number]!);
    interner.add(termId);
  }
  return interner.endText();
}
