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
 * One pass of plain property reads over documents that are right ({@link isRankerDocument}; no
 * closure, array or string made per document); only when a document fails it does a second pass
 * name the first field that breaks (at 10,000 tools the check cost 24–41 ms of a cold build when
 * it built an option name per parameter and closures per document; now 1–3 ms: test/bench/README.md).
 *
 * @throws {InvalidOptionError} the first field that breaks it, named as `documents[3].group`,
 *   `documents[3].aliases[0]` or `documents[3].parameters[1].name`.
 */
export function validateRankerDocuments(documents: readonly RankerDocument[]): void {
  for (let from = 0; from < documents.length; ) {
    const to = Math.min(documents.length, from + DOCUMENTS_PER_CALL);
    const failed = firstFailure(documents, from, to);
    if (failed < 0) {
      from = to;
    } else {
      throwFirstError(documents, failed);
      from = failed + 1;
    }
  }
}

/** Documents per call of {@link firstFailure}: a short loop the JIT compiles once and runs compiled from the next call on (`DOCUMENTS_PER_CALL` of index-document-fields.ts). */
const DOCUMENTS_PER_CALL = 64;

/** The index of the first document from `from` to `to` (exclusive) that {@link isRankerDocument} rejects, or -1. */
function firstFailure(documents: readonly RankerDocument[], from: number, to: number): number {
  for (let index = from; index < to; index += 1) if (!isRankerDocument(documents[index])) return index;
  return -1;
}

/** True when `value` is a ranker document as {@link validateRankerDocuments} asks; false may also mean a shape it accepts (a sparse array), which {@link throwFirstError} then tells. */
function isRankerDocument(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const document = value as RankerDocument;
  if (typeof document.name !== 'string' || typeof document.description !== 'string' || typeof document.group !== 'string') return false;
  const { parameters, aliases } = document;
  if (parameters !== undefined) {
    if (!Array.isArray(parameters)) return false;
    for (let at = 0; at < parameters.length; at += 1) {
      const parameter: unknown = parameters[at];
      if (parameter === null || typeof parameter !== 'object') return false;
      if (typeof (parameter as { name?: unknown }).name !== 'string' || typeof (parameter as { description?: unknown }).description !== 'string') return false;
    }
  }
  if (aliases !== undefined) {
    if (!Array.isArray(aliases)) return false;
    for (let at = 0; at < aliases.length; at += 1) if (typeof aliases[at] !== 'string') return false;
  }
  return true;
}

/** Throws the error of the first field of document `index` that breaks the rules; returns when it finds none (a sparse array, whose holes are skipped). */
function throwFirstError(documents: readonly RankerDocument[], index: number): void {
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
