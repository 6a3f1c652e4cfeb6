import { embedMany, type EmbeddingModel } from 'ai';
import { CatalogEmbeddingError } from '../errors/catalog-embedding-error.js';
import { embeddingCacheKey, type EmbeddingCache } from './embedding-cache.js';
import { embeddingFault } from './embedding-fault.js';
import { guardEmbeddingCache } from './guard-embedding-cache.js';

/** What {@link embedCatalog} needs: the catalog's texts and how to embed and cache them. */
export interface EmbedCatalogOptions {
  /** One text per tool, in catalog order. */
  readonly texts: readonly string[];
  readonly model: EmbeddingModel;
  /** `<provider>:<modelId>`, the cache key's model part and the name errors give. */
  readonly modelKey: string;
  readonly cache: EmbeddingCache;
  /** Passed to `embedMany`. `undefined`: the AI SDK's default. */
  readonly maxParallelCalls?: number;
  /** Passed to `embedMany`. `undefined`: none. */
  readonly abortSignal?: AbortSignal;
  /**
   * The length the model answers with now, when known (a query's embedding said so): cached
   * embeddings of another length are embedded again, and so must the model's answer be this
   * long. `undefined` (the default): the model's first answer decides.
   */
  readonly dimensions?: number;
}

/**
 * The embedding of each of `texts` (same order), from `cache` where it holds a usable one and
 * from the model (`embedMany`, one call for every text not usable from the cache) otherwise;
 * the model's embeddings are cached once they have passed the checks.
 *
 * Which cached embeddings are used: only finite numbers, non-empty ({@link embeddingFault});
 * any other entry (a user's cache may hold anything) is embedded again and replaced. The
 * model's answer decides the length: cached embeddings of another length (the same model id
 * asked for other `dimensions`, or a cache written by another model) are embedded again with the
 * rest, and when every text is cached but their lengths differ, all are embedded again. So a
 * stale cache never fails a build, and the vectors returned always have one length. Nor does a
 * failing cache ({@link guardEmbeddingCache}): a `get` that throws is a miss, a `set` that
 * throws leaves that embedding uncached, and a typed array or Proxy is read once into a plain array.
 *
 * @throws {CatalogEmbeddingError} `embedMany` threw or was aborted, or its answer is not one
 *   usable embedding per text of one length (a `NaN`, an empty array, lengths that differ);
 *   nothing of that answer is cached.
 */
export async function embedCatalog(options: EmbedCatalogOptions): Promise<number[][]> {
  const { texts, modelKey } = options;
  const cache = guardEmbeddingCache(options.cache);
  const keys = texts.map((text) => embeddingCacheKey(modelKey, text));
  const cached: (number[] | undefined)[] = keys.map((key) => usable(cache.get(key), options.dimensions));
  const lengths = new Set(cached.flatMap((vector) => (vector === undefined ? [] : [vector.length])));
  // every text cached, of lengths that differ: nothing tells which is the model's, so ask it
  if (lengths.size > 1 && !cached.includes(undefined)) cached.fill(undefined);
  let missing = uniqueTexts(texts, cached);
  if (missing.length === 0) return cached as number[][];
  const fresh = await embedTexts(options, missing, options.dimensions);
  const dimensions = fresh.get(missing[0]!)!.length;
  // cached embeddings of another length than the model's answer are stale: embed them too
  const stale = cached.map((vector) => (vector !== undefined && vector.length !== dimensions ? undefined : vector));
  missing = uniqueTexts(texts, stale).filter((text) => !fresh.has(text));
  if (missing.length > 0) {
    for (const [text, vector] of await embedTexts(options, missing, dimensions)) fresh.set(text, vector);
  }
  for (const [text, vector] of fresh) cache.set(embeddingCacheKey(modelKey, text), vector);
  return texts.map((text, index) => stale[index] ?? fresh.get(text)!);
}

/** The texts whose vector is `undefined`, each once, in catalog order. */
function uniqueTexts(texts: readonly string[], vectors: readonly (number[] | undefined)[]): string[] {
  return [...new Set(texts.filter((_, index) => vectors[index] === undefined))];
}

/** `vector` when it is an embedding with no fault (and `dimensions` long, when given), else `undefined`. */
function usable(vector: readonly number[] | undefined, dimensions: number | undefined): number[] | undefined {
  return embeddingFault(vector, dimensions) === undefined ? (vector as number[]) : undefined;
}

/** Embeds `values` in one `embedMany` call; each checked against the first's length, or `dimensions`. */
async function embedTexts(options: EmbedCatalogOptions, values: string[], dimensions?: number): Promise<Map<string, number[]>> {
  try {
    const { embeddings } = await embedMany({
      model: options.model,
      values,
      ...(options.maxParallelCalls === undefined ? {} : { maxParallelCalls: options.maxParallelCalls }),
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
    });
    checkEmbeddings(embeddings, values.length, dimensions);
    return new Map(values.map((text, index) => [text, embeddings[index]!]));
  } catch (error) {
    throw new CatalogEmbeddingError({ model: options.modelKey, texts: values.length, cause: error });
  }
}

/** Throws unless `embeddings` is `count` embeddings with no fault, all `dimensions` long (`undefined`: the first's length). */
function checkEmbeddings(embeddings: unknown, count: number, dimensions: number | undefined): void {
  if (!Array.isArray(embeddings) || embeddings.length !== count) {
    throw new Error(`the model returned ${Array.isArray(embeddings) ? embeddings.length : 'no array of'} embeddings for ${count} texts`);
  }
  let expected = dimensions;
  embeddings.forEach((embedding: unknown, index) => {
    const fault = embeddingFault(embedding, expected);
    if (fault !== undefined) throw new Error(`the model returned embedding ${index + 1} of ${count} that ${fault}`);
    expected ??= (embedding as number[]).length;
  });
}
