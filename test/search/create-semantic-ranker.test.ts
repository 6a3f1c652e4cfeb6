import { MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { CatalogEmbeddingError } from '../../src/errors/catalog-embedding-error.js';
import { createSemanticRanker } from '../../src/search/create-semantic-ranker.js';
import { createEmbeddingCache } from '../../src/search/embedding-cache.js';
import type { AnyToolRanker } from '../../src/search/tool-ranker.js';
import { createConceptEmbeddingModel, embedConcepts as embedText } from '../helpers/concept-embedding.js';
import { CONCEPT_DOCUMENTS } from '../helpers/concept-documents.js';

const conceptModel = () => createConceptEmbeddingModel();

const DOCUMENTS = CONCEPT_DOCUMENTS;

describe('createSemanticRanker', () => {
  it('embeds the catalog once with embedMany and each query with embed', async () => {
    const model = conceptModel();
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model, cache: createEmbeddingCache() });
    expect(model.doEmbedCalls).toHaveLength(1);
    expect(model.doEmbedCalls[0]!.values).toHaveLength(DOCUMENTS.length);
    await ranker.rank('a picture of the website', 3);
    await ranker.rank('a letter', 3);
    expect(model.doEmbedCalls.map((call) => call.values)).toEqual([
      model.doEmbedCalls[0]!.values,
      ['a picture of the website'],
      ['a letter'],
    ]);
  });

  it('finds a tool the lexical ranker cannot, by meaning', async () => {
    const query = 'grab a photo';
    // word matching alone (the thesaurus off: among the GloVe neighbours of `photo` is `page`, which finds the screenshot tool)
    expect(createHybridRanker(DOCUMENTS, { thesaurus: false }).rank(query, 5)).toEqual([]);
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model: conceptModel(), cache: createEmbeddingCache() });
    expect((await ranker.rank(query, 1))[0]!.name).toBe('browser_take_screenshot');
  });

  it('fuses both rankings: a tool both rank well beats one only the embeddings like', async () => {
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model: conceptModel(), cache: createEmbeddingCache() });
    const ranked = (await ranker.rank('report a bug ticket', 5)).map((match) => match.name);
    expect(ranked[0]).toBe('create_issue');
    expect(ranker.name).toBe('hybrid+semantic');
  });

  it('keeps tools named outright first and answers select: lexically', async () => {
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model: conceptModel(), cache: createEmbeddingCache() });
    expect((await ranker.rank('send_email with a picture', 2)).map((match) => match.name)[0]).toBe('send_email');
    expect((await ranker.rank('select:write_file,send_email', 5)).map((match) => match.name)).toEqual(['write_file', 'send_email']);
  });

  it('reuses cached embeddings by content hash and embeds only what changed', async () => {
    const cache = createEmbeddingCache();
    await createSemanticRanker({ documents: DOCUMENTS, model: conceptModel(), cache });

    const again = conceptModel();
    await createSemanticRanker({ documents: DOCUMENTS, model: again, cache });
    expect(again.doEmbedCalls).toHaveLength(0);

    const changed = conceptModel();
    const edited = DOCUMENTS.map((document) => (document.name === 'write_file' ? { ...document, description: 'Save a document.' } : document));
    await createSemanticRanker({ documents: edited, model: changed, cache });
    expect(changed.doEmbedCalls.map((call) => call.values)).toEqual([['write_file: Save a document.']]);
  });

  it('keys the cache by model: another model embeds the catalog again', async () => {
    const cache = createEmbeddingCache();
    await createSemanticRanker({ documents: DOCUMENTS, model: conceptModel(), cache });
    const other = new MockEmbeddingModelV4({
      modelId: 'other-model',
      maxEmbeddingsPerCall: 1_000,
      doEmbed: async ({ values }) => ({ embeddings: values.map(embedText), warnings: [] }),
    });
    await createSemanticRanker({ documents: DOCUMENTS, model: other, cache });
    expect(other.doEmbedCalls).toHaveLength(1);
  });

  it('rejects when the catalog cannot be embedded, and a failing query embedding rejects rank', async () => {
    const broken = new MockEmbeddingModelV4({ doEmbed: async () => Promise.reject(new Error('embedding service down')) });
    await expect(createSemanticRanker({ documents: DOCUMENTS, model: broken, cache: createEmbeddingCache() })).rejects.toThrow('embedding service down');

    let calls = 0;
    const failsOnQueries = new MockEmbeddingModelV4({
      maxEmbeddingsPerCall: 1_000,
      doEmbed: async ({ values }) => {
        calls += 1;
        if (calls > 1) throw new Error('quota exceeded');
        return { embeddings: values.map(embedText), warnings: [] };
      },
    });
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model: failsOnQueries, cache: createEmbeddingCache() });
    await expect(ranker.rank('a photo', 3)).rejects.toThrow('quota exceeded');
  });

  it('rejects with a CatalogEmbeddingError naming the model and the count when the catalog cannot be embedded', async () => {
    const broken = new MockEmbeddingModelV4({ modelId: 'embed-small', doEmbed: async () => Promise.reject(new Error('401 invalid API key')) });
    const failure = await createSemanticRanker({ documents: DOCUMENTS, model: broken, cache: createEmbeddingCache() }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CatalogEmbeddingError);
    expect(failure).toMatchObject({
      code: 'catalog-embedding-failed',
      model: 'mock-provider:embed-small',
      texts: 5,
      message: 'Embedding 5 tool descriptions with mock-provider:embed-small failed: 401 invalid API key',
    });
  });

  it("passes rank's abort signal to embed, and rejects once it aborts", async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const model = new MockEmbeddingModelV4({
      maxEmbeddingsPerCall: 1_000,
      doEmbed: async ({ values, abortSignal }) => {
        if (values.length === 1) {
          signals.push(abortSignal);
          await new Promise((_resolve, reject) => abortSignal?.addEventListener('abort', () => reject(abortSignal.reason), { once: true }));
        }
        return { embeddings: values.map(embedText), warnings: [] };
      },
    });
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model, cache: createEmbeddingCache() });
    const controller = new AbortController();
    const ranking = ranker.rank('a photo', 3, { abortSignal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort(new Error('The turn was cancelled.'));
    await expect(ranking).rejects.toThrow('The turn was cancelled.');
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('returns [] for an empty query or maxResults 0 without embedding anything', async () => {
    const model = conceptModel();
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model, cache: createEmbeddingCache() });
    expect(await ranker.rank('   ', 5)).toEqual([]);
    expect(await ranker.rank('photo', 0)).toEqual([]);
    expect(model.doEmbedCalls).toHaveLength(1);
  });

  it('rejects a catalog embedding of the wrong length, with NaN or missing, and caches none of that answer', async () => {
    const answering = (embeddings: (values: string[]) => unknown[]) =>
      new MockEmbeddingModelV4({ modelId: 'faulty', maxEmbeddingsPerCall: 1_000, doEmbed: async ({ values }) => ({ embeddings: embeddings(values) as number[][], warnings: [] }) });
    const cases: [ReturnType<typeof answering>, string][] = [
      [answering((values) => values.map((_value, index) => (index === 2 ? [1, 0] : [1, 0, 0]))), 'the model returned embedding 3 of 5 that has 2 numbers; the others have 3'],
      [answering((values) => values.map((_value, index) => (index === 1 ? [0, Number.NaN] : [1, 0]))), 'the model returned embedding 2 of 5 that has NaN at 1, not a finite number'],
      [answering((values) => values.slice(1).map(() => [1, 0])), 'Expected 5 embeddings, but received 4.'], // the AI SDK's own check
      [answering((values) => values.map(() => [])), 'the model returned embedding 1 of 5 that is not a non-empty array of numbers'],
    ];
    for (const [model, fault] of cases) {
      const cache = createEmbeddingCache();
      const failure = await createSemanticRanker({ documents: DOCUMENTS, model, cache }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CatalogEmbeddingError);
      expect((failure as Error).message).toBe(`Embedding 5 tool descriptions with mock-provider:faulty failed: ${fault}`);
      // a good model over the same cache embeds all five again: nothing of the faulty answer was kept
      const good = conceptModel();
      await createSemanticRanker({ documents: DOCUMENTS, model: Object.assign(good, { modelId: 'faulty' }), cache });
      expect(good.doEmbedCalls[0]!.values).toHaveLength(5);
    }
  });

  it('embeds again, instead of failing, the cached texts whose length differs from what the model answers now', async () => {
    const cache = createEmbeddingCache();
    await createSemanticRanker({ documents: DOCUMENTS.slice(0, 2), model: conceptModel(), cache });
    // the same model id, now asked for 6 dimensions: the 2 cached 5-number embeddings are stale
    const wider = (text: string) => [...embedText(text), 0];
    const longer = new MockEmbeddingModelV4({ modelId: 'concepts', maxEmbeddingsPerCall: 1_000, doEmbed: async ({ values }) => ({ embeddings: values.map(wider), warnings: [] }) });
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model: longer, cache });
    expect(longer.doEmbedCalls.map((call) => call.values.length)).toEqual([3, 2]);
    expect((await ranker.rank('a photo', 1))[0]!.name).toBe('browser_take_screenshot');
    expect(longer.doEmbedCalls.map((call) => call.values.length)).toEqual([3, 2, 1]);
  });

  it('rank rejects with a clear error when the query embedding has NaN or another length than the catalog', async () => {
    let query: number[] = [];
    const model = new MockEmbeddingModelV4({
      modelId: 'concepts',
      maxEmbeddingsPerCall: 1_000,
      doEmbed: async ({ values }) => ({ embeddings: values.length === 1 ? [query] : values.map(embedText), warnings: [] }),
    });
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model, cache: createEmbeddingCache() });
    query = [Number.NaN, 1, 0, 0, 0];
    await expect(ranker.rank('a photo', 3)).rejects.toThrow('The embedding model mock-provider:concepts returned a query embedding that has NaN at 0, not a finite number');
    query = [1, 0];
    await expect(ranker.rank('a photo', 3)).rejects.toThrow("The embedding model mock-provider:concepts returned a query embedding that has 2 numbers; the catalog's have 5");
    query = [1, 0, 0, 0, 0];
    expect((await ranker.rank('a photo', 1))[0]!.name).toBe('browser_take_screenshot');
  });

  it('fuses an asynchronous lexical ranker, and a search rejects with a clear error when it rejects or answers with no array', async () => {
    let answer: () => Promise<unknown> = async () => [{ name: 'write_file', score: 1 }];
    const remote = { name: 'remote', rank: () => answer() } as unknown as AnyToolRanker;
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model: conceptModel(), cache: createEmbeddingCache(), lexical: remote });
    // the query means a screenshot (semantic) and the remote lexical ranker says write_file: both fused
    expect((await ranker.rank('a photo', 2)).map((match) => match.name).sort()).toEqual(['browser_take_screenshot', 'write_file']);
    expect((await ranker.rank('select:write_file', 5)).map((match) => match.name)).toEqual(['write_file']);
    answer = async () => ({ hits: [] });
    await expect(ranker.rank('a letter', 3)).rejects.toThrow('The lexical ranker remote answered object, not an array of { name, score } matches');
    answer = async () => null;
    await expect(ranker.rank('a letter', 3)).rejects.toThrow('The lexical ranker remote answered null, not an array');
    answer = () => Promise.reject(new Error('search service down'));
    await expect(ranker.rank('a letter', 3)).rejects.toThrow('search service down');
  });

  it('fuses only well-formed catalog names of a lexical answer, each once, and passes the search\'s abort signal to it', async () => {
    const signals: unknown[] = [];
    const junk = [
      null,
      { name: 'write_file', score: 1e9 },
      { name: 'write_file', score: 1e9 },
      { name: '__proto__', score: 2 },
      { name: 'deleted_tool', score: 2 },
      { name: 'send_email', score: Number.NaN },
      { name: 'create_issue', score: Number.POSITIVE_INFINITY },
      { name: 'browser_navigate', score: 1 },
      ...Array.from({ length: 10_000 }, () => ({ name: 'browser_navigate', score: 0.5 })),
    ];
    const remote: AnyToolRanker = { name: 'remote', rank: async (_query, _max, options) => (signals.push(options?.abortSignal), junk as never) };
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model: conceptModel(), cache: createEmbeddingCache(), lexical: remote });
    const controller = new AbortController();
    const names = (await ranker.rank('a letter', 10, { abortSignal: controller.signal })).map((match) => match.name);
    // write_file is named (a score of NAMED_TOOL_SCORE) once; no name outside the catalog; the NaN and Infinity entries are not lexical matches
    expect(names[0]).toBe('write_file');
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((name) => DOCUMENTS.some((document) => document.name === name))).toBe(true);
    expect((await ranker.rank('select:write_file', 5)).map((match) => match.name)).toEqual(['write_file']);
    expect(signals[0]).toBe(controller.signal);
  });

  it('embeds the catalog again, once, when every vector came from a cache of another length than the model answers queries with', async () => {
    let dimensions = 2;
    const model = new MockEmbeddingModelV4({
      modelId: 'resized',
      maxEmbeddingsPerCall: 1_000,
      doEmbed: async ({ values }) => ({ embeddings: values.map((text) => embedText(text).slice(0, dimensions)), warnings: [] }),
    });
    const cache = createEmbeddingCache();
    await createSemanticRanker({ documents: DOCUMENTS, model, cache });
    // the same model id asked for other dimensions: every catalog text is cached, 2 long
    dimensions = 5;
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model, cache });
    expect(model.doEmbedCalls).toHaveLength(1);
    expect((await ranker.rank('a photo', 1))[0]!.name).toBe('browser_take_screenshot');
    expect((await ranker.rank('a letter', 1))[0]!.name).toBe('send_email');
    // the build's embedMany, then: query, the catalog again at 5, query
    expect(model.doEmbedCalls.map((call) => call.values.length)).toEqual([DOCUMENTS.length, 1, DOCUMENTS.length, 1]);
    // the cache now holds both lengths, apart: a third build asks the model for one text (which
    // length it answers) and embeds nothing else, at either length; before, the 5-long vectors
    // had replaced the 2-long ones, and each switch embedded the whole catalog again
    const third = await createSemanticRanker({ documents: DOCUMENTS, model, cache });
    expect(model.doEmbedCalls.map((call) => call.values.length)).toEqual([DOCUMENTS.length, 1, DOCUMENTS.length, 1, 1]);
    expect((await third.rank('a letter', 1))[0]!.name).toBe('send_email');
    dimensions = 2;
    const back = await createSemanticRanker({ documents: DOCUMENTS, model, cache });
    expect((await back.rank('a letter', 1))[0]!.name).toBe('send_email');
    expect(model.doEmbedCalls.map((call) => call.values.length)).toEqual([DOCUMENTS.length, 1, DOCUMENTS.length, 1, 1, 1, 1, 1]);
  });
  it('a search whose lexical ranker never answers ends when its abort signal aborts, with the reason', async () => {
    const stuck = { name: 'stuck', rank: () => new Promise<never>(() => {}) } as unknown as AnyToolRanker;
    const ranker = await createSemanticRanker({ documents: DOCUMENTS, model: conceptModel(), cache: createEmbeddingCache(), lexical: stuck });
    for (const query of ['a photo', 'select:write_file']) {
      const controller = new AbortController();
      const ranking = ranker.rank(query, 3, { abortSignal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 0));
      controller.abort(new Error('tool_search timed out after 10000 ms'));
      await expect(ranking).rejects.toThrow('tool_search timed out after 10000 ms');
    }
  });
});
