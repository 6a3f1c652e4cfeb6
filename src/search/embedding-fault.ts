/**
 * What is wrong with one embedding, or `undefined` when nothing is: it must be a non-empty array
 * of finite numbers, `dimensions` long (`undefined`: any length). Read by createSemanticRanker
 * for the catalog's embeddings and each query's: an embedding with `NaN` ranked every tool by
 * name alone (`NaN` similarities), one of another length failed each search with the AI SDK's
 * `Vectors must have the same length`.
 *
 * @returns a phrase to follow "embedding 2 of 5", e.g. `has 3 numbers; the others have 1536`,
 *   `has NaN at 0, not a finite number`.
 */
export function embeddingFault(vector: unknown, dimensions: number | undefined): string | undefined {
  if (!Array.isArray(vector) || vector.length === 0) return 'is not a non-empty array of numbers';
  for (let index = 0; index < vector.length; index++) {
    const value: unknown = vector[index];
    if (typeof value !== 'number' || !Number.isFinite(value)) return `has ${typeof value === 'number' ? String(value) : `a ${typeof value}`} at ${index}, not a finite number`;
  }
  if (dimensions !== undefined && vector.length !== dimensions) return `has ${vector.length} numbers; the others have ${dimensions}`;
  return undefined;
}
