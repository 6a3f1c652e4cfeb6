import { describe, expect, it } from 'vitest';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { QUERY_FILLER_WORDS } from '../../src/search/query-terms.js';
import { REQUEST_FILLER_WEIGHT, REQUEST_FILLER_WORDS, requestFillerWeight } from '../../src/search/request-filler-weight.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';

const tool = (name: string, description: string): RankerDocument => ({ name, description, group: 'web' });

// A catalog where the request's content words (`keywords`, `website`) are common and its
// filler (`comprehensive`, `detailed`, `thorough`) is said by one tool only, so filler has the higher IDF.
const catalog = [
  tool('trip_planner', 'A comprehensive and detailed travel assistant, with thorough itineraries'),
  tool('seo_keywords', 'Rank the keywords of a website and their search volume'),
  tool('site_builder', 'Build a website from a template'),
  tool('site_uptime', 'Watch a website for downtime'),
  tool('ad_keywords', 'Buy ads on search keywords'),
];

describe('requestFillerWeight', () => {
  it('weighs a filler word no tool name has REQUEST_FILLER_WEIGHT, and any other word 1', () => {
    expect(requestFillerWeight('comprehensive', false)).toBe(REQUEST_FILLER_WEIGHT);
    expect(requestFillerWeight('angry', false)).toBe(REQUEST_FILLER_WEIGHT);
    expect(requestFillerWeight('providing', false)).toBe(REQUEST_FILLER_WEIGHT);
    expect(requestFillerWeight('keywords', false)).toBe(1);
    expect(requestFillerWeight('website', false)).toBe(1);
  });

  it('weighs a filler word a tool name has 1 (a tool may be named by one)', () => {
    expect(requestFillerWeight('detailed', true)).toBe(1);
  });

  it('holds lowercase words only, none of them dropped already by QUERY_FILLER_WORDS', () => {
    const words = [...REQUEST_FILLER_WORDS];
    expect(words.filter((word) => !/^[a-z]+$/.test(word))).toEqual([]);
    expect(words.filter((word) => QUERY_FILLER_WORDS.has(word))).toEqual([]);
    expect(REQUEST_FILLER_WEIGHT).toBeGreaterThan(0);
    expect(REQUEST_FILLER_WEIGHT).toBeLessThan(1);
  });
});

describe('createHybridRanker: request filler words', () => {
  const ranker = createHybridRanker(catalog);
  const names = (query: string) => ranker.rank(query, 6).map((match) => match.name);

  it('ranks the tool of the request content above the one that only says its filler', () => {
    const ranked = names('Can you provide me with a comprehensive and detailed report, with a thorough analysis of the top keywords for my website?');
    expect(ranked[0]).toBe('seo_keywords');
    expect(ranked.indexOf('seo_keywords')).toBeLessThan(ranked.indexOf('trip_planner'));
  });

  it('still finds a tool by filler words when the query has nothing else', () => {
    expect(names('comprehensive and thorough')[0]).toBe('trip_planner');
  });
});
