import { cosineSimilarity, embed, type EmbeddingModel } from 'ai';
import { createHybridRanker, NAMED_TOOL_SCORE } from './create-hybrid-ranker.js';
import { embedCatalog } from './embed-catalog.js';
import { raceAbort } from './race-abort.js';
import { processEmbeddingCache, type EmbeddingCache } from './embedding-cache.js';
import { MAX_QUERY_SCAN_CHARS } from './query-terms.js';
import type { AnyToolRanker, AsyncToolRanker, RankedTool, RankerDocument, RankOptions } from './tool-ranker.js';
import { readEmbedding } from './read-embedding.js';
import { InvalidEmbeddingError } from '../errors/invalid-embedding-error.js';
import { cleanRanking } from './clean-ranking.js';
import { normalizeNameText } from './normalize-name-text.js';
import { nameCoverageOfRanker } from './ranker-name-coverage.js';
import { validateSemanticRankerOptions } from './validate-semantic-ranker-options.js';

/** Weights of reciprocal-rank fusion in {@link createSemanticRanker}. */
export interface SemanticFusionWeights {
  readonly lexical: number;
  readonly semantic: number;
}

/**
 * Options of {@link createSemanticRanker}; any other key throws `InvalidOptionError` when it is
 * built ({@link validateSemanticRankerOptions}).
 */
export interface SemanticRankerOptions {
  /** The tools to rank: ranker documents, each with string `name`, `description` and `group`. */
  readonly documents: readonly RankerDocument[];
  /**
   * Any AI SDK embedding model (e.g. `openai.embedding('text-embedding-3-small')`: an object with
   * string `provider` and `modelId` and a `doEmbed` function), or a gateway model id string.
   */
  readonly model: EmbeddingModel;
  /**
   * The lexical ranker (`{ name, rank }`) fused with the embeddings; its `rank` may answer with
   * an array or a promise of one (a `ToolRanker` or an `AsyncToolRanker`, e.g. a search service).
   * It is given each search's `{ abortSignal }`. A rejection, or an answer that is not an
   * array, rejects that search; of an array, only `{ name, score: finite number }` entries
   * naming a tool of `documents` are fused, each name once (the first), at most the number
   * asked for. It must rank `documents`: in a runtime the `ranker` function is called for a
   * turn's client tools too, with `{ clientId }` (`RankerContext`), and a search service that
   * knows only your catalog should be left out of that call (client tools would be ranked by
   * meaning alone). Default: {@link createHybridRanker} over `documents`.
   */
  readonly lexical?: AnyToolRanker;
  /**
   * Each a finite number ≥ 0, not both 0 (0 leaves that ranking out). Default `{ lexical: 1, semantic: 1 }`
   * (not tuned: see the README's Performance section); an `undefined` field is its default.
   */
  readonly weights?: Partial<SemanticFusionWeights>;
  /** Where catalog embeddings are kept by content hash (`{ get, set }`). Default: one in-memory cache per process. */
  readonly cache?: EmbeddingCache;
  /** Passed to `embedMany` for the catalog: a whole number ≥ 1. Default: the AI SDK's. */
  readonly maxParallelCalls?: number;
  /**
   * Aborts embedding the catalog (not the queries: each `rank` call takes its own signal).
   * Default: none.
   */
  readonly abortSignal?: AbortSignal;
}

/** Constant of reciprocal-rank fusion: `weight / (RRF_K + rank)`. 60 is the usual choice (Cormack et al., 2009). */
const RRF_K = 60;
/** Candidates taken from each ranking before fusion, at least. */
const MIN_FUSION_DEPTH = 50;

