import { stemWord } from './tokenize-text.js';

/** Characters of a piece at least: shorter ones (`uni`, `eum`) are mostly fragments, not words. */
const MIN_PIECE_CHARS = 4;
/** Characters of a word at most that is split: longer runs are pasted identifiers or noise. */
const MAX_SPLIT_CHARS = 32;

/**
 * Derivational endings tried by {@link wordPiecesOf}, longest first, each with the endings its
 * base may have had (`customizable` → `customize`, `redecorating` is left to the stemmer).
 */
const SUFFIXES: readonly (readonly [string, readonly string[]])[] = [
  ['ability', ['', 'e']],
  ['ibility', ['', 'e']],
  ['ization', ['ize', '']],
  ['ations', ['e', '']],
  ['ation', ['e', '']],
  ['ness', ['', 'y']],
  ['ables', ['', 'e']],
  ['ments', ['']],
  ['ment', ['']],
  ['able', ['', 'e']],
  ['ible', ['', 'e']],
  ['less', ['']],
  ['ful', ['']],
  ['ity', ['', 'e']],
  ['ily', ['y']],
  ['ly', ['']],
];

/**
 * The known words a word the thesaurus lacks is made of: its base before a derivational ending
 * (`customizable` → `custom`… the first of `customiz`, `customize` that `isWord` knows), else
 * the two known words it is written as (`smartwatch` → `smart`, `watch`; `cybersecurity` →
 * `cyber`, `security`; `chessboard` → `chess`, `board`), each stemmed as the index stems
 * (`stemWord`) and of at least 4 characters; of several splits, the one whose shorter piece is
 * longest. `[]` when the word is not 6–32 ASCII letters or has no such pieces. Pure.
 *
 * @param word the word as written, lowercased (`QueryTerm.word`).
 * @param isWord whether a stem is a word worth matching (in the thesaurus or the index).
 */
export function wordPiecesOf(word: string, isWord: (stem: string) => boolean): string[] {
  if (word.length < 2 + MIN_PIECE_CHARS || word.length > MAX_SPLIT_CHARS || !/^[a-z]+$/.test(word)) return [];
  for (const [suffix, restorations] of SUFFIXES) {
    if (!word.endsWith(suffix) || word.length - suffix.length < MIN_PIECE_CHARS) continue;
    const base = word.slice(0, -suffix.length);
    for (const restoration of restorations) {
      const stem = stemWord(base + restoration);
      if (stem.length >= MIN_PIECE_CHARS && isWord(stem)) return [stem];
    }
  }
  let best: string[] = [];
  let bestShorter = 0;
  for (let at = MIN_PIECE_CHARS; at <= word.length - MIN_PIECE_CHARS; at += 1) {
    const shorter = Math.min(at, word.length - at);
    if (shorter <= bestShorter) continue;
    const left = stemWord(word.slice(0, at));
    const right = stemWord(word.slice(at));
    if (left.length >= MIN_PIECE_CHARS && right.length >= MIN_PIECE_CHARS && isWord(left) && isWord(right)) {
      best = left === right ? [left] : [left, right];
      bestShorter = shorter;
    }
  }
  return best;
}
