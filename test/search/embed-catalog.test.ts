import { MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { CatalogEmbeddingError } from '../../src/errors/catalog-embedding-error.js';
import { embedCatalog } from '../../src/search/embed-catalog.js';
import { createEmbeddingCache, embeddingCacheKey, type EmbeddingCache } from '../../src/search/embedding-cache.js';

const MODEL_KEY = 'mock-provider:vectors';
const TEXTS = ['send_email: Send an email.', 'write_file: Write a file.', 'read_file: Read a file.'];

/** A model whose embedding of a text is `[text length, 1, …]`, `dimensions` long. */
function modelOf(dimensions: number) {
  return new MockEmbeddingModelV4({
    modelId: 'vectors',
    maxEmbeddingsPerCall: 1_000,
    doEmbed: async ({ values }) => ({ embeddings: values.map((text) => [text.length, ...Array.from({ length: dimensions - 1 }, () => 1)]), warnings: [] }),
  });
}

/** A cache holding `entries` (text → whatever a user's cache may hold) for {@link MODEL_KEY}. */
function cacheWith(entries: Record<string, unknown>): EmbeddingCache {
  const cache = createEmbeddingCache();
  for (const [text, value] of Object.entries(entries)) cache.set(embeddingCacheKey(MODEL_KEY, text), value as number[]);
  return cache;
}

describe('embedCatalog', () => {
  it('embeds only the texts not cached, each distinct text once, and caches them', async () => {
    const model = modelOf(3);
    const cache = cacheWith({ [TEXTS[0]!]: [9, 9, 9] });
    const vectors = await embedCatalog({ texts: [...TEXTS, TEXTS[1]!], model, modelKey: MODEL_KEY, cache });
    expect(model.doEmbedCalls.map((call) => call.values)).toEqual([[TEXTS[1], TEXTS[2]]]);
    expect(vectors).toEqual([[9, 9, 9], [TEXTS[1]!.length, 1, 1], [TEXTS[2]!.length, 1, 1], [TEXTS[1]!.length, 1, 1]]);
    expect(cache.get(embeddingCacheKey(MODEL_KEY, TEXTS[2]!))).toEqual([TEXTS[2]!.length, 1, 1]);
  });

  it('embeds again and replaces cached entries that are not embeddings: NaN, empty, a string, null', async () => {
    for (const junk of [[Number.NaN, 1, 1], [], 'vector', null, [1, '2', 3], { length: 3 }]) {
      const model = modelOf(3);
      const cache = cacheWith({ [TEXTS[0]!]: junk, [TEXTS[1]!]: [5, 5, 5], [TEXTS[2]!]: [6, 6, 6] });
      const vectors = await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache });
      expect(model.doEmbedCalls.map((call) => call.values)).toEqual([[TEXTS[0]]]);
      expect(vectors[0]).toEqual([TEXTS[0]!.length, 1, 1]);
      expect(cache.get(embeddingCacheKey(MODEL_KEY, TEXTS[0]!))).toEqual([TEXTS[0]!.length, 1, 1]);
    }
  });

  it('embeds again every text when all are cached but their lengths differ, so the vectors have one length', async () => {
    const model = modelOf(4);
    const cache = cacheWith({ [TEXTS[0]!]: [1, 1, 1], [TEXTS[1]!]: [1, 1, 1, 1], [TEXTS[2]!]: [1, 1, 1] });
    const vectors = await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache });
    expect(model.doEmbedCalls.map((call) => call.values)).toEqual([TEXTS]);
    expect(new Set(vectors.map((vector) => vector.length))).toEqual(new Set([4]));
  });

  it('uses a whole cache of one length without calling the model', async () => {
    const model = modelOf(2);
    const cache = cacheWith({ [TEXTS[0]!]: [1, 2], [TEXTS[1]!]: [3, 4], [TEXTS[2]!]: [5, 6] });
    expect(await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache })).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(model.doEmbedCalls).toHaveLength(0);
  });

  it("embeds the cached texts again when the model's answer has another length than theirs", async () => {
    const model = modelOf(2);
    const cache = cacheWith({ [TEXTS[0]!]: [1, 1, 1], [TEXTS[1]!]: [1, 1, 1] });
    const vectors = await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache });
    expect(model.doEmbedCalls.map((call) => call.values)).toEqual([[TEXTS[2]], [TEXTS[0], TEXTS[1]]]);
    expect(vectors.map((vector) => vector.length)).toEqual([2, 2, 2]);
    expect(cache.get(embeddingCacheKey(MODEL_KEY, TEXTS[0]!))).toEqual([TEXTS[0]!.length, 1]);
  });

  it('rejects with CatalogEmbeddingError, caching nothing, when the second answer has another length than the first', async () => {
    let call = 0;
    const model = new MockEmbeddingModelV4({
      modelId: 'vectors',
      maxEmbeddingsPerCall: 1_000,
      doEmbed: async ({ values }) => {
        const vector = call++ === 0 ? [1, 1] : [1, 1, 1, 1];
        return { embeddings: values.map(() => vector), warnings: [] };
      },
    });
    const cache = cacheWith({ [TEXTS[0]!]: [1, 1, 1] });
    const failure = await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CatalogEmbeddingError);
    expect((failure as Error).message).toBe(`Embedding 1 tool description with ${MODEL_KEY} failed: the model returned embedding 1 of 1 that has 4 numbers; the others have 2`);
    expect(cache.get(embeddingCacheKey(MODEL_KEY, TEXTS[1]!))).toBeUndefined();
    expect(cache.get(embeddingCacheKey(MODEL_KEY, TEXTS[0]!))).toEqual([1, 1, 1]);
  });

  it('builds through a cache that throws (a miss, nothing stored) and uses a Float32Array it holds without calling the model', async () => {
    const down: EmbeddingCache = {
      get: () => {
        throw new Error('redis down');
      },
      set: () => {
        throw new Error('redis down');
      },
    };
    const model = modelOf(2);
    expect(await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache: down })).toEqual(TEXTS.map((text) => [text.length, 1]));
    const binary = cacheWith({});
    const stored = new Map(TEXTS.map((text, index) => [embeddingCacheKey(MODEL_KEY, text), new Float32Array([index, 1])]));
    const vectors = await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache: { get: (key) => stored.get(key), set: binary.set } });
    expect(vectors).toEqual([[0, 1], [1, 1], [2, 1]]);
    expect(model.doEmbedCalls).toHaveLength(1);
  });

  it('with dimensions, embeds again cached entries of another length, and rejects a model answer of another length', async () => {
    const cache = cacheWith({ [TEXTS[0]!]: [1, 1], [TEXTS[1]!]: [2, 2], [TEXTS[2]!]: [3, 3, 3] });
    const model = modelOf(3);
    expect(await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache, dimensions: 3 })).toEqual([[TEXTS[0]!.length, 1, 1], [TEXTS[1]!.length, 1, 1], [3, 3, 3]]);
    expect(model.doEmbedCalls.map((call) => call.values)).toEqual([[TEXTS[0], TEXTS[1]]]);
    const failure = await embedCatalog({ texts: TEXTS, model: modelOf(3), modelKey: MODEL_KEY, cache: cacheWith({}), dimensions: 4 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CatalogEmbeddingError);
  });
});