/**
 * Semantic ranking fused with the lexical ranks. Embeds every tool (name, description,
 * parameter names) once with `embedMany` — texts already in `cache` (keyed by a content hash of
 * model and text) are not embedded again, unless the cached embedding is unusable or of another
 * length than the model's answer ({@link embedCatalog}; when every text was cached, the first
 * query whose embedding has another length than the cached ones embeds the catalog again at
 * the query's length, once) — then, per query, embeds the query (its first 4,000
 * characters) with `embed`, ranks the tools by cosine similarity and fuses that ranking with the
 * lexical one by weighted reciprocal-rank fusion. Tools the query names outright (`select:`, an
 * exact name: a lexical score of at least `NAMED_TOOL_SCORE / 2`) keep their lexical place at
 * the top (C9); a `select:` query is answered by the lexical ranker alone, with no embedding.
 * Each fused match carries its `nameCoverage` (C24: the relevance floor's name gain), the lexical
 * ranker's, or for a tool only the embeddings found, counted by the default ranker the same way
 * (when `lexical` is the default or a `createHybridRanker`; a ranker of your own gives its own or none).
 *
 * Asynchronous, so it is an {@link AsyncToolRanker}. For `tool_search`, give the runtime a
 * function that builds it: `ranker: (documents) => createSemanticRanker({ documents, model })`;
 * the runtime calls it once (the catalog is embedded once per runtime) and passes each
 * search's abort signal to `rank`, which passes it to `embed`.
 *
 * Embeddings may be arrays or typed arrays (`Float32Array`, …: the AI SDK passes a model's
 * answer through unchanged) of 1 to `MAX_EMBEDDING_DIMENSIONS` (16,384) finite numbers; they
 * are copied into plain arrays, which is what the ranker holds and the cache is given.
 *
 * @throws {InvalidOptionError} (synchronously, before anything is embedded; so in the runtime's
 *   `ranker` function, when the runtime is built) an option is unknown, missing or out of range
 *   ({@link validateSemanticRankerOptions}).
 * @throws {CatalogEmbeddingError} (a rejection) when embedding the catalog fails, or the model
 *   answers with a wrong count of embeddings, or one that is not finite numbers, is empty, is
 *   longer than `MAX_EMBEDDING_DIMENSIONS`, or has another length than the others (such
 *   embeddings are not cached); its `cause` is what the embedding model threw, or an
 *   `InvalidEmbeddingError` saying which embedding is wrong. `rank` rejects with the AI SDK's
 *   error when embedding the query fails or `options.abortSignal` aborts it, and with an
 *   `InvalidEmbeddingError` (`embedding: 'query'`) when the query's embedding has such a fault
 *   or another length than the catalog's (in a turn, each of these is a tool error for that
 *   search).
 */
export function createSemanticRanker(options: SemanticRankerOptions): Promise<AsyncToolRanker> {
  validateSemanticRankerOptions(options);
  return buildSemanticRanker(options);
}

async function buildSemanticRanker(options: SemanticRankerOptions): Promise<AsyncToolRanker> {
  const { documents, model } = options;
  const lexical = options.lexical ?? createHybridRanker(documents);
  const weights = { lexical: 1, semantic: 1, ...options.weights };
  const userCache = options.cache ?? processEmbeddingCache;
  // counts what the model embedded: none means every catalog vector came from the cache
  let embeddedByModel = 0;
  const cache: EmbeddingCache = { get: (key) => userCache.get(key), set: (key, vector) => (embeddedByModel++, userCache.set(key, vector)) };
  const modelKey = typeof model === 'string' ? model : `${model.provider}:${model.modelId}`;

  const embedAll = (dimensions?: number) =>
    embedCatalog({
      texts: documents.map(embeddingText),
      model,
      modelKey,
      cache,
      ...(options.maxParallelCalls === undefined ? {} : { maxParallelCalls: options.maxParallelCalls }),
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
      ...(dimensions === undefined ? {} : { dimensions }),
    });
  let vectors = await embedAll();
  let dimensions = vectors[0]?.length;
  // a whole cache of another length than the model answers now (the same model id asked for
  // other `dimensions`) is only found out by a query: embed the catalog again at the query's
  // length, once. When the model embedded the catalog itself, a query of another length is the
  // model's fault and fails that search (checkQueryEmbedding) without embedding anything again.
  let fromCacheOnly = embeddedByModel === 0;
  let reembedding: { readonly dimensions: number; readonly vectors: Promise<number[][]> } | undefined;
  const catalogOfLength = async (length: number): Promise<void> => {
    if (reembedding?.dimensions !== length) {
      const attempt = { dimensions: length, vectors: embedAll(length) };
      reembedding = attempt;
      // a failed attempt is not kept: the next search tries again
      attempt.vectors.catch(() => void (reembedding === attempt && (reembedding = undefined)));
    }
    const fresh = await reembedding.vectors;
    if (dimensions !== length) [vectors, dimensions, fromCacheOnly] = [fresh, length, false];
  };
  // the default ranker counts any tool's name coverage, so a tool only the embeddings found gets it too (C24)
  const coverageOf = nameCoverageOfRanker(lexical);
  const names = new Set(documents.map((document) => document.name));
  const isKnown = (name: string): boolean => names.has(name);

  return {
    name: `${lexical.name}+semantic`,
    async rank(query: string, maxResults: number, rankOptions: RankOptions = {}): Promise<RankedTool[]> {
      if (typeof query !== 'string' || maxResults <= 0 || query.trim().length === 0) return [];
      // `select:` asks for exactly the listed tools: nothing to fuse
      if (/^select:/i.test(normalizeNameText(query).trim())) return await rankLexically(lexical, query, maxResults, rankOptions, isKnown);
      const depth = Math.max(MIN_FUSION_DEPTH, maxResults);
      const lexicalRanks = await rankLexically(lexical, query, depth, rankOptions, isKnown);
      const named = lexicalRanks.filter((match) => match.score >= NAMED_TOOL_SCORE / 2);
      const answer = await embed({
        model,
        value: query.slice(0, MAX_QUERY_SCAN_CHARS),
        ...(rankOptions.abortSignal === undefined ? {} : { abortSignal: rankOptions.abortSignal }),
      });
      const embedding = queryEmbedding(answer.embedding, modelKey);
      if (fromCacheOnly && dimensions !== undefined && embedding.length !== dimensions) await catalogOfLength(embedding.length);
      if (dimensions !== undefined && embedding.length !== dimensions) {
        throw new InvalidEmbeddingError({ model: modelKey, embedding: 'query', fault: `has ${embedding.length} numbers; the others have ${dimensions}` });
      }
      const semanticRanks = vectors
        .map((vector, index) => ({ name: documents[index]!.name, similarity: cosineSimilarity(embedding, vector) }))
        .sort((a, b) => b.similarity - a.similarity || compareNames(a.name, b.name))
        .slice(0, depth);
      const fused = new Map<string, number>();
      lexicalRanks.forEach((match, index) => fused.set(match.name, weights.lexical / (RRF_K + index + 1)));
      semanticRanks.forEach((match, index) => fused.set(match.name, (fused.get(match.name) ?? 0) + weights.semantic / (RRF_K + index + 1)));
      const namedSet = new Set(named.map((match) => match.name));
      const rest = [...fused]
        .filter(([name]) => !namedSet.has(name))
        .map(([name, score]) => ({ name, score: Math.round(score * 1e6) / 1e6 }))
        .sort((a, b) => b.score - a.score || compareNames(a.name, b.name))
        .slice(0, Math.max(0, maxResults - named.length));
      // a named tool keeps its lexical entry as it is (the floor counts a named best as the whole query)
      return [...named.slice(0, maxResults), ...withNameCoverage(rest, lexicalRanks, coverageOf?.(query))];
    },
  };
}

