import { gunzipSync } from 'node:zlib';

/** One neighbour of a term in the {@link Thesaurus}: an index term and its cosine similarity. */
export interface ThesaurusNeighbour {
  /** The neighbour, stemmed as the index stems (`stemWord` of src/search/tokenize-text.ts). */
  readonly term: string;
  /** Cosine similarity of the two words' vectors, in (0, 1], to 1/255. */
  readonly similarity: number;
}

/**
 * A distributional thesaurus: English word stem → its nearest neighbours by the cosine of their
 * GloVe vectors (`sushi` → `seafood`, `restaurant`, …). Read-only and shared by every ranker
 * of the process.
 */
export interface Thesaurus {
  /** Stems the thesaurus knows. */
  readonly size: number;
  /**
   * The neighbours of a stemmed term, most similar first (at most the file's neighbours per
   * stem, 12 in the shipped file, each of similarity ≥ its cut-off); `[]` for a term it does not
   * know. The array is new on every call.
   */
  neighboursOf(term: string): ThesaurusNeighbour[];
  /**
   * True when the thesaurus knows the stem, with or without neighbours (the most frequent stems
   * have none). Optional: a thesaurus without it is taken to know the stems that have neighbours.
   */
  has?(term: string): boolean;
}

/**
 * Decodes a thesaurus file in the format scripts/build-thesaurus.ts writes, plain or gzipped: a
 * JSON header line with `format: 'turnscope-thesaurus/1'`; the stems one a line, then a NUL
 * byte; then per stem one count byte and that many (uint16 LE neighbour index, uint8
 * similarity × 255), most similar first.
 *
 * @throws {Error} the bytes are not such a file.
 */
export function decodeThesaurus(file: Uint8Array): Thesaurus {
  const bytes = file[0] === 0x1f && file[1] === 0x8b ? gunzipSync(file) : Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const end = bytes.indexOf(0);
  const text = end === -1 ? '' : bytes.toString('utf8', 0, end);
  const newline = text.indexOf('\n');
  const header = newline === -1 ? undefined : (JSON.parse(text.slice(0, newline)) as { format?: unknown });
  if (header?.format !== 'turnscope-thesaurus/1') throw new Error('not a turnscope thesaurus file (format turnscope-thesaurus/1)');
  const stems = text.slice(newline + 1).split('\n');
  const indexOf = new Map<string, number>();
  for (let index = 0; index < stems.length; index += 1) indexOf.set(stems[index]!, index);
  const table = bytes.subarray(end + 1);
  const offsets = new Uint32Array(stems.length);
  let offset = 0;
  for (let index = 0; index < stems.length; index += 1) {
    if (offset >= table.length) throw new Error('truncated turnscope thesaurus file');
    offsets[index] = offset;
    offset += 1 + 3 * table[offset]!;
  }
  return {
    size: stems.length,
    has: (term) => indexOf.has(term),
    neighboursOf(term) {
      const index = indexOf.get(term);
      if (index === undefined) return [];
      const start = offsets[index]!;
      const count = table[start]!;
      const neighbours = new Array<ThesaurusNeighbour>(count);
      for (let at = 0; at < count; at += 1) {
        const position = start + 1 + 3 * at;
        neighbours[at] = { term: stems[table[position]! | (table[position + 1]! << 8)]!, similarity: table[position + 2]! / 255 };
      }
      return neighbours;
    },
  };
}
