import type { EmbeddingCache } from './embedding-cache.js';
import { readEmbedding } from './read-embedding.js';

/** What {@link guardEmbeddingCache} returns: an {@link EmbeddingCache} whose `get` answers plain arrays only. */
export interface GuardedEmbeddingCache {
  get(key: string): number[] | undefined;
  set(key: string, embedding: readonly number[]): void;
}

/**
 * `cache` made safe to read for `embedCatalog`: a user's cache (Redis, a file, a database)
 * may throw, or hand back a typed array, a Proxy or anything at all, and none of that may fail
 * a build.
 *
 * - `get` that throws is a miss (`undefined`).
 * - A `get` answer that is an embedding ({@link readEmbedding}: an array, a typed array such as
 *   `Float32Array` or `Float64Array` — what a binary store gives back — or another array-like,
 *   of 1 to `MAX_EMBEDDING_DIMENSIONS` finite numbers) is copied once into a plain `number[]`,
 *   so a Proxy whose values change between reads is read once. Anything else (`NaN`, a string,
 *   `[]`, 10 million numbers, a Proxy whose trap throws) is a miss: `embedCatalog` embeds that
 *   text again and replaces the entry.
 * - `set` that throws is ignored: the embedding is used, just not cached (the next build embeds it again).
 *
 * @returns a new cache whose `get` answers only plain arrays of finite numbers
 *   (of any length within the bound; `embedCatalog` checks the length); `cache` itself is not changed.
 */
export function guardEmbeddingCache(cache: EmbeddingCache): GuardedEmbeddingCache {
  return {
    get(key) {
      let value: unknown;
      try {
        value = cache.get(key);
      } catch {
        return undefined;
      }
      return value === undefined ? undefined : readEmbedding(value, undefined).embedding;
    },
    set(key, embedding) {
      try {
        cache.set(key, embedding);
      } catch {
        // a cache that cannot store costs an embedding call next time, never the build
      }
    },
  };
}
