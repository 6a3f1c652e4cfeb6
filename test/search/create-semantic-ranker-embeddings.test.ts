import { MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { CatalogEmbeddingError } from '../../src/errors/catalog-embedding-error.js';
import { InvalidEmbeddingError } from '../../src/errors/invalid-embedding-error.js';
import { createSemanticRanker } from '../../src/search/create-semantic-ranker.js';
import { createEmbeddingCache, embeddingCacheKey, type EmbeddingCache } from '../../src/search/embedding-cache.js';
import { MAX_EMBEDDING_DIMENSIONS } from '../../src/search/read-embedding.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';
import { embedConcepts } from '../helpers/concept-embedding.js';

const DOCUMENTS: RankerDocument[] = [
  { name: 'browser_take_screenshot', description: 'Take a screenshot of the current page.', group: 'browser' },
  { name: 'send_email', description: 'Send an email message.', group: 'mail' },
  { name: 'write_file', description: 'Write a file to disk.', group: 'filesystem' },
];

/** A custom embedding model whose embeddings are `shape(concept vector, the text)`, whatever type that gives. */
function modelAnswering(shape: (vector: number[], text: string) => unknown, modelId = 'custom') {
  return new MockEmbeddingModelV4({
    modelId,
    maxEmbeddingsPerCall: 1_000,
    doEmbed: async ({ values }) => ({ embeddings: values.map((text) => shape(embedConcepts(text), text)) as number[][], warnings: [] }),
  });
}

describe('createSemanticRanker: what a custom embedding model answers', () => {
  it('ranks with a model that answers Float32Array (catalog) and Float64Array or Int8Array (queries), caching plain arrays', async () => {
    const cache = createEmbeddingCache();
    const typed = modelAnswering((vector, text) => (text.includes(': ') ? new Float32Array(vector) : text === 'a letter' ? new Int8Array(vector) : new Float64Array(vector)));
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model: typed, cache });
    expect((await ranker.rank('grab a photo', 1))[0]!.name).toBe('browser_take_screenshot');
    expect((await ranker.rank('a letter', 1))[0]!.name).toBe('send_email');
    const cached = cache.get(embeddingCacheKey('mock-provider:custom', 'send_email: Send an email message.', embedConcepts('x').length));
    expect(Array.isArray(cached)).toBe(true);
    expect(cached).toEqual(embedConcepts('send_email: Send an email message.'));
  });

  it(`refuses a catalog embedding longer than MAX_EMBEDDING_DIMENSIONS (${MAX_EMBEDDING_DIMENSIONS}) with a typed error naming it, caching nothing`, async () => {
    const cache = createEmbeddingCache();
    const huge = modelAnswering(() => new Float32Array(MAX_EMBEDDING_DIMENSIONS + 1).fill(0.5));
    const failure = await createSemanticRanker({ documents: DOCUMENTS, model: huge, cache }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CatalogEmbeddingError);
    expect((failure as Error).message).toBe(
      `Embedding 3 tool descriptions with mock-provider:custom failed: the model returned embedding 1 of 3 that has ${MAX_EMBEDDING_DIMENSIONS + 1} numbers, more than the ${MAX_EMBEDDING_DIMENSIONS} an embedding may have (MAX_EMBEDDING_DIMENSIONS)`,
    );
    const cause = (failure as Error).cause;
    expect(cause).toBeInstanceOf(InvalidEmbeddingError);
    expect(cause).toMatchObject({ code: 'invalid-embedding', model: 'mock-provider:custom', embedding: { index: 1, count: 3 } });
    expect(cache.get(embeddingCacheKey('mock-provider:custom', 'write_file: Write a file to disk.', MAX_EMBEDDING_DIMENSIONS + 1))).toBeUndefined();
  });

  it('rank rejects with an InvalidEmbeddingError when the query embedding is longer than the bound', async () => {
    const model = modelAnswering((vector, text) => (text.includes(': ') ? vector : new Array(MAX_EMBEDDING_DIMENSIONS + 1).fill(1)));
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model, cache: createEmbeddingCache() });
    const failure = await ranker.rank('grab a photo', 1).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidEmbeddingError);
    expect(failure).toMatchObject({ embedding: 'query', message: `The embedding model mock-provider:custom returned a query embedding that has ${MAX_EMBEDDING_DIMENSIONS + 1} numbers, more than the ${MAX_EMBEDDING_DIMENSIONS} an embedding may have (MAX_EMBEDDING_DIMENSIONS)` });
  });

  it('embeds again, and replaces, a cached entry longer than the bound instead of holding it', async () => {
    const stored = new Map<string, unknown>();
    const cache: EmbeddingCache = { get: (key) => stored.get(key) as number[] | undefined, set: (key, embedding) => void stored.set(key, embedding) };
    const model = modelAnswering((vector) => vector);
    await createSemanticRanker({ documents: DOCUMENTS, model, cache });
    const key = embeddingCacheKey('mock-provider:custom', 'write_file: Write a file to disk.', embedConcepts('x').length);
    stored.set(key, new Float64Array(MAX_EMBEDDING_DIMENSIONS + 1).fill(1));
    const again = modelAnswering((vector) => vector);
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model: again, cache });
    expect(again.doEmbedCalls.map((call) => call.values)).toEqual([['write_file: Write a file to disk.']]);
    expect(stored.get(key)).toEqual(embedConcepts('write_file: Write a file to disk.'));
    expect((await ranker.rank('save a document', 1))[0]!.name).toBe('write_file');
  });
});
