import Fuse from 'fuse.js';

/** Shortest query term a typo is looked for in: shorter words are too ambiguous to correct. */
const MIN_TYPO_TERM_CHARS = 4;
/** Longest query term a typo is looked for in: longer ones are pasted identifiers, not words. */
const MAX_TYPO_TERM_CHARS = 24;
/** How far the length of a correction may be from the term's (insertions and deletions). */
const LENGTH_SLACK = 2;
/** fuse.js score at most (0 = exact, 1 = anything): about one edit in five characters. */
const MAX_FUSE_SCORE = 0.34;

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
}

/**
 * fuse.js over the distinct words of the tool names, for typo-tolerant name matching: fuse's
 * bitap scoring is good on short strings such as name words and slow on long text, so it only
 * ever sees name words, bucketed by length (a word of n characters is compared with words of
 * n ± 2 characters). Words are compared as written, not stemmed (`isue` is close to `issue`,
 * not to its stem `issu`). Built once; `correct` is pure.
 *
 * @param nameWords the name words as written (`tokenizeText(name, { stem: false })`).
 * @param stem maps a name word to its index term.
 */
export function createNameTypoCorrector(nameWords: Iterable<string>, stem: (word: string) => string): NameTypoCorrector {
  const byLength = new Map<number, string[]>();
  for (const term of new Set(nameWords)) {
    if (term.length < MIN_TYPO_TERM_CHARS - LENGTH_SLACK || /^\d+$/.test(term)) continue;
    const bucket = byLength.get(term.length) ?? [];
    bucket.push(term);
    byLength.set(term.length, bucket);
  }
  const fuseByLength = new Map<number, Fuse<string>>();
  for (let length = MIN_TYPO_TERM_CHARS; length <= MAX_TYPO_TERM_CHARS; length += 1) {
    const words: string[] = [];
    for (let near = length - LENGTH_SLACK; near <= length + LENGTH_SLACK; near += 1) words.push(...(byLength.get(near) ?? []));
    if (words.length === 0) continue;
    words.sort();
    fuseByLength.set(length, new Fuse(words, { includeScore: true, threshold: MAX_FUSE_SCORE, ignoreLocation: true }));
  }

  return {
    correct(word: string): TypoCorrection | undefined {
      const fuse = fuseByLength.get(word.length);
      if (fuse === undefined) return undefined;
      const best = fuse.search(word, { limit: 1 })[0];
      if (best === undefined || best.score === undefined || best.score > MAX_FUSE_SCORE) return undefined;
      return { term: stem(best.item), similarity: 1 - best.score };
    },
  };
}
