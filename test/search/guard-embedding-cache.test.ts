import { describe, expect, it } from 'vitest';
import { createEmbeddingCache, type EmbeddingCache } from '../../src/search/embedding-cache.js';
import { guardEmbeddingCache } from '../../src/search/guard-embedding-cache.js';
import { MAX_EMBEDDING_DIMENSIONS } from '../../src/search/read-embedding.js';

/** A cache whose `get` answers `value()` for every key. */
const answering = (value: () => unknown): EmbeddingCache => ({ get: () => value() as number[], set: () => undefined });

describe('guardEmbeddingCache', () => {
  it('reads a get that throws as a miss and ignores a set that throws', () => {
    const failing: EmbeddingCache = {
      get: () => {
        throw new Error('redis down');
      },
      set: () => {
        throw new Error('redis down');
      },
    };
    const guarded = guardEmbeddingCache(failing);
    expect(guarded.get('k')).toBeUndefined();
    expect(() => guarded.set('k', [1, 2])).not.toThrow();
  });

  it('copies arrays and typed arrays into plain number arrays; anything that is not an embedding is a miss', () => {
    expect(guardEmbeddingCache(answering(() => new Float32Array([0.5, 0.25]))).get('k')).toEqual([0.5, 0.25]);
    expect(Array.isArray(guardEmbeddingCache(answering(() => new Float64Array([1]))).get('k'))).toBe(true);
    for (const junk of ['vector', undefined, null, [], [1, Number.NaN], new Float32Array(MAX_EMBEDDING_DIMENSIONS + 1)]) {
      expect(guardEmbeddingCache(answering(() => junk)).get('k')).toBeUndefined();
    }
    const stored = [1, 2, 3];
    const copy = guardEmbeddingCache(answering(() => stored)).get('k');
    expect(copy).toEqual(stored);
    expect(copy).not.toBe(stored);
  });

  it('reads a Proxy once (its later reads cannot change the vector) and a Proxy whose trap throws as a miss', () => {
    let reads = 0;
    const drifting = new Proxy([1, 2, 3], { get: (target, key) => (key === '0' ? ++reads : Reflect.get(target, key)) });
    const vector = guardEmbeddingCache(answering(() => drifting)).get('k')!;
    expect([vector[0], vector[0]]).toEqual([1, 1]);
    const trapped = new Proxy([1, 2, 3], {
      get: (target, key) => {
        if (key === '1') throw new Error('trap');
        return Reflect.get(target, key);
      },
    });
    expect(guardEmbeddingCache(answering(() => trapped)).get('k')).toBeUndefined();
  });

  it('leaves the cache it guards unchanged and stores through it', () => {
    const cache = createEmbeddingCache();
    guardEmbeddingCache(cache).set('k', [4, 5]);
    expect(cache.get('k')).toEqual([4, 5]);
  });
});
