/**
 * Numbers the terms of an index build's texts as the texts are added (what `Bm25Texts` of build-bm25-postings.ts
 * holds), so a text's term strings can be dropped as soon as it is added: a build that kept
 * every text's string array until the end (70,000 strings at 10,000 tools) had the garbage
 * collector copy them in each young-generation collection of the build.
 *
 * Term ids are `0, 1, …` in order of first sight; text ids `0, 1, …` in order of addition.
 */
export interface TextInterner {
  /** The id of `term`, numbered on first sight. */
  termIdOf(term: string): number;
  /** Appends a term (by id, from {@link TextInterner.termIdOf}) to the text being added. */
  add(termId: number): void;
  /** Ends the text being added (its terms are those `add`ed since the last text ended, maybe none) and returns its id. */
  endText(): number;
  /** Adds a whole text given as its terms: `add(termIdOf(term))` for each, then `endText()`. */
  addText(terms: readonly string[]): number;
  /**
   * The terms and texts so far: text `t`'s term ids are `textTermIds[textStarts[t]]` to
   * `textTermIds[textStarts[t + 1]]` (exclusive). Views of the interner's arrays: call once,
   * when every text is added.
   */
  finish(): { readonly termIds: Map<string, number>; readonly textStarts: Int32Array; readonly textTermIds: Int32Array };
}

/**
 * A {@link TextInterner}.
 *
 * @param expectedTerms term occurrences to make room for at first (the arrays grow as needed). Default 1,024.
 */
export function createTextInterner(expectedTerms = 1_024): TextInterner {
  const termIds = new Map<string, number>();
  let textStarts = new Int32Array(256);
  let textTermIds = new Int32Array(Math.max(16, expectedTerms));
  let textCount = 0;
  let position = 0;

  function termIdOf(term: string): number {
    let termId = termIds.get(term);
    if (termId === undefined) {
      termId = termIds.size;
      termIds.set(term, termId);
    }
    return termId;
  }

  function add(termId: number): void {
    if (position === textTermIds.length) textTermIds = grown(textTermIds, position + 1);
    textTermIds[position++] = termId;
  }

  function endText(): number {
    if (textCount + 2 > textStarts.length) textStarts = grown(textStarts, textCount + 2);
    textStarts[++textCount] = position;
    return textCount - 1;
  }

  return {
    termIdOf,
    add,
    endText,
    addText(terms) {
      // indexed loop: this runs for every distinct text of a build, much of it before the JIT has optimized it
      for (let index = 0; index < terms.length; index += 1) add(termIdOf(terms[index]!));
      return endText();
    },
    finish: () => ({ termIds, textStarts: textStarts.subarray(0, textCount + 1), textTermIds: textTermIds.subarray(0, position) }),
  };
}

/** A copy of `array` with room for at least `length` values. */
function grown(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  const copy = new Int32Array(Math.max(length, array.length * 2));
  copy.set(array);
  return copy;
}
