import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { checkOptionKeys } from './check-option-keys.js';
import type { SemanticRankerOptions } from './create-semantic-ranker.js';
import { validateRankerDocuments } from './validate-ranker-documents.js';

const TOP_KEYS: readonly string[] = ['documents', 'model', 'lexical', 'weights', 'cache', 'maxParallelCalls', 'abortSignal'] satisfies readonly (keyof SemanticRankerOptions)[];
const WEIGHT_KEYS: readonly string[] = ['lexical', 'semantic'];

/**
 * Checks {@link SemanticRankerOptions} before anything is embedded, so a mistake throws instead of
 * failing deep inside or silently changing every ranking (a `weights.lexical` of `NaN` scored
 * tools `null`, `'2'` concatenated, a misspelled `weigths` was ignored, a `cache` without `get`
 * failed with `TypeError: cache.get is not a function`, a missing `model` with `reading 'provider'`):
 * no unknown key (`__proto__` from JSON.parse included); `documents` ranker documents
 * ({@link validateRankerDocuments}), checked even when `lexical` is given (they are embedded);
 * `model` a non-empty string (an AI Gateway model id) or an object with string `provider` and
 * `modelId` and a `doEmbed` function; `lexical` `{ name: string, rank: function }`; `weights` an
 * object of `lexical` / `semantic`, each a finite number ≥ 0, not both 0; `cache` `{ get, set }`
 * functions; `maxParallelCalls` a whole number ≥ 1; `abortSignal` an `AbortSignal`.
 * `undefined` optional fields are their defaults.
 *
 * @throws {InvalidOptionError} the first option that breaks one of these, named as `weights.lexical` etc.
 */
export function validateSemanticRankerOptions(options: SemanticRankerOptions): void {
  if (options === null || typeof options !== 'object') {
    throw new InvalidOptionError({ option: 'options', value: options, expected: 'an object { documents, model, ... }: createSemanticRanker({ documents, model })' });
  }
  checkOptionKeys('options', options, TOP_KEYS);
  if (!Array.isArray(options.documents)) {
    throw new InvalidOptionError({ option: 'documents', value: options.documents, expected: 'an array of ranker documents, as the runtime passes them: (documents) => createSemanticRanker({ documents, model })' });
  }
  validateRankerDocuments(options.documents);
  checkModel(options.model);
  const { lexical, weights, cache, maxParallelCalls, abortSignal } = options as Partial<Record<keyof SemanticRankerOptions, unknown>>;
  if (lexical !== undefined && !hasMembers(lexical, { name: 'string', rank: 'function' })) {
    throw new InvalidOptionError({ option: 'lexical', value: lexical, expected: 'a ranker { name: string, rank(query, maxResults) } such as createHybridRanker(documents), or undefined for that default' });
  }
  if (weights !== undefined) checkWeights(weights);
  if (cache !== undefined && !hasMembers(cache, { get: 'function', set: 'function' })) {
    throw new InvalidOptionError({ option: 'cache', value: cache, expected: 'an EmbeddingCache { get(key), set(key, embedding) } such as createEmbeddingCache(), or undefined for the process cache' });
  }
  if (maxParallelCalls !== undefined && !(Number.isInteger(maxParallelCalls) && (maxParallelCalls as number) >= 1)) {
    throw new InvalidOptionError({ option: 'maxParallelCalls', value: maxParallelCalls, expected: "a whole number ≥ 1, or undefined for the AI SDK's default" });
  }
  if (abortSignal !== undefined && !hasMembers(abortSignal, { aborted: 'boolean', addEventListener: 'function' })) {
    throw new InvalidOptionError({ option: 'abortSignal', value: abortSignal, expected: 'an AbortSignal (e.g. AbortSignal.timeout(10_000)), or undefined for none' });
  }
}

function checkModel(model: unknown): void {
  if (typeof model === 'string' && model.trim() !== '') return;
  if (hasMembers(model, { provider: 'string', modelId: 'string', doEmbed: 'function' })) return;
  throw new InvalidOptionError({ option: 'model', value: model, expected: "an AI SDK embedding model, e.g. openai.embedding('text-embedding-3-small'), or a gateway model id string" });
}

function checkWeights(weights: unknown): void {
  if (weights === null || typeof weights !== 'object' || Array.isArray(weights)) {
    throw new InvalidOptionError({ option: 'weights', value: weights, expected: 'an object with some of lexical, semantic' });
  }
  checkOptionKeys('weights', weights, WEIGHT_KEYS);
  for (const [key, value] of Object.entries(weights)) {
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
      throw new InvalidOptionError({ option: `weights.${key}`, value, expected: 'a finite number ≥ 0 (0 leaves that ranking out; default 1)' });
    }
  }
  const { lexical = 1, semantic = 1 } = weights as { lexical?: number; semantic?: number };
  if (lexical === 0 && semantic === 0) {
    throw new InvalidOptionError({ option: 'weights.semantic', value: 0, expected: 'a weight > 0 for lexical or semantic (both 0 score every tool 0)' });
  }
}

/** Whether `value` is an object whose members have these `typeof`s (read once each; a getter that throws counts as missing). */
function hasMembers(value: unknown, members: Record<string, string>): boolean {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  try {
    return Object.entries(members).every(([key, type]) => typeof (value as Record<string, unknown>)[key] === type);
  } catch {
    return false;
  }
}
