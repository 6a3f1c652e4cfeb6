import { createHash } from 'node:crypto';

/**
 * Embeddings by content hash. A key is the sha256 of the model, the embedding's length and the
 * embedded text ({@link embeddingCacheKey}), so a tool whose name, description or parameters
 * change is embedded again and an unchanged one never is, whichever runtime or catalog it
 * appears in, and one model id asked for two lengths keeps both. One more entry per model
 * ({@link embeddingLengthsKey}) lists the lengths held, as an array of whole numbers.
 */
export interface EmbeddingCache {
  /**
   * The embedding stored under `key`, or `undefined` for none. An array or a typed array
   * (`Float32Array`, what a binary store gives back) of finite numbers; anything else (a `get`
   * that throws included) is a miss: that text is embedded again and `set` replaces it.
   */
  get(key: string): ArrayLike<number> | undefined;
  /** Stores `embedding`, a plain array of at most `MAX_EMBEDDING_DIMENSIONS` finite numbers; a `set` that throws leaves it uncached. */
  set(key: string, embedding: readonly number[]): void;
}

/** An in-memory {@link EmbeddingCache} (a `Map`); the default cache of {@link createSemanticRanker} is one per process. */
export function createEmbeddingCache(): EmbeddingCache & { get(key: string): readonly number[] | undefined } {
  const entries = new Map<string, readonly number[]>();
  return {
    get: (key) => entries.get(key),
    set: (key, embedding) => void entries.set(key, embedding),
  };
}

/**
 * The key of `text` embedded by the model `modelKey` (`<provider>:<modelId>`) as `dimensions`
 * numbers: one model id configured for two lengths (`dimensions: 256` and the default 1,536)
 * keeps both, neither overwriting the other.
 */
export function embeddingCacheKey(modelKey: string, text: string, dimensions: number): string {
  return createHash('sha256').update(modelKey).update('\u0000').update(String(dimensions)).update('\u0000').update(text).digest('hex');
}

/**
 * The key under which a cache lists the lengths it holds embeddings of for `modelKey` (an array
 * of whole numbers, ascending), so a build knows which keys to read before the model answers.
 */
export function embeddingLengthsKey(modelKey: string): string {
  return createHash('sha256').update(modelKey).update('\u0000turnscope.embedding-lengths').digest('hex');
}

/** Shared by every semantic ranker that is given no cache: the catalog is embedded once per process. */
export const processEmbeddingCache: EmbeddingCache = createEmbeddingCache();
