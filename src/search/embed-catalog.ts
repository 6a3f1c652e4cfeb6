import { embedMany, type EmbeddingModel } from 'ai';
import { CatalogEmbeddingError } from '../errors/catalog-embedding-error.js';
import { embeddingCacheKey, embeddingLengthsKey, type EmbeddingCache } from './embedding-cache.js';
import { InvalidEmbeddingError } from '../errors/invalid-embedding-error.js';
import { guardEmbeddingCache, type GuardedEmbeddingCache } from './guard-embedding-cache.js';
import { MAX_EMBEDDING_DIMENSIONS, readEmbedding } from './read-embedding.js';

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
 * Which cached embeddings are used: those stored at the length the model answers with
 * ({@link embeddingCacheKey} holds the length), arrays, typed arrays or other array-likes of 1 to
 * `MAX_EMBEDDING_DIMENSIONS` (16,384) finite numbers ({@link readEmbedding}), read into plain
 * arrays; any other entry (a user's cache may hold anything) is embedded again and replaced.
 * The length read at is `dimensions` when given, else the only length the cache lists for the
 * model ({@link embeddingLengthsKey}), else — when it lists several, one model id configured
 * for two lengths — the length of the model's embedding of the first text (one call for one
 * text). When the model's answer for a missing text has another length than the one read at,
 * the cache is read again at the model's length. So two rankers of one model id at two lengths
 * keep both sets of embeddings in one cache, a stale cache never fails a build, and the vectors
 * returned always have one length. Nor does a
 * failing cache ({@link guardEmbeddingCache}): a `get` that throws is a miss, a `set` that
 * throws leaves that embedding uncached, and a typed array or Proxy is read once into a plain array.
 * The model's embeddings are read the same way: a `Float32Array` (or any typed array) it
 * answers with is accepted and copied into a plain array, which is what is returned and cached.
 *
 * @returns one plain `number[]` per text, all of one length, none shared with the model's
 *   answer or the user's cache.
 * @throws {CatalogEmbeddingError} `embedMany` threw or was aborted, or its answer is not one
 *   usable embedding per text of one length (a `NaN`, an empty array, more than
 *   `MAX_EMBEDDING_DIMENSIONS` numbers, lengths that differ: its `cause` is an
 *   `InvalidEmbeddingError` saying which); nothing of that answer is cached.
 */
export async function embedCatalog(options: EmbedCatalogOptions): Promise<number[][]> {
  const { texts, modelKey } = options;
  const cache = guardEmbeddingCache(options.cache);
  const lookUp = (length: number) => texts.map((text) => usable(cache.get(embeddingCacheKey(modelKey, text, length)), length));
  const lengths = storedLengths(cache, modelKey);
  const fresh = new Map<string, number[]>();
  // the length to read the cache at: the known one, the only one stored, or — with several
  // stored (one model id configured two ways) — the model's answer for the first text
  let length = options.dimensions ?? (lengths.length === 1 ? lengths[0] : undefined);
  if (length === undefined && lengths.length > 1) {
    const [text] = texts;
    if (text !== undefined) for (const [value, vector] of await embedTexts(options, [text])) fresh.set(value, vector);
    length = fresh.get(text!)?.length;
  }
  let cached: (number[] | undefined)[] = length === undefined ? texts.map(() => undefined) : lookUp(length);
  let missing = uniqueTexts(texts, cached).filter((text) => !fresh.has(text));
  if (missing.length > 0) {
    const answered = await embedTexts(options, missing, options.dimensions ?? (fresh.size > 0 ? length : undefined));
    for (const [text, vector] of answered) fresh.set(text, vector);
    const answeredLength = answered.get(missing[0]!)!.length;
    if (answeredLength !== length) {
      // the only stored length was not the model's: read what is stored at the model's, embed the rest
      length = answeredLength;
      cached = lookUp(length);
      missing = uniqueTexts(texts, cached).filter((text) => !fresh.has(text));
      if (missing.length > 0) for (const [text, vector] of await embedTexts(options, missing, length)) fresh.set(text, vector);
    }
  }
  if (fresh.size > 0) {
    for (const [text, vector] of fresh) cache.set(embeddingCacheKey(modelKey, text, length!), vector);
    if (!lengths.includes(length!)) cache.set(embeddingLengthsKey(modelKey), [...lengths, length!].sort((a, b) => a - b));
  }
  return texts.map((text, index) => fresh.get(text) ?? cached[index]!);
}

/** The lengths `cache` lists for `modelKey` ({@link embeddingLengthsKey}): whole numbers within the bound, distinct, ascending; `[]` for none or a malformed entry. */
function storedLengths(cache: GuardedEmbeddingCache, modelKey: string): number[] {
  const listed = cache.get(embeddingLengthsKey(modelKey)) ?? [];
  return [...new Set(listed.filter((length) => Number.isInteger(length) && length >= 1 && length <= MAX_EMBEDDING_DIMENSIONS))].sort((a, b) => a - b);
}

/** The texts whose vector is `undefined`, each once, in catalog order. */
function uniqueTexts(texts: readonly string[], vectors: readonly (number[] | undefined)[]): string[] {
  return [...new Set(texts.filter((_, index) => vectors[index] === undefined))];
}

/** `vector` (a guarded cache's answer: already read and checked) when it is `dimensions` long or that is not given, else `undefined`. */
function usable(vector: number[] | undefined, dimensions: number | undefined): number[] | undefined {
  return vector !== undefined && (dimensions === undefined || vector.length === dimensions) ? vector : undefined;
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
    const read = readEmbeddings(embeddings, values.length, dimensions, options.modelKey);
    return new Map(values.map((text, index) => [text, read[index]!]));
  } catch (error) {
    throw new CatalogEmbeddingError({ model: options.modelKey, texts: values.length, cause: error });
  }
}

/**
 * `embeddings` read into plain arrays ({@link readEmbedding}); throws unless they are `count`
 * embeddings with no fault, all `dimensions` long (`undefined`: the first's length).
 *
 * @throws {InvalidEmbeddingError} the first embedding with a fault.
 */
function readEmbeddings(embeddings: unknown, count: number, dimensions: number | undefined, model: string): number[][] {
  if (!Array.isArray(embeddings) || embeddings.length !== count) {
    throw new Error(`the model returned ${Array.isArray(embeddings) ? embeddings.length : 'no array of'} embeddings for ${count} texts`);
  }
  let expected = dimensions;
  return embeddings.map((value: unknown, index) => {
    const { embedding, fault } = readEmbedding(value, expected);
    if (fault !== undefined) throw new InvalidEmbeddingError({ model, embedding: { index: index + 1, count }, fault });
    expected ??= embedding.length;
    return embedding;
  });
}
