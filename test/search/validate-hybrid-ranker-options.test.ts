import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import type { HybridRankerOptions } from '../../src/search/hybrid-ranker-options.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';

const documents: RankerDocument[] = [
  { name: 'send_email', description: 'Send an email', group: 'mail' },
  { name: 'chess_move', description: 'Make a chess move', group: 'games' },
];
const build = (options: unknown) => () => createHybridRanker(documents, { thesaurus: false, ...(options as HybridRankerOptions) });

describe('createHybridRanker: hostile options throw at construction instead of changing every ranking', () => {
  it.each([
    // each of these was accepted: maxQueryTerms -1 ranked nothing, weights.bm25 -1 gave a score of -0.75, bm25.k NaN dropped BM25
    ['maxQueryTerms -1', { maxQueryTerms: -1 }, 'Option `maxQueryTerms` is -1; expected a whole number ≥ 1.'],
    ['a negative fusion weight', { weights: { bm25: -1 } }, 'Option `weights.bm25` is -1; expected a finite number ≥ 0.'],
    ['bm25.k NaN', { bm25: { k: Number.NaN, b: 0.85, d: 0.5 } }, 'Option `bm25.k` is NaN; expected a finite number ≥ 0 (give k, b and d together).'],
    ['bm25 without d', { bm25: { k: 0.6, b: 0.85 } }, 'Option `bm25.d` is undefined'],
    ['bm25.b above 1', { bm25: { k: 0.6, b: 2, d: 0.5 } }, 'Option `bm25.b` is 2; expected a number from 0 to 1'],
    ['a boost that is a string', { boosts: { name: '1' } }, 'Option `boosts.name` is "1"; expected a finite number ≥ 0 (0 leaves the field out).'],
    ['a boost that is NaN', { boosts: { description: Number.NaN } }, 'Option `boosts.description` is NaN'],
    ['a misspelled boost', { boosts: { nmae: 1 } }, 'Option `boosts.nmae` is 1; expected one of the known options: boosts.name, boosts.description'],
    ['synonymWeight Infinity', { synonymWeight: Number.POSITIVE_INFINITY }, 'Option `synonymWeight` is Infinity; expected a finite number ≥ 0 (0 turns it off).'],
    ['a misspelled option', { synonymweight: 0 }, 'Option `options.synonymweight` is 0; expected `options.synonymWeight` (unknown key; a typo?).'],
    ['a __proto__ key from JSON.parse', JSON.parse('{"__proto__": {"maxQueryTerms": 1}}'), 'Option `options.__proto__` is object; expected one of the known options: options.boosts'],
    ['combine of another name', { combine: 'sum' }, "Option `combine` is \"sum\"; expected 'bm25f' or 'minisearch'."],
    ['minPrefixChars 2.5', { minPrefixChars: 2.5 }, 'Option `minPrefixChars` is 2.5; expected a whole number ≥ 0.'],
  ])('%s', (_, options, message) => {
    expect(build(options)).toThrow(InvalidOptionError);
    expect(build(options)).toThrow(message);
  });

  it('keeps accepting the edges of each range and ranks with them', () => {
    const ranker = createHybridRanker(documents, { thesaurus: false, maxQueryTerms: 1, minPrefixChars: 0, maxTypoTerms: 0, synonymWeight: 0, weights: { nameCoverage: 0 }, boosts: { group: 0 }, bm25: { k: 0, b: 1, d: 0 }, combine: 'minisearch' });
    expect(ranker.rank('chess', 2).map((match) => match.name)).toEqual(['chess_move']);
  });

  it('names a document field that is missing instead of failing inside the index build', () => {
    const documentsWithout = [{ name: 'send_email', description: 'Send an email', group: 'mail' }, { name: 'chess_move', description: 'Make a chess move' }];
    expect(() => createHybridRanker(documentsWithout as RankerDocument[])).toThrow("Option `documents[1].group` is undefined; expected a string (the tool's group, '' for none).");
    expect(() => createHybridRanker([null] as unknown as RankerDocument[])).toThrow('Option `documents[0]` is null; expected a ranker document');
    expect(() => createHybridRanker([{ ...documents[0]!, parameters: 'x' }] as unknown as RankerDocument[])).toThrow('Option `documents[0].parameters` is "x"; expected an array');
  });

  it('names an alias or a parameter entry that is not text instead of failing inside the index build', () => {
    expect(() => createHybridRanker([{ ...documents[0]!, aliases: [3] }] as unknown as RankerDocument[])).toThrow('Option `documents[0].aliases[0]` is 3; expected a string');
    expect(() => createHybridRanker([{ ...documents[0]!, parameters: [null] }] as unknown as RankerDocument[])).toThrow('Option `documents[0].parameters[0]` is null; expected a parameter { name, description }');
    expect(() => createHybridRanker([{ ...documents[0]!, parameters: [{ name: 7, description: '' }] }] as unknown as RankerDocument[])).toThrow('Option `documents[0].parameters[0].name` is 7; expected a string (the property name).');
  });
});
