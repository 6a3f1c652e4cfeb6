import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';
import { validateRankerDocuments } from '../../src/search/validate-ranker-documents.js';

const good: RankerDocument = { name: 'send_email', description: 'Send an email', group: 'mail', parameters: [{ name: 'to', description: '' }], aliases: ['mail_send'] };
/** `count` good documents with `bad` at `at`. */
const catalogWith = (bad: unknown, at: number, count = 200) => Array.from({ length: count }, (_, index) => (index === at ? bad : { ...good, name: `tool_${index}` })) as RankerDocument[];

describe('validateRankerDocuments', () => {
  it('accepts documents with and without parameters and aliases, and none at all', () => {
    expect(() => validateRankerDocuments([good, { name: 'a', description: '', group: '' }, { name: 'b', description: 'x', group: 'g', parameters: [], aliases: [] }])).not.toThrow();
    expect(() => validateRankerDocuments([])).not.toThrow();
  });

  it.each([
    ['a document that is no object', 7, 'Option `documents[130]` is 7; expected a ranker document { name, description, group, parameters?, aliases? }.'],
    ['a missing name', { ...good, name: undefined }, "Option `documents[130].name` is undefined; expected a string (the tool's name)."],
    ['a number description', { ...good, description: 3 }, "Option `documents[130].description` is 3; expected a string (the tool's description)."],
    ['a missing group', { name: 'a', description: '' }, "Option `documents[130].group` is undefined; expected a string (the tool's group, '' for none)."],
    ['parameters that are no array', { ...good, parameters: 'x' }, 'Option `documents[130].parameters` is "x"; expected an array, or undefined for none.'],
    ['aliases that are no array', { ...good, aliases: 'x' }, 'Option `documents[130].aliases` is "x"; expected an array, or undefined for none.'],
    ['an alias that is no string', { ...good, aliases: ['ok', 3] }, 'Option `documents[130].aliases[1]` is 3; expected a string (another name the tool is found by).'],
    ['a parameter that is null', { ...good, parameters: [{ name: 'to', description: '' }, null] }, "Option `documents[130].parameters[1]` is null; expected a parameter { name, description } (description '' for none)."],
    ['a parameter name that is a number', { ...good, parameters: [{ name: 7, description: '' }] }, 'Option `documents[130].parameters[0].name` is 7; expected a string (the property name).'],
    ['a parameter without description', { ...good, parameters: [{ name: 'to' }] }, "Option `documents[130].parameters[0].description` is undefined; expected a string ('' for none)."],
  ])('names %s by its place, past the first slice of documents', (_, bad, message) => {
    const documents = catalogWith(bad, 130);
    expect(() => validateRankerDocuments(documents)).toThrow(InvalidOptionError);
    expect(() => validateRankerDocuments(documents)).toThrow(message);
  });

  it('names the first broken document when several are', () => {
    const documents = catalogWith({ name: 'a', description: '' }, 10);
    documents[5] = { ...good, aliases: [null] } as unknown as RankerDocument;
    expect(() => validateRankerDocuments(documents)).toThrow('Option `documents[5].aliases[0]` is null');
  });

  it('accepts a sparse parameter list as before (its holes are skipped) and still checks the documents after it', () => {
    // eslint-disable-next-line no-sparse-arrays
    const sparse = { ...good, parameters: [, { name: 'to', description: '' }] } as unknown as RankerDocument;
    expect(() => validateRankerDocuments([sparse, good])).not.toThrow();
    expect(() => validateRankerDocuments([sparse, { ...good, group: 1 } as unknown as RankerDocument])).toThrow('Option `documents[1].group` is 1');
  });
});
