/**
 * The most numbers an embedding may have: 16,384 (2^14). Generous on purpose: the widest text
 * embedding a provider has served is OpenAI's `text-similarity-davinci-001` (12,288, 2022);
 * today's widest are 4,096 (Qwen3-Embedding-8B, NV-Embed-v2) and 3,072 (`text-embedding-3-large`,
 * `gemini-embedding-001`); and pgvector's `vector` column, where a cache may keep them, holds at
 * most 16,000. It exists so that a broken model or cache (10 million numbers) is refused
 * before it is copied and held for every tool: at the bound, one tool's embedding is 128 KiB
 * as a JavaScript number array.
 */
export const MAX_EMBEDDING_DIMENSIONS = 16_384;

/** What {@link readEmbedding} found: the embedding, copied, or what is wrong with it. */
export type EmbeddingReading = { readonly embedding: number[]; readonly fault?: undefined } | { readonly embedding?: undefined; readonly fault: string };

/**
 * One embedding read into a plain `number[]` of its own, or what is wrong with it. Accepted: an
 * array, a typed array (`Float32Array`, `Float64Array`, `Int8Array`, …: what a custom
 * `EmbeddingModel` or a binary store answers, and what the AI SDK's `embed` / `embedMany` pass
 * through unchanged) or any other array-like object (`length` and indices), from 1 to
 * {@link MAX_EMBEDDING_DIMENSIONS} numbers long, every number finite, and `dimensions` long when
 * that is given (`undefined`: any length within the bound). Read by createSemanticRanker for the
 * catalog's embeddings (the model's and the cache's) and each query's: an embedding with `NaN`
 * ranked every tool by name alone (`NaN` similarities), one of another length failed each
 * search with the AI SDK's `Vectors must have the same length`.
 *
 * `length` and each index are read once, and the length is checked before anything is copied:
 * a Proxy cannot change the vector between reads, and a 10-million-number answer is not
 * copied. Never throws: a getter or Proxy trap that throws is a fault.
 *
 * @returns `{ embedding }` (a new array, never `value` itself), or `{ fault }`: a phrase to
 *   follow "embedding 2 of 5", e.g. `has 3 numbers; the others have 1536`,
 *   `has NaN at 0, not a finite number`,
 *   `has 10000000 numbers, more than the 16384 an embedding may have (MAX_EMBEDDING_DIMENSIONS)`.
 */
export function readEmbedding(value: unknown, dimensions: number | undefined): EmbeddingReading {
  if (value === null || typeof value !== 'object' || value instanceof DataView) return { fault: 'is not a non-empty array of numbers' };
  try {
    const length: unknown = (value as { length?: unknown }).length;
    if (typeof length !== 'number' || !Number.isInteger(length) || length <= 0) return { fault: 'is not a non-empty array of numbers' };
    if (length > MAX_EMBEDDING_DIMENSIONS) return { fault: `has ${length} numbers, more than the ${MAX_EMBEDDING_DIMENSIONS} an embedding may have (MAX_EMBEDDING_DIMENSIONS)` };
    const embedding = new Array<number>(length);
    for (let index = 0; index < length; index++) {
      const number: unknown = (value as ArrayLike<unknown>)[index];
      if (typeof number !== 'number' || !Number.isFinite(number)) {
        return { fault: `has ${typeof number === 'number' ? String(number) : `${/^[aeiou]/.test(typeof number) ? 'an' : 'a'} ${typeof number}`} at ${index}, not a finite number` };
      }
      embedding[index] = number;
    }
    if (dimensions !== undefined && length !== dimensions) return { fault: `has ${length} numbers; the others have ${dimensions}` };
    return { embedding };
  } catch {
    return { fault: 'could not be read (a getter or Proxy trap threw)' };
  }
}
