import { describe, expect, it } from 'vitest';
import { conceptTerms } from '../../src/search/concept-terms.js';
import { DEVELOPER_CONCEPTS } from '../../src/search/developer-concepts.js';
import { EVERYDAY_CONCEPTS } from '../../src/search/everyday-concepts.js';
import { EVERYDAY_HOME_TRAVEL_AND_HEALTH } from '../../src/search/everyday-home-travel-and-health.js';
import { EVERYDAY_MEDIA_LEARNING_AND_MORE } from '../../src/search/everyday-media-learning-and-more.js';
import { EVERYDAY_MONEY_AND_SHOPPING } from '../../src/search/everyday-money-and-shopping.js';
import { stemWord } from '../../src/search/tokenize-text.js';

// The everyday lexicon's format: what conceptTerms (concept-terms.ts) can read of it.
const stemsOf = (key: string) => key.split(' ').map((word) => stemWord(word)).join(' ');

describe('EVERYDAY_CONCEPTS', () => {
  it('is its three domain files, every entry of each once (no key lost or given twice between files)', () => {
    const parts = [EVERYDAY_MONEY_AND_SHOPPING, EVERYDAY_HOME_TRAVEL_AND_HEALTH, EVERYDAY_MEDIA_LEARNING_AND_MORE];
    for (const part of parts) expect(part.length).toBeGreaterThan(100);
    expect(EVERYDAY_CONCEPTS.size).toBe(parts.reduce((sum, part) => sum + part.length, 0));
    expect(EVERYDAY_CONCEPTS.get('bitcoin')).toEqual(['cryptocurrency', 'coin']);
    expect(EVERYDAY_CONCEPTS.get('apartment')).toEqual(['home', 'rent', 'property']);
    expect(EVERYDAY_CONCEPTS.get('camping')).toEqual(['outdoor', 'travel']);
  });

  it('holds several hundred keys, each of lowercase whole words that a query holding the key finds', () => {
    expect(EVERYDAY_CONCEPTS.size).toBeGreaterThan(500);
    const unreadable = [...EVERYDAY_CONCEPTS].filter(
      ([key, words]) => !/^[a-z0-9]+( [a-z0-9]+)*$/.test(key) || !words.every((word) => conceptTerms(`please, ${key.toUpperCase()}!`, 4_000).includes(word)),
    );
    expect(unreadable).toEqual([]);
  });

  it('gives every key at least one category word, each a lowercase word, none twice', () => {
    const malformed = [...EVERYDAY_CONCEPTS].filter(([, words]) => words.length === 0 || new Set(words).size !== words.length || !words.every((word) => /^[a-z0-9]+$/.test(word)));
    expect(malformed).toEqual([]);
  });

  it('writes each concept once: no two keys stem alike, and no developer concept key is given other words', () => {
    const byStems = new Map<string, string[]>();
    for (const key of EVERYDAY_CONCEPTS.keys()) byStems.set(stemsOf(key), [...(byStems.get(stemsOf(key)) ?? []), key]);
    expect([...byStems.values()].filter((keys) => keys.length > 1)).toEqual([]);
    const developer = new Map([...DEVELOPER_CONCEPTS].map(([key, words]) => [stemsOf(key), words.join(' ')]));
    const clashes = [...EVERYDAY_CONCEPTS].filter(([key, words]) => developer.has(stemsOf(key)) && developer.get(stemsOf(key)) !== words.join(' '));
    expect(clashes).toEqual([]);
  });

  it('has no key an object property name would look up, and a query of such names finds nothing', () => {
    const inherited = Object.getOwnPropertyNames(Object.prototype).map((name) => name.toLowerCase());
    expect([...EVERYDAY_CONCEPTS.keys()].filter((key) => inherited.includes(key))).toEqual([]);
    expect(conceptTerms('__proto__ constructor toString hasOwnProperty prototype valueOf __defineGetter__', 4_000)).toEqual([]);
  });

  it('maps the things people name to the words services use for them', () => {
    expect(EVERYDAY_CONCEPTS.get('bitcoin')).toContain('cryptocurrency');
    expect(EVERYDAY_CONCEPTS.get('dress')).toEqual(expect.arrayContaining(['clothing', 'shop']));
    expect(EVERYDAY_CONCEPTS.get('mortgage')).toContain('home');
    expect(EVERYDAY_CONCEPTS.get('itinerary')).toContain('travel');
    expect(EVERYDAY_CONCEPTS.get('umbrella')).toContain('weather');
    expect(EVERYDAY_CONCEPTS.get('cv')).toContain('job');
    expect(EVERYDAY_CONCEPTS.get('aries')).toContain('horoscope');
    expect(EVERYDAY_CONCEPTS.get('backlink')).toContain('seo');
  });
});
