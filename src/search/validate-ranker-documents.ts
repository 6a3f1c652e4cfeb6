import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { RankerDocument } from './tool-ranker.js';

/**
 * Checks each {@link RankerDocument} a caller gives a ranker directly (the runtime builds them
 * right): an object with string `name`, `description` and `group`, and `parameters` and `aliases`
 * each `undefined` or an array. Without it a document missing its `group` failed deep in the
 * index build with `TypeError: Cannot read properties of undefined (reading 'match')`.
 *
 * @throws {InvalidOptionError} the first field that breaks it, named as `documents[3].group`.
 */
export function validateRankerDocuments(documents: readonly RankerDocument[]): void {
  for (let index = 0; index < documents.length; index++) {
    const document: unknown = documents[index];
    if (document === null || typeof document !== 'object') {
      throw new InvalidOptionError({ option: `documents[${index}]`, value: document, expected: 'a ranker document { name, description, group, parameters?, aliases? }' });
    }
    const fields = document as Record<string, unknown>;
    for (const field of ['name', 'description', 'group'] as const) {
      if (typeof fields[field] !== 'string') {
        throw new InvalidOptionError({ option: `documents[${index}].${field}`, value: fields[field], expected: `a string (${field === 'group' ? "the tool's group, '' for none" : `the tool's ${field}`})` });
      }
    }
    for (const field of ['parameters', 'aliases'] as const) {
      if (fields[field] !== undefined && !Array.isArray(fields[field])) {
        throw new InvalidOptionError({ option: `documents[${index}].${field}`, value: fields[field], expected: 'an array, or undefined for none' });
      }
    }
  }
}
