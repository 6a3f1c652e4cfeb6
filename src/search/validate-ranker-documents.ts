import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { RankerDocument } from './tool-ranker.js';

/**
 * Checks each {@link RankerDocument} a caller gives a ranker directly (the runtime builds them
 * right): an object with string `name`, `description` and `group`; `parameters` `undefined` or an
 * array of `{ name: string, description: string }`; `aliases` `undefined` or an array of strings.
 * Without it a document missing its `group` failed deep in the index build with
 * `TypeError: Cannot read properties of undefined (reading 'match')`, and an alias `3` with
 * `TypeError: alias.toLowerCase is not a function`.
 *
 * @throws {InvalidOptionError} the first field that breaks it, named as `documents[3].group`,
 *   `documents[3].aliases[0]` or `documents[3].parameters[1].name`.
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
    checkEntries(index, fields.aliases as readonly unknown[] | undefined, fields.parameters as readonly unknown[] | undefined);
  }
}

function checkEntries(index: number, aliases: readonly unknown[] | undefined, parameters: readonly unknown[] | undefined): void {
  (aliases ?? []).forEach((alias, at) => {
    if (typeof alias !== 'string') throw new InvalidOptionError({ option: `documents[${index}].aliases[${at}]`, value: alias, expected: 'a string (another name the tool is found by)' });
  });
  (parameters ?? []).forEach((parameter, at) => {
    const option = `documents[${index}].parameters[${at}]`;
    if (parameter === null || typeof parameter !== 'object') throw new InvalidOptionError({ option, value: parameter, expected: "a parameter { name, description } (description '' for none)" });
    for (const field of ['name', 'description'] as const) {
      const value = (parameter as Record<string, unknown>)[field];
      if (typeof value !== 'string') throw new InvalidOptionError({ option: `${option}.${field}`, value, expected: field === 'name' ? 'a string (the property name)' : "a string ('' for none)" });
    }
  });
}
