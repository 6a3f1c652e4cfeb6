import type { EmbeddingCache } from './embedding-cache.js';

/**
 * `cache` made safe to read for `embedCatalog`: a user's cache (Redis, a file, a database)
 * may throw, or hand back a typed array or a Proxy, and none of that may fail a build.
 *
 * - `get` that throws is a miss (`undefined`).
 * - A `get` answer that is an array or a typed array (`Float32Array`, `Float64Array`: what a
 *   binary store gives back) is copied once into a plain `number[]`, so a Proxy whose values
 *   change between reads is read once, and a copy whose reading throws is a miss. Anything else
 *   is returned as is (`embedCatalog` replaces it: it is not an embedding).
 * - `set` that throws is ignored: the embedding is used, just not cached (the next build embeds it again).
 *
 * @returns a new {@link EmbeddingCache}; `cache` itself is not changed.
 */
export function guardEmbeddingCache(cache: EmbeddingCache): EmbeddingCache {
  return {
    get(key) {
      try {
        const value: unknown = cache.get(key);
        if (Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView))) return Array.from(value as ArrayLike<number>);
        return value as readonly number[] | undefined;
      } catch {
        return undefined;
      }
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
