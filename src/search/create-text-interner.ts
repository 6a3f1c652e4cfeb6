/**
 * Numbers the terms of an index build's texts as the texts are added (what `Bm25Texts` of
 * build-bm25-postings.ts holds), so a text's term strings can be dropped as soon as it is added:
 * a build that kept every text's string array until the end (70,000 strings at 10,000 tools)
 * had the garbage collector copy them in each young-generation collection of the build.
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
  return new Interner(expectedTerms);
}

/**
 * A class, not closures made per call: every build's interner then has the same methods, so the
 * code the JIT optimized for one build (its calls inlined) still holds for the next, where a new
 * closure per build is a new call target that deoptimizes it.
 */
class Interner implements TextInterner {
  /**
   * An interner kept as long as the class, so the hidden class (V8's map) of every build's
   * interner outlives the build: when the last object of a map dies, a collection frees the map
   * and deoptimizes the code compiled for it (`weak objects`), and the next build in the process
   * (a turn's client tools, the bench's next catalog) compiled the interning loops again.
   */
  static readonly shapeKeeper: Interner = new Interner(16);
  private readonly termIds = new Map<string, number>();
  private textStarts = new Int32Array(256);
  private textTermIds: Int32Array<ArrayBuffer>;
  private textCount = 0;
  private position = 0;

  constructor(expectedTerms: number) {
    this.textTermIds = new Int32Array(Math.max(16, expectedTerms));
  }

  termIdOf(term: string): number {
    let termId = this.termIds.get(term);
    if (termId === undefined) {
      termId = this.termIds.size;
      this.termIds.set(term, termId);
    }
    return termId;
  }

  add(termId: number): void {
    if (this.position === this.textTermIds.length) this.textTermIds = grown(this.textTermIds, this.position + 1);
    this.textTermIds[this.position++] = termId;
  }

  endText(): number {
    if (this.textCount + 2 > this.textStarts.length) this.textStarts = grown(this.textStarts, this.textCount + 2);
    this.textStarts[++this.textCount] = this.position;
    return this.textCount - 1;
  }

  addText(terms: readonly string[]): number {
    // indexed loop: this runs for every distinct text of a build, much of it before the JIT has optimized it
    for (let index = 0; index < terms.length; index += 1) this.add(this.termIdOf(terms[index]!));
    return this.endText();
  }

  finish(): { readonly termIds: Map<string, number>; readonly textStarts: Int32Array; readonly textTermIds: Int32Array } {
    return { termIds: this.termIds, textStarts: this.textStarts.subarray(0, this.textCount + 1), textTermIds: this.textTermIds.subarray(0, this.position) };
  }
}

/** A copy of `array` with room for at least `length` values. */
function grown(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  const copy = new Int32Array(Math.max(length, array.length * 2));
  copy.set(array);
  return copy;
}

