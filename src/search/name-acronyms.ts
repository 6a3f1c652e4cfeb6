import type { ToolNameIndex } from './index-tool-names.js';

/**
 * Acronyms of the word pairs in the catalog's names (`pull_request` → `pr`, `merge_request` →
 * `mr`): two-letter acronym → the two name terms, for the pairs of adjacent terms (both of at
 * least 3 characters, starting with an ASCII lower-case letter) that occur in at least two names
 * and, of the pairs sharing an acronym, occur most (ties: none). An acronym that is itself a
 * name term is left out (`id` in `get_by_id` keeps its meaning). Pairs are counted by term
 * number in a sorted typed array, so the build makes no string or map entry per pair; the
 * acronyms are in order of their first pair in the names.
 */
export function nameAcronyms(index: ToolNameIndex): Map<string, readonly [string, string]> {
  const { allStarts, allTerms, terms } = index;
  const termCount = terms.length;
  // each term's first letter (0–25) when it may start an acronym's pair, else -1
  const letterOf = new Int8Array(termCount);
  for (let term = 0; term < termCount; term += 1) {
    const text = terms[term]!;
    const code = text.charCodeAt(0);
    letterOf[term] = text.length >= 3 && code >= 97 && code <= 122 ? code - 97 : -1;
  }
  // every occurrence of a pair that may make an acronym, as first · termCount + second, sorted
  // so that each pair's occurrences are adjacent: counted without a map entry per pair (a number
  // up to termCount², exact in a Float64Array)
  const pairs = pairsOf(allStarts, allTerms, letterOf, termCount);
  // per acronym (26 · first letter + second letter): its most frequent pair, and whether another ties it
  const bestCount = new Int32Array(26 * 26);
  const bestPair = new Float64Array(26 * 26);
  const tied = new Uint8Array(26 * 26);
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
  const order = acronymsInOrder(allStarts, allTerms, letterOf);
  const acronyms = new Map<string, readonly [string, string]>();
  for (const acronym of order) {
    const text = String.fromCharCode(97 + Math.floor(acronym / 26), 97 + (acronym % 26));
    if (index.termNumbers.has(text) || bestCount[acronym]! < 2 || tied[acronym] === 1) continue;
    const first = Math.floor(bestPair[acronym]! / termCount);
    acronyms.set(text, [terms[first]!, terms[bestPair[acronym]! - first * termCount]!]);
  }
  return acronyms;
}

/** The pairs of adjacent name terms that both may start an acronym's word (`letterOf` ≥ 0), as `first · termCount + second`, ascending. */
function pairsOf(allStarts: Int32Array, allTerms: Int32Array, letterOf: Int8Array, termCount: number): Float64Array {
  const pairs = new Float64Array(Math.max(0, allTerms.length - 1));
  let count = 0;
  for (let id = 0; id + 1 < allStarts.length; id += 1) {
    for (let position = allStarts[id]!, end = allStarts[id + 1]! - 1; position < end; position += 1) {
      const first = allTerms[position]!;
      const second = allTerms[position + 1]!;
      if (letterOf[first]! >= 0 && letterOf[second]! >= 0) pairs[count++] = first * termCount + second;
    }
  }
  return pairs.subarray(0, count).sort();
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
