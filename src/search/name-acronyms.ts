import type { ToolNameIndex } from './index-tool-names.js';
import { MAX_QUERY_SCAN_CHARS } from './query-terms.js';

/**
 * The name words a two-capital word of a query abbreviates (`pr`, or the plural `prs`, lowercased)
 * among `acronyms` ({@link nameAcronyms}), or `undefined` when it abbreviates none.
 */
export function acronymExpansion(word: string, acronyms: ReadonlyMap<string, readonly [string, string]>): readonly [string, string] | undefined {
  return acronyms.get(word) ?? (word.length === 3 && word.endsWith('s') ? acronyms.get(word.slice(0, 2)) : undefined);
}

/** The words of `query` (its first {@link MAX_QUERY_SCAN_CHARS} characters) written as a two-capital acronym, lowercased (`PR`, `PRs` → `pr`, `prs`); empty when none. */
export function capitalWords(query: string): Set<string> {
  return new Set((query.slice(0, MAX_QUERY_SCAN_CHARS).match(/\b[A-Z]{2}s?\b/g) ?? []).map((word) => word.toLowerCase()));
}

/**
 * Acronyms of the word pairs in the catalog's names (`pull_request` → `pr`, `merge_request` →
 * `mr`): two-letter acronym → the two name terms, for the pairs of adjacent terms (both of at
 * least 3 characters, starting with an ASCII lower-case letter) that occur in at least two names
 * and, of the pairs sharing an acronym, occur most (ties: none). An acronym that is itself a
 * name term is left out (`id` in `get_by_id` keeps its meaning), and so is one of `described`, the
 * acronyms the catalog's descriptions write themselves (describedAcronyms, described-acronyms.ts: `AI` of "an
 * AI agent" is not `add_issue`). Pairs are counted by term
 * number in a sorted typed array, so the build makes no string or map entry per pair; the
 * acronyms are in order of their first pair in the names.
 */
export function nameAcronyms(index: ToolNameIndex, described: ReadonlySet<string> = new Set()): Map<string, readonly [string, string]> {
  const { allStarts, allTerms, terms } = index;
  const termCount = terms.length;
  // each term's first letter (0–25) when it may start an acronym's pair, else -1
  const letterOf = new Int8Array(termCount);
  firstLetters(terms, letterOf);
  // every occurrence of a pair that may make an acronym, as first · termCount + second, sorted
  // so that each pair's occurrences are adjacent: counted without a map entry per pair (a number
  // up to termCount², exact in a Float64Array)
  const pairs = pairsOf(allStarts, allTerms, letterOf, termCount);
  // per acronym (26 · first letter + second letter): its most frequent pair, and whether another ties it
  const bestCount = new Int32Array(26 * 26);
  const bestPair = new Float64Array(26 * 26);
  const tied = new Uint8Array(26 * 26);
  countBestPairs(pairs, letterOf, termCount, bestCount, bestPair, tied);
  const order = acronymsInOrder(allStarts, allTerms, letterOf);
  const acronyms = new Map<string, readonly [string, string]>();
  for (const acronym of order) {
    const text = String.fromCharCode(97 + Math.floor(acronym / 26), 97 + (acronym % 26));
    if (index.termNumbers.has(text) || described.has(text) || bestCount[acronym]! < 2 || tied[acronym] === 1) continue;
    const first = Math.floor(bestPair[acronym]! / termCount);
    acronyms.set(text, [terms[first]!, terms[bestPair[acronym]! - first * termCount]!]);
  }
  return acronyms;
}

// Each loop is a function whose loop is its last statement: the JIT compiles a build's loops
// while they run, and code after a loop that had not run yet deoptimized that compiled code.

/** Each term's first letter (0–25) into `letterOf` when the term may start an acronym's pair (3 or more characters, from `a` to `z`), else -1. */
function firstLetters(terms: readonly string[], letterOf: Int8Array): void {
  for (let term = 0; term < terms.length; term += 1) {
    const text = terms[term]!;
    const code = text.charCodeAt(0);
    letterOf[term] = text.length >= 3 && code >= 97 && code <= 122 ? code - 97 : -1;
  }
}

/** Per acronym, from the sorted pair occurrences: the count of its most frequent pair, that pair, and 1 in `tied` when another pair has that count too. */
function countBestPairs(pairs: Float64Array, letterOf: Int8Array, termCount: number, bestCount: Int32Array, bestPair: Float64Array, tied: Uint8Array): void {
  for (let start = 0; start < pairs.length; ) {
    const pair = pairs[start]!;
    let end = start + 1;
    while (end < pairs.length && pairs[end] === pair) end += 1;
    const count = end - start;
    start = end;
    const first = Math.floor(pair / termCount);
    const acronym = 26 * letterOf[first]! + letterOf[pair - first * termCount]!;
    if (count > bestCount[acronym]!) {
      bestCount[acronym] = count;
      bestPair[acronym] = pair;
      tied[acronym] = 0;
    } else if (count === bestCount[acronym]) {
      tied[acronym] = 1;
    }
  }
}

/** The pairs of adjacent name terms that both may start an acronym's word (`letterOf` ≥ 0), as `first · termCount + second`, ascending. */
function pairsOf(allStarts: Int32Array, allTerms: Int32Array, letterOf: Int8Array, termCount: number): Float64Array {
  const pairs = new Float64Array(Math.max(0, allTerms.length - 1));
  return pairs.subarray(0, writePairs(allStarts, allTerms, letterOf, termCount, pairs)).sort();
}

/** Writes the pairs of {@link pairsOf} into `pairs`, in name order; returns how many. */
function writePairs(allStarts: Int32Array, allTerms: Int32Array, letterOf: Int8Array, termCount: number, pairs: Float64Array): number {
  let count = 0;
  for (let id = 0; id + 1 < allStarts.length; id += 1) {
    for (let position = allStarts[id]!, end = allStarts[id + 1]! - 1; position < end; position += 1) {
      const first = allTerms[position]!;
      const second = allTerms[position + 1]!;
      if (letterOf[first]! >= 0 && letterOf[second]! >= 0) pairs[count++] = first * termCount + second;
    }
  }
  return count;
}

/** The acronyms of the names' pairs (26 · first letter + second letter), each once, in order of their first pair in the names. */
function acronymsInOrder(allStarts: Int32Array, allTerms: Int32Array, letterOf: Int8Array): number[] {
  const seen = new Uint8Array(26 * 26);
  const order: number[] = [];
  for (let id = 0; id + 1 < allStarts.length; id += 1) {
    for (let position = allStarts[id]!, end = allStarts[id + 1]! - 1; position < end; position += 1) {
      const first = letterOf[allTerms[position]!]!;
      const second = letterOf[allTerms[position + 1]!]!;
      if (first < 0 || second < 0 || seen[26 * first + second] === 1) continue;
      seen[26 * first + second] = 1;
      order.push(26 * first + second);
    }
  }
  return order;
}
