import { MAX_QUERY_SCAN_CHARS } from './query-terms.js';
import { stemWord } from './tokenize-text.js';

/** A word with a capital after a lower-case letter (`GitHub`, `getFile`). */
const MIXED_CASE_WORD = /[a-z][A-Z]/;
const MIXED_CASE_WORDS = /[A-Za-z0-9]*[a-z][A-Z][A-Za-z0-9]*/g;

/**
 * `query` with each word written in capitals-inside (`GitHub`, `YouTube`) that the index holds
 * whole (`has` of its stem: a group or text spelling it `github`) lowercased, so it is ranked as
 * that one term rather than as `git` and `hub`; the query as it is when it has no such word.
 * Reads at most {@link MAX_QUERY_SCAN_CHARS} characters of a query that has one (C12).
 */
export function joinIndexedCompounds(query: string, has: (term: string) => boolean): string {
  if (!MIXED_CASE_WORD.test(query)) return query;
  return query.slice(0, MAX_QUERY_SCAN_CHARS).replace(MIXED_CASE_WORDS, (word) => (has(stemWord(word.toLowerCase())) ? word.toLowerCase() : word));
}
