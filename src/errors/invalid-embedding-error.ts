import { TurnscopeError } from './turnscope-error.js';

/**
 * An embedding model answered with an embedding createSemanticRanker cannot rank with: not an
 * array (or typed array) of finite numbers, empty, longer than `MAX_EMBEDDING_DIMENSIONS`
 * (16,384), or of another length than the others (`readEmbedding` says which). Code
 * `invalid-embedding`. A query's is the rejection of that `rank` (in a turn, a tool error for
 * that search; the turn goes on); a catalog embedding's is the `cause` of the
 * `CatalogEmbeddingError` the build rejects with, and nothing of that answer is cached.
 */
export class InvalidEmbeddingError extends TurnscopeError {
  /** The embedding model, as `<provider>:<modelId>`. */
  readonly model: string;
  /** Which embedding: `'query'`, or the catalog embedding's place in the model's answer (`index` from 1 of `count`). */
  readonly embedding: 'query' | { readonly index: number; readonly count: number };
  /** What is wrong, e.g. `has NaN at 0, not a finite number`. */
  readonly fault: string;

  constructor(options: { model: string; embedding: 'query' | { index: number; count: number }; fault: string }) {
    const { model, embedding, fault } = options;
    super({
      code: 'invalid-embedding',
      message:
        embedding === 'query'
          ? `The embedding model ${model} returned a query embedding that ${fault.replace('the others have', "the catalog's have")}`
          : `the model returned embedding ${embedding.index} of ${embedding.count} that ${fault}`,
    });
    this.model = model;
    this.embedding = embedding === 'query' ? embedding : Object.freeze({ index: embedding.index, count: embedding.count });
    this.fault = fault;
  }
}
