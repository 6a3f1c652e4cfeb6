import { createTextInterner, type TextInterner } from './create-text-interner.js';
import { asciiRunsOf, tokenizeText } from './tokenize-text.js';

/** Adds texts to a {@link TextInterner} as their index terms, tokenizing each distinct word once. */
export interface TextTermCache {
  /**
   * Adds `text` as a text of its own: its terms are `tokenizeText(text)`'s, numbered by the
   * interner in the same order of first sight. Returns the text's id.
   */
  addText(text: string): number;
}

/**
 * A {@link TextTermCache} over `interner`, for one index build. A text whose letters and digits
 * are ASCII (almost every one) is tokenized run by run ({@link asciiRunsOf}): a run of letters
 * and digits seen before (`file`, `the`, `getFile`) adds the term ids it gave the first time,
 * with no lowercasing, stop-word test, stemming or term lookup, and a new one is tokenized alone
 * ({@link tokenizeText} of the run, the same terms as within its text). Catalogs write the same
 * words again and again: at 10,000 tools the distinct texts hold ~100,000 runs of ~10,000
 * distinct spellings (test/bench/README.md, the index build at 10,000 tools). Other texts are
 * tokenized whole. The terms, their ids and their order are those of
 * `interner.addText(tokenizeText(text))`.
 */
export function createTextTermCache(interner: TextInterner): TextTermCache {
  return new RunTermCache(interner);
}

/** What a run of letters and digits adds: no term (a stop word), its one term's id, or several (a camelCase run). */
const NO_TERM = -1;

/**
 * A class, not closures made per build: every build's cache has the same methods and hidden
 * class (V8's map), kept alive by `shapeKeeper`, so code the JIT compiled for one build still
 * holds for the next (create-text-interner.ts says why).
 */
class RunTermCache implements TextTermCache {
  static readonly shapeKeeper: RunTermCache = new RunTermCache(createTextInterner(16));
  private readonly interner: TextInterner;
  /** Run → {@link NO_TERM}, its one term's id (≥ 0), or `-2 - i` for the term ids `lists[i]` (two or more). */
  private readonly termsOfRun = new Map<string, number>();
  private readonly lists: Int32Array[] = [];

  constructor(interner: TextInterner) {
    this.interner = interner;
  }

  addText(text: string): number {
    const runs = asciiRunsOf(text);
    if (runs === undefined) return this.interner.addText(tokenizeText(text));
    // indexed loop: this runs for every distinct text of a build, much of it before the JIT has optimized it
    for (let index = 0; index < runs.length; index += 1) this.addRun(runs[index]!);
    return this.interner.endText();
  }

  private addRun(run: string): void {
    let code = this.termsOfRun.get(run);
    if (code === undefined) code = this.learnRun(run);
    if (code >= 0) {
      this.interner.add(code);
    } else if (code !== NO_TERM) {
      const ids = this.lists[-2 - code]!;
      for (let index = 0; index < ids.length; index += 1) this.interner.add(ids[index]!);
    }
  }

  /** Tokenizes a run seen for the first time, numbers its terms in order and remembers them. */
  private learnRun(run: string): number {
    const terms = tokenizeText(run);
    let code = NO_TERM;
    if (terms.length === 1) {
      code = this.interner.termIdOf(terms[0]!);
    } else if (terms.length > 1) {
      const ids = new Int32Array(terms.length);
      for (let index = 0; index < terms.length; index += 1) ids[index] = this.interner.termIdOf(terms[index]!);
      code = -2 - this.lists.length;
      this.lists.push(ids);
    }
    this.termsOfRun.set(run, code);
    return code;
  }
}
