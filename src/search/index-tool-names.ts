import { indexAliases, type SharedAliases } from './index-aliases.js';
import { normalizeNameText } from './normalize-name-text.js';
import { ownNameOf } from './own-name-of.js';
import { stemWord, tokenizeText } from './tokenize-text.js';
import type { RankerDocument } from './tool-ranker.js';

/**
 * The hybrid ranker's index of the tools' names ({@link indexToolNames}). Name terms are
 * numbered (`terms[t]` is term `t`); per-tool lists are laid out in typed arrays, tool `id`'s
 * at `starts[id]` to `starts[id + 1]` (exclusive).
 */
export interface ToolNameIndex {
  /** The canonical names, by document index. */
  readonly names: readonly string[];
  readonly nameSet: ReadonlySet<string>;
  /**
   * Canonical name or alias, normalized ({@link normalizeNameText}) and lowercased → canonical
   * name: of names equal but for case (or with one normal form), the first in sort order; an
   * alias only when it is no tool's name in that form and one tool's alias only (see `sharedAliases`).
   */
  readonly byLowerName: ReadonlyMap<string, string>;
  /**
   * An alias of two or more tools (C9), normalized and lowercased, that is no tool's name in that
   * form → its forms as the options spell them, normalized ({@link normalizeNameText}, case kept)
   * → the tools with that form, sorted: `File.Open` for one tool and `file.open` for another, or
   * `search` for two servers' `search` tools. Empty when no alias is shared.
   */
  readonly sharedAliases: SharedAliases;
  /** Name word as written (lowercased, not stemmed) → its term's number; its keys are the distinct name words. */
  readonly termOfWord: ReadonlyMap<string, number>;
  /** Name term (stemmed) → its number. */
  readonly termNumbers: ReadonlyMap<string, number>;
  /** Term number → name term. */
  readonly terms: readonly string[];
  /**
   * Each tool's own name terms in order (numbers, repeats kept): the terms of its name without an
   * `mcp__<server>__` prefix ({@link ownNameOf}; the prefix is the group), which the BM25 index
   * reads as the name field.
   */
  readonly allStarts: Int32Array;
  readonly allTerms: Int32Array;
  /** Each tool's distinct own name terms in order of first occurrence (numbers). */
  readonly distinctStarts: Int32Array;
  readonly distinctTerms: Int32Array;
  /**
   * Each tool's distinct terms of its whole name, prefix included, for mistyped `select:` entries
   * (C9); the same arrays as `distinctStarts` / `distinctTerms` when no name has a prefix.
   */
  readonly fullStarts: Int32Array;
  readonly fullTerms: Int32Array;
  /** Whether some name has an `mcp__<server>__` prefix (its own name differs from it). */
  readonly prefixed: boolean;
  /** Names of two or more words. */
  readonly compoundNames: ReadonlySet<string>;
}

/**
 * Splits every document's name into its terms ({@link tokenizeText} without stemming, then
 * {@link stemWord} once per distinct word: 10,000 names hold ~37,000 words, ~8,000 distinct) and
 * numbers them. Indexed loops and no sort (10,000 names cost ~15 ms to sort): the build runs
 * once, much of it before the JIT has optimized it.
 */
export function indexToolNames(documents: readonly RankerDocument[]): ToolNameIndex {
  const documentCount = documents.length;
  const numbering: TermNumbering = { termOfWord: new Map(), termNumbers: new Map(), terms: [] };
  // a name of n characters has at most n words: room for every name's terms, never grown inside
  // the loop (a growth first met after the loop was compiled would deoptimize it)
  const capacity = Math.max(16, totalLength(documents));
  const words: NameWords = {
    names: [],
    nameSet: new Set(),
    byLowerName: new Map(),
    compoundNames: new Set(),
    allStarts: new Int32Array(documentCount + 1),
    allTerms: new Int32Array(capacity),
    fullStarts: new Int32Array(documentCount + 1),
    fullTerms: new Int32Array(capacity),
  };
  const prefixed = numberNameWords(documents, numbering, words);
  const { names, byLowerName, allStarts, fullStarts } = words;
  const allTerms = words.allTerms.slice(0, allStarts[documentCount]);
  const sharedAliases = indexAliases(documents, byLowerName);
  const distinct = distinctTermsOf(allStarts, allTerms, numbering.terms.length);
  const full = !prefixed ? distinct : distinctTermsOf(fullStarts, words.fullTerms.subarray(0, fullStarts[documentCount]), numbering.terms.length);
  return {
    names,
    nameSet: words.nameSet,
    byLowerName,
    sharedAliases,
    termOfWord: numbering.termOfWord,
    termNumbers: numbering.termNumbers,
    terms: numbering.terms,
    allStarts,
    allTerms,
    // properties written out, no spread: an object literal's hidden class (V8's map) outlives the
    // index, where one grown by a spread dies with it and deoptimizes the code compiled for it
    distinctStarts: distinct.distinctStarts,
    distinctTerms: distinct.distinctTerms,
    fullStarts: full.distinctStarts,
    fullTerms: full.distinctTerms,
    prefixed,
    compoundNames: words.compoundNames,
  };
}

/** What {@link numberNameWords} fills. */
interface NameWords {
  readonly names: string[];
  readonly nameSet: Set<string>;
  readonly byLowerName: Map<string, string>;
  readonly compoundNames: Set<string>;
  /** Each tool's own name terms (numbers), tool `id`'s from `allStarts[id]` to `allStarts[id + 1]`. */
  readonly allStarts: Int32Array;
  readonly allTerms: Int32Array;
  /** Each tool's whole name terms, prefix included (the own ones for a name without a prefix). */
  readonly fullStarts: Int32Array;
  readonly fullTerms: Int32Array;
}

