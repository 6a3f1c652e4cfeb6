import { MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { CatalogEmbeddingError } from '../../src/errors/catalog-embedding-error.js';
import { embedCatalog } from '../../src/search/embed-catalog.js';
import { createEmbeddingCache, embeddingCacheKey, embeddingLengthsKey, type EmbeddingCache } from '../../src/search/embedding-cache.js';

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

/**
 * A cache holding `entries` (text → whatever a user's cache may hold) for {@link MODEL_KEY}, each
 * under its own length (`junkLength` for a value without one) and listed in the lengths entry.
 */
function cacheWith(entries: Record<string, unknown>, junkLength = 3): EmbeddingCache {
  const cache = createEmbeddingCache();
  const lengths = new Set<number>();
  for (const [text, value] of Object.entries(entries)) {
    const length = Array.isArray(value) && value.length > 0 ? value.length : junkLength;
    lengths.add(length);
    cache.set(embeddingCacheKey(MODEL_KEY, text, length), value as number[]);
  }
  if (lengths.size > 0) cache.set(embeddingLengthsKey(MODEL_KEY), [...lengths].sort((a, b) => a - b));
  return cache;
}

/** The key of `text` at `length` numbers for {@link MODEL_KEY}. */
const keyOf = (text: string, length: number) => embeddingCacheKey(MODEL_KEY, text, length);

describe('embedCatalog', () => {
  it('embeds only the texts not cached, each distinct text once, and caches them', async () => {
    const model = modelOf(3);
    const cache = cacheWith({ [TEXTS[0]!]: [9, 9, 9] });
    const vectors = await embedCatalog({ texts: [...TEXTS, TEXTS[1]!], model, modelKey: MODEL_KEY, cache });
    expect(model.doEmbedCalls.map((call) => call.values)).toEqual([[TEXTS[1], TEXTS[2]]]);
    expect(vectors).toEqual([[9, 9, 9], [TEXTS[1]!.length, 1, 1], [TEXTS[2]!.length, 1, 1], [TEXTS[1]!.length, 1, 1]]);
    expect(cache.get(keyOf(TEXTS[2]!, 3))).toEqual([TEXTS[2]!.length, 1, 1]);
  });

  it('embeds again and replaces cached entries that are not embeddings: NaN, empty, a string, null', async () => {
    for (const junk of [[Number.NaN, 1, 1], [], 'vector', null, [1, '2', 3], { length: 3 }]) {
      const model = modelOf(3);
      const cache = cacheWith({ [TEXTS[0]!]: junk, [TEXTS[1]!]: [5, 5, 5], [TEXTS[2]!]: [6, 6, 6] });
      const vectors = await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache });
      expect(model.doEmbedCalls.map((call) => call.values)).toEqual([[TEXTS[0]]]);
      expect(vectors[0]).toEqual([TEXTS[0]!.length, 1, 1]);
      expect(cache.get(keyOf(TEXTS[0]!, 3))).toEqual([TEXTS[0]!.length, 1, 1]);
    }
  });

  it('with two lengths cached, asks the model for the first text only to learn its length, then uses what is cached at it', async () => {
    const model = modelOf(4);
    const cache = cacheWith({ [TEXTS[0]!]: [1, 1, 1], [TEXTS[1]!]: [1, 1, 1, 1], [TEXTS[2]!]: [1, 1, 1] });
    const vectors = await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache });
    expect(model.doEmbedCalls.map((call) => call.values)).toEqual([[TEXTS[0]], [TEXTS[2]]]);
    expect(vectors).toEqual([[TEXTS[0]!.length, 1, 1, 1], [1, 1, 1, 1], [TEXTS[2]!.length, 1, 1, 1]]);
  });

  it('keeps the embeddings of one model id at two lengths apart in one cache: neither build overwrites the other', async () => {
    // before: one key per model and text, so the 2-number build replaced the 3-number one and a
    // later 3-number build took the 2-number vectors from the cache without calling the model
    const cache = createEmbeddingCache();
    expect(await embedCatalog({ texts: TEXTS, model: modelOf(3), modelKey: MODEL_KEY, cache })).toEqual(TEXTS.map((text) => [text.length, 1, 1]));
    // as the semantic ranker asks once a query embedding said the model now answers 2 numbers
    expect(await embedCatalog({ texts: TEXTS, model: modelOf(2), modelKey: MODEL_KEY, cache, dimensions: 2 })).toEqual(TEXTS.map((text) => [text.length, 1]));
    expect(cache.get(embeddingLengthsKey(MODEL_KEY))).toEqual([2, 3]);
    for (const length of [3, 2]) {
      const model = modelOf(length);
      const vectors = await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache });
      expect(vectors.map((vector) => vector.length)).toEqual([length, length, length]);
      // one call for one text (which length this model answers), none for the catalog
      expect(model.doEmbedCalls.map((call) => call.values)).toEqual([[TEXTS[0]]]);
      expect(cache.get(keyOf(TEXTS[1]!, length))).toHaveLength(length);
    }
  });

  it('reads a malformed lengths entry as none: the model is asked and the entry replaced', async () => {
    for (const junk of [[Number.NaN], [0, -1, 2.5], 'x', [1e9]]) {
      const cache = createEmbeddingCache();
      cache.set(embeddingLengthsKey(MODEL_KEY), junk as number[]);
      const model = modelOf(2);
      expect(await embedCatalog({ texts: TEXTS, model, modelKey: MODEL_KEY, cache })).toEqual(TEXTS.map((text) => [text.length, 1]));
      expect(model.doEmbedCalls).toHaveLength(1);
      expect(cache.get(embeddingLengthsKey(MODEL_KEY))).toEqual([2]);
    }
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
    expect(cache.get(keyOf(TEXTS[0]!, 2))).toEqual([TEXTS[0]!.length, 1]);
    // the 3-number entries stay: another configuration of the model id may still use them
    expect(cache.get(keyOf(TEXTS[0]!, 3))).toEqual([1, 1, 1]);
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
    expect(cache.get(keyOf(TEXTS[1]!, 2))).toBeUndefined();
    expect(cache.get(keyOf(TEXTS[0]!, 3))).toEqual([1, 1, 1]);
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
    const stored = new Map<string, ArrayLike<number>>(TEXTS.map((text, index) => [keyOf(text, 2), new Float32Array([index, 1])]));
    stored.set(embeddingLengthsKey(MODEL_KEY), new Float32Array([2]));
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
