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
   * Lowercased canonical name or alias → canonical name: of names equal but for case, the first
   * in sort order; an alias only when it is no tool's name.
   */
  readonly byLowerName: ReadonlyMap<string, string>;
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
  const names: string[] = [];
  const nameSet = new Set<string>();
  const byLowerName = new Map<string, string>();
  const termOfWord = new Map<string, number>();
  const termNumbers = new Map<string, number>();
  const terms: string[] = [];
  const allStarts = new Int32Array(documentCount + 1);
  let allTerms = new Int32Array(Math.max(16, documentCount * 4));
  const compoundNames = new Set<string>();
  let count = 0;
  // the whole names' terms, only once a name has a prefix (the own names' until then)
  let fullStarts: Int32Array<ArrayBuffer> | undefined;
  let fullTerms: Int32Array<ArrayBuffer> | undefined;
  let fullCount = 0;
  const numbering: TermNumbering = { termOfWord, termNumbers, terms };
  for (let id = 0; id < documentCount; id += 1) {
    const name = documents[id]!.name;
    names.push(name);
    nameSet.add(name);
    const lower = name.toLowerCase();
    const known = byLowerName.get(lower);
    if (known === undefined || name < known) byLowerName.set(lower, name);
    const words = tokenizeText(name, UNSTEMMED);
    const own = ownNameOf(name);
    if (own !== name && fullStarts === undefined) {
      // the first prefixed name: the names before it are their own names
      fullStarts = allStarts.slice();
      fullTerms = allTerms.slice();
      fullCount = count;
    }
    if (fullStarts !== undefined) {
      if (fullCount + words.length > fullTerms!.length) fullTerms = grow(fullTerms!, fullCount + words.length);
      for (let index = 0; index < words.length; index += 1) fullTerms![fullCount++] = numberOf(words[index]!, numbering);
      fullStarts[id + 1] = fullCount;
    }
    const ownWords = own === name ? words : tokenizeText(own, UNSTEMMED);
    if (count + ownWords.length > allTerms.length) allTerms = grow(allTerms, count + ownWords.length);
    for (let index = 0; index < ownWords.length; index += 1) allTerms[count++] = numberOf(ownWords[index]!, numbering);
    allStarts[id + 1] = count;
    if (words.length >= 2) compoundNames.add(name);
  }
  addAliases(documents, names, byLowerName);
  const distinct = distinctTermsOf(allStarts, allTerms, terms.length);
  const full = fullStarts === undefined ? { distinctStarts: distinct.distinctStarts, distinctTerms: distinct.distinctTerms } : distinctTermsOf(fullStarts, fullTerms!, terms.length);
  return {
    names,
    nameSet,
    byLowerName,
    termOfWord,
    termNumbers,
    terms,
    allStarts,
    allTerms,
    ...distinct,
    fullStarts: full.distinctStarts,
    fullTerms: full.distinctTerms,
    prefixed: fullStarts !== undefined,
    compoundNames,
  };
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

/** Aliases name their tool like its canonical name does, unless the alias is another tool's name. */
function addAliases(documents: readonly RankerDocument[], names: readonly string[], byLowerName: Map<string, string>): void {
  for (let id = 0; id < documents.length; id += 1) {
    const aliases = documents[id]!.aliases;
    if (aliases === undefined) continue;
    for (const alias of aliases) {
      if (!byLowerName.has(alias.toLowerCase())) byLowerName.set(alias.toLowerCase(), names[id]!);
    }
  }
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

/** A copy of `array` with room for at least `length` values. */
function grow(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(length, array.length * 2));
  grown.set(array);
  return grown;
}