/** The sum of the names' lengths. */
function totalLength(documents: readonly RankerDocument[]): number {
  let length = 0;
  for (let id = 0; id < documents.length; id += 1) length += documents[id]!.name.length;
  return length;
}

/**
 * Numbers every name's words (the whole name's, then its own name's: the order the terms are
 * numbered in) into `words`; true when some name has an `mcp__<server>__` prefix. A slice of the
 * names per call of {@link numberNameSlice} (`DOCUMENTS_PER_CALL` of index-document-fields.ts says why).
 */
function numberNameWords(documents: readonly RankerDocument[], numbering: TermNumbering, words: NameWords): boolean {
  let prefixed = false;
  for (let from = 0; from < documents.length; from += NAMES_PER_CALL) {
    if (numberNameSlice(documents, from, Math.min(documents.length, from + NAMES_PER_CALL), numbering, words)) prefixed = true;
  }
  return prefixed;
}

/** Names per call of {@link numberNameSlice}: compiled once by the JIT and run compiled from the next call on, not compiled again while it runs. */
const NAMES_PER_CALL = 32;

/**
 * {@link numberNameWords} for names `from` to `to` (exclusive), the earlier ones numbered. The loop
 * is the function's last statement: the JIT compiles it while it runs, and code after it that had
 * not run yet deoptimized that compiled code, which the next build then compiled again.
 */
function numberNameSlice(documents: readonly RankerDocument[], from: number, to: number, numbering: TermNumbering, words: NameWords): boolean {
  const { names, nameSet, byLowerName, compoundNames, allStarts, allTerms, fullStarts, fullTerms } = words;
  let count = allStarts[from]!;
  let fullCount = fullStarts[from]!;
  let prefixed = false;
  for (let id = from; id < to; id += 1) {
    const name = documents[id]!.name;
    names.push(name);
    nameSet.add(name);
    const lower = normalizeNameText(name).toLowerCase();
    const known = byLowerName.get(lower);
    if (known === undefined || name < known) byLowerName.set(lower, name);
    const nameWords = tokenizeText(name, UNSTEMMED);
    for (let index = 0; index < nameWords.length; index += 1) fullTerms[fullCount++] = numberOf(nameWords[index]!, numbering);
    fullStarts[id + 1] = fullCount;
    const own = ownNameOf(name);
    if (own === name) {
      for (let position = fullStarts[id]!; position < fullCount; position += 1) allTerms[count++] = fullTerms[position]!;
    } else {
      prefixed = true;
      const ownWords = tokenizeText(own, UNSTEMMED);
      for (let index = 0; index < ownWords.length; index += 1) allTerms[count++] = numberOf(ownWords[index]!, numbering);
    }
    allStarts[id + 1] = count;
    if (nameWords.length >= 2) compoundNames.add(name);
  }
  return prefixed;
}

const UNSTEMMED = { stem: false } as const;

/** The name words' numbering as {@link indexToolNames} builds it. */
interface TermNumbering {
  readonly termOfWord: Map<string, number>;
  readonly termNumbers: Map<string, number>;
  readonly terms: string[];
}

/**
 * The number of a name word's term, numbering the word and its term on first sight. A function
 * of the module, not a closure made per build: every build then calls the same function, so code
 * the JIT optimized for one build (this call inlined) still holds for the next.
 */
function numberOf(word: string, numbering: TermNumbering): number {
  let number = numbering.termOfWord.get(word);
  if (number === undefined) {
    const term = stemWord(word);
    number = numbering.termNumbers.get(term);
    if (number === undefined) {
      number = numbering.terms.length;
      numbering.termNumbers.set(term, number);
      numbering.terms.push(term);
    }
    numbering.termOfWord.set(word, number);
  }
  return number;
}

/** Each tool's distinct terms, in order of first occurrence. */
function distinctTermsOf(allStarts: Int32Array, allTerms: Int32Array, termCount: number): { distinctStarts: Int32Array; distinctTerms: Int32Array } {
  const documentCount = allStarts.length - 1;
  const distinctStarts = new Int32Array(documentCount + 1);
  const distinctTerms = new Int32Array(allStarts[documentCount]!);
  const count = writeDistinctTerms(allStarts, allTerms, termCount, distinctStarts, distinctTerms);
  return { distinctStarts, distinctTerms: count === distinctTerms.length ? distinctTerms : distinctTerms.slice(0, count) };
}

/**
 * Writes {@link distinctTermsOf}'s arrays; returns the number of distinct terms written. Its loop
 * is its last statement: the JIT compiles it while it runs, and code after it that had not run
 * yet deoptimized that compiled code.
 */
function writeDistinctTerms(allStarts: Int32Array, allTerms: Int32Array, termCount: number, distinctStarts: Int32Array, distinctTerms: Int32Array): number {
  const documentCount = allStarts.length - 1;
  const lastToolOfTerm = new Int32Array(termCount).fill(-1);
  let count = 0;
  for (let id = 0; id < documentCount; id += 1) {
    for (let index = allStarts[id]!, end = allStarts[id + 1]!; index < end; index += 1) {
      const term = allTerms[index]!;
      if (lastToolOfTerm[term] === id) continue;
      lastToolOfTerm[term] = id;
      distinctTerms[count++] = term;
    }
    distinctStarts[id + 1] = count;
  }
  return count;
}
