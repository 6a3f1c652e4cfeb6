import { MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { CatalogEmbeddingError } from '../../src/errors/catalog-embedding-error.js';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.js';
import { createSemanticRanker, type SemanticRankerOptions } from '../../src/search/create-semantic-ranker.js';
import { createEmbeddingCache } from '../../src/search/embedding-cache.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';
import { createConceptEmbeddingModel } from '../helpers/concept-embedding.js';

const documents: RankerDocument[] = [
  { name: 'send_email', description: 'Send an email message.', group: 'mail' },
  { name: 'write_file', description: 'Write a file to disk.', group: 'filesystem' },
];

/** Builds with `options` over the documents and a fresh concept model and cache; returns the model to count its calls. */
function attempt(options: Record<string, unknown>) {
  const model = createConceptEmbeddingModel();
  const build = () => createSemanticRanker({ documents, model, cache: createEmbeddingCache(), ...options } as SemanticRankerOptions);
  return { model, build };
}

describe('createSemanticRanker: hostile options throw at construction, before anything is embedded', () => {
  it.each([
    [{ weights: { lexical: Number.NaN } }, 'Option `weights.lexical` is NaN; expected a finite number ≥ 0'],
    [{ weights: { semantic: Number.POSITIVE_INFINITY } }, 'Option `weights.semantic` is Infinity; expected a finite number ≥ 0'],
    [{ weights: { lexical: -1 } }, 'Option `weights.lexical` is -1; expected a finite number ≥ 0'],
    [{ weights: { lexical: '2' } }, 'Option `weights.lexical` is "2"; expected a finite number ≥ 0'],
    [{ weights: { lexical: 0, semantic: 0 } }, 'Option `weights.semantic` is 0; expected a weight > 0 for lexical or semantic'],
    [{ weights: { Lexical: 2 } }, 'Option `weights.Lexical` is 2; expected `weights.lexical` (unknown key; a typo?).'],
    [{ weights: 2 }, 'Option `weights` is 2; expected an object with some of lexical, semantic.'],
    [{ weigths: { lexical: 2 } }, 'Option `options.weigths` is object; expected one of the known options: options.documents, options.model'],
    [JSON.parse('{"__proto__": {"lexical": 2}}') as Record<string, unknown>, 'Option `options.__proto__` is object; expected one of the known options'],
    [{ maxParallelCalls: Number.NaN }, "Option `maxParallelCalls` is NaN; expected a whole number ≥ 1, or undefined for the AI SDK's default."],
    [{ maxParallelCalls: 0 }, 'Option `maxParallelCalls` is 0; expected a whole number ≥ 1'],
    [{ maxParallelCalls: 2.5 }, 'Option `maxParallelCalls` is 2.5; expected a whole number ≥ 1'],
    [{ cache: {} }, 'Option `cache` is object; expected an EmbeddingCache { get(key), set(key, embedding) }'],
    [{ cache: { get: () => undefined } }, 'Option `cache` is object; expected an EmbeddingCache'],
    [{ lexical: {} }, 'Option `lexical` is object; expected a ranker { name: string, rank(query, maxResults) }'],
    [{ abortSignal: 'stop' }, 'Option `abortSignal` is "stop"; expected an AbortSignal'],
    [{ model: undefined }, 'Option `model` is undefined; expected an AI SDK embedding model'],
    [{ model: '' }, 'Option `model` is ""; expected an AI SDK embedding model'],
    [{ model: { modelId: 'text-embedding-3-small' } }, 'Option `model` is object; expected an AI SDK embedding model'],
    [{ documents: undefined }, 'Option `documents` is undefined; expected an array of ranker documents'],
    [{ documents: [{ name: 'a', description: 'x' }], lexical: createHybridRanker(documents) }, "Option `documents[0].group` is undefined; expected a string (the tool's group, '' for none)."],
  ])('%o throws', (options, message) => {
    const { model, build } = attempt(options);
    expect(build).toThrow(InvalidOptionError);
    expect(build).toThrow(message);
    expect(model.doEmbedCalls).toEqual([]);
  });

  it('throws for options that are not an object', () => {
    expect(() => createSemanticRanker(null as unknown as SemanticRankerOptions)).toThrow('Option `options` is null; expected an object { documents, model, ... }');
  });

  it('keeps accepting the edges of each range, and a lexical weight of 0 ranks by meaning alone', async () => {
    const controller = new AbortController();
    const ranker = await attempt({ weights: { lexical: 0, semantic: 1 }, maxParallelCalls: 1, abortSignal: controller.signal, lexical: createHybridRanker(documents) }).build();
    // `letter` is no word of either tool: only the embedding (mail concept) finds send_email
    expect((await ranker.rank('a letter', 2)).map((match) => match.name)).toEqual(['send_email', 'write_file']);
    const lexicalOnly = await attempt({ weights: { semantic: 0 } }).build();
    expect((await lexicalOnly.rank('write', 2))[0]).toMatchObject({ name: 'write_file' });
  });

  it('accepts a model object and a gateway model id string', () => {
    const model = new MockEmbeddingModelV4({ doEmbed: async ({ values }) => ({ embeddings: values.map(() => [1]), warnings: [] }) });
    expect(() => void createSemanticRanker({ documents, model, cache: createEmbeddingCache() })).not.toThrow();
    const gateway = createSemanticRanker({ documents, model: 'openai/text-embedding-3-small', cache: createEmbeddingCache(), abortSignal: AbortSignal.abort() });
    // the id passes the check: the build starts, and fails as a CatalogEmbeddingError because it is aborted
    return expect(gateway).rejects.toThrow(CatalogEmbeddingError);
  });
});
