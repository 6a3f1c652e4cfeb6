import Fuse from 'fuse.js';
import { editDistance } from './edit-distance.js';

/** Shortest query term a typo is looked for in: shorter words are too ambiguous to correct. */
const MIN_TYPO_TERM_CHARS = 4;
/** Longest query term a typo is looked for in: longer ones are pasted identifiers, not words. */
const MAX_TYPO_TERM_CHARS = 24;
/** How far the length of a correction may be from the term's (insertions and deletions). */
const LENGTH_SLACK = 2;
/** fuse.js score at most (0 = exact, 1 = anything): about one edit in five characters. */
const MAX_FUSE_SCORE = 0.34;
/**
 * Similarity of a name word that is the query word with two neighbouring letters swapped
 * (`serach` → `search`, `lsit` → `list`): the commonest typo, two edits to fuse.js's bitap, which
 * scores it below the threshold for short words; as close as one wrong letter in five.
 */
const TRANSPOSITION_SIMILARITY = 0.8;
/**
 * Candidates fuse.js is asked for: its bitap search matches the word anywhere inside a longer
 * one (`read` is one letter from the `reat` of `create`), so its best few are checked as whole
 * words ({@link editDistance}) and the first that is close enough is the correction.
 */
const FUSE_CANDIDATES = 5;

/** A name word a mistyped query word most likely meant. */
export interface TypoCorrection {
  /** The name word's index term (stemmed). */
  readonly term: string;
  /** `1 − fuse score`: 1 is exact, about 0.66 is the weakest correction returned. */
  readonly similarity: number;
}

/** Finds the name word a mistyped query word meant (`broswer` → `browser`). */
export interface NameTypoCorrector {
  /**
   * The closest name word to `word` (as written, lowercased, not stemmed), or `undefined` when
   * none is close enough or the word is too short or long.
   */
  correct(word: string): TypoCorrection | undefined;
  /**
   * True when `word` (as written, lowercased) is a name word with two neighbouring, different
   * letters swapped (`lsit` for `list`) and is within the corrected lengths: a certain typo,
   * which English prose rarely spells by chance.
   */
  transposes(word: string): boolean;
}

/**
 * fuse.js over the distinct words of the tool names, for typo-tolerant name matching: fuse's
 * bitap scoring is good on short strings such as name words and slow on long text, so it only
 * ever sees name words, bucketed by length (a word of n characters is compared with words of
 * n ± 2 characters), each length's index built on its first use. Words are compared as written,
 * not stemmed (`isue` is close to `issue`, not to its stem `issu`). A word that is a name word
 * with two neighbouring letters swapped (`serach`, `lsit`) is corrected to it before fuse.js is
 * asked, at similarity 0.8. `correct` is pure: the same word always gets the same correction.
 *
 * @param nameWords the name words as written (`tokenizeText(name, { stem: false })`).
 * @param stem maps a name word to its index term.
 */
export function createNameTypoCorrector(nameWords: Iterable<string>, stem: (word: string) => string): NameTypoCorrector {
  const byLength = new Map<number, string[]>();
  const words = new Set(nameWords);
  for (const term of words) {
    if (term.length < MIN_TYPO_TERM_CHARS - LENGTH_SLACK || isDigits(term)) continue;
    const bucket = byLength.get(term.length) ?? [];
    bucket.push(term);
    byLength.set(term.length, bucket);
  }
  // a length's fuse.js index is built when a word of that length is first corrected (most
  // catalogs see a few lengths corrected, if any): the same index, so the same corrections
  const fuseByLength = new Map<number, Fuse<string> | null>();
  function fuseFor(length: number): Fuse<string> | null {
    let fuse = fuseByLength.get(length);
    if (fuse !== undefined) return fuse;
    const words: string[] = [];
    for (let near = length - LENGTH_SLACK; near <= length + LENGTH_SLACK; near += 1) words.push(...(byLength.get(near) ?? []));
    words.sort();
    fuse = words.length === 0 ? null : new Fuse(words, { includeScore: true, threshold: MAX_FUSE_SCORE, ignoreLocation: true });
    fuseByLength.set(length, fuse);
    return fuse;
  }

  return {
    correct(word: string): TypoCorrection | undefined {
      if (word.length < MIN_TYPO_TERM_CHARS || word.length > MAX_TYPO_TERM_CHARS) return undefined;
      const swapped = transposedNameWord(word, words);
      if (swapped !== undefined) return { term: stem(swapped), similarity: TRANSPOSITION_SIMILARITY };
      const fuse = fuseFor(word.length);
      if (fuse === null) return undefined;
      // the edits a whole-word correction may take: fuse.js's threshold, about one in five characters, at least one
      const maxEdits = Math.max(1, Math.floor(word.length * MAX_FUSE_SCORE));
      for (const candidate of fuse.search(word, { limit: FUSE_CANDIDATES })) {
        if (candidate.score === undefined || candidate.score > MAX_FUSE_SCORE) break;
        if (editDistance(word, candidate.item, maxEdits) <= maxEdits) return { term: stem(candidate.item), similarity: 1 - candidate.score };
      }
      return undefined;
    },
    transposes(word: string): boolean {
      return word.length >= MIN_TYPO_TERM_CHARS && word.length <= MAX_TYPO_TERM_CHARS && transposedNameWord(word, words) !== undefined;
    },
  };
}

/** The first name word (in position order) that is `word` with two neighbouring, different letters swapped; `undefined` when none is. */
function transposedNameWord(word: string, nameWords: ReadonlySet<string>): string | undefined {
  for (let index = 0; index + 1 < word.length; index += 1) {
    if (word[index] === word[index + 1]) continue;
    const swapped = `${word.slice(0, index)}${word[index + 1]}${word[index]}${word.slice(index + 2)}`;
    if (nameWords.has(swapped)) return swapped;
  }
  return undefined;
}

/** True when `word` is all ASCII digits (`/^\d+$/` without a regular expression per name word). */
function isDigits(word: string): boolean {
  // the length tested first: nothing but a constant after the loop, which the JIT compiles
  // while it runs (a comparison after it that had not run yet deoptimized that code)
  if (word.length === 0) return false;
  for (let index = 0; index < word.length; index += 1) {
    const code = word.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
