import type { RankerDocument } from './tool-ranker.js';

/** A two-capital word as a description writes an acronym (`AI`, `AIs`), at word edges: the pattern a query's acronyms are read by (capitalWords, name-acronyms.ts). */
const ACRONYM_WORD = /\b[A-Z]{2}s?\b/g;

/**
 * The two-letter acronyms the tools' descriptions write themselves, lowercased, the plural's `s`
 * dropped (`AI` of "an AI coding agent" → `ai`): words with a meaning of their own in this
 * catalog, so that a query writing `AI` means that word, not the pair of name words whose
 * initials it happens to be (`add_issue_comment`; nameAcronyms of name-acronyms.ts leaves these
 * out). Only two capitals at word edges count: `PR` only when some description writes `PR`, never
 * the lower-case `pr` of a parameter name nor the `AI` inside `xAI`. Reads each description once
 * (about 3 ms for 10,000 descriptions of 2.2 MB, warm); empty when none writes one.
 */
export function describedAcronyms(documents: readonly RankerDocument[]): Set<string> {
  const acronyms = new Set<string>();
  for (const { description } of documents) {
    for (const [word] of description.matchAll(ACRONYM_WORD)) acronyms.add(word.slice(0, 2).toLowerCase());
  }
  return acronyms;
}