/**
 * The fused matches, each with its `nameCoverage` (C24, the relevance floor's name gain): the
 * lexical ranker's when it gave one, else the default ranker's count of the query for that tool
 * (`coverage`, which only the default ranker gives); without either the match has none.
 */
function withNameCoverage(matches: readonly RankedTool[], lexicalRanks: readonly RankedTool[], coverage: ((name: string) => number | undefined) | undefined): RankedTool[] {
  const lexical = new Map(lexicalRanks.flatMap((match) => (match.nameCoverage === undefined ? [] : [[match.name, match.nameCoverage] as const])));
  return matches.map((match) => {
    const nameCoverage = lexical.get(match.name) ?? coverage?.(match.name);
    return nameCoverage === undefined ? match : { ...match, nameCoverage };
  });
}

/** What is embedded for one tool: its name, description and parameter names. */
function embeddingText(document: RankerDocument): string {
  const parameters = (document.parameters ?? []).map((parameter) => parameter.name).join(', ');
  return `${document.name}: ${document.description}${parameters.length > 0 ? `\nParameters: ${parameters}` : ''}`;
}

/**
 * `lexical.rank`'s answer (given the search's abort signal, and no longer awaited once it aborts:
 * {@link raceAbort}), awaited when it is a promise, made
 * trustworthy like any ranker's answer in `tool_search` ({@link cleanRanking}): entries that are
 * not `{ name: string, score: finite number }` (`null`, a `NaN` or `Infinity` score), names not
 * among `documents` (`__proto__`, a stale name of a search service), repeats of a name (the
 * best-ranked is kept) and entries past `maxResults` are left out. So a named tool is never
 * returned twice and no name outside the catalog is fused. Anything but an array rejects the
 * search with a clear error.
 */
async function rankLexically(lexical: AnyToolRanker, query: string, maxResults: number, rankOptions: RankOptions, isKnown: (name: string) => boolean): Promise<RankedTool[]> {
  // the caller's code: with the search's signal, it cannot hold the search past an abort
  const ranking: unknown = await raceAbort(lexical.rank(query, maxResults, rankOptions), rankOptions.abortSignal);
  if (!Array.isArray(ranking)) {
    throw new Error(`The lexical ranker ${lexical.name} answered ${ranking === null ? 'null' : typeof ranking}, not an array of { name, score } matches`);
  }
  return cleanRanking(ranking, { maxResults, isKnown }).ranked;
}

/**
 * The query's embedding read into a plain array ({@link readEmbedding}: a typed array is
 * accepted), its length not yet checked against the catalog's.
 *
 * @throws {InvalidEmbeddingError} it is not 1 to `MAX_EMBEDDING_DIMENSIONS` finite numbers.
 */
function queryEmbedding(value: unknown, modelKey: string): number[] {
  const { embedding, fault } = readEmbedding(value, undefined);
  if (fault !== undefined) throw new InvalidEmbeddingError({ model: modelKey, embedding: 'query', fault });
  return embedding;
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
