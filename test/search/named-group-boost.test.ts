import { describe, expect, it } from 'vitest';
import { NAMED_GROUP_WEIGHT, namedGroupBoost } from '../../src/search/named-group-boost.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { loadFixtureDocuments } from './fixture-catalogs.js';

const documents: RankerDocument[] = [
  { name: 'API-post-search', description: 'Search by title', group: 'notion' },
  { name: 'search_repositories', description: 'Search for GitHub repositories', group: 'github' },
  { name: 'interact_with_process', description: 'Send input to a running process', group: 'desktop-commander' },
  { name: 'constructor', description: 'A tool named like an Object property', group: '__proto__' },
  { name: 'ungrouped', description: 'A tool with an empty group', group: '' },
];

describe('namedGroupBoost', () => {
  it('adds NAMED_GROUP_WEIGHT (0.1) to the tools whose group the query names, and to no other', () => {
    const scores = new Map([[0, 0.5], [1, 0.6]]);
    namedGroupBoost(documents)(scores, new Set(['notion', 'find', 'onboard']));
    expect(NAMED_GROUP_WEIGHT).toBe(0.1);
    expect(scores.get(0)).toBeCloseTo(0.6, 10);
    expect(scores.get(1)).toBe(0.6);
  });

  it('needs every index term of a group of several words, and changes only tools already scored', () => {
    const boost = namedGroupBoost(documents);
    const partial = new Map([[2, 0.3]]);
    boost(partial, new Set(['desktop']));
    expect(partial.get(2)).toBe(0.3);
    const full = new Map([[2, 0.3]]);
    boost(full, new Set(['desktop', 'commander']));
    expect(full.get(2)).toBeCloseTo(0.4, 10);
    expect(full.has(0)).toBe(false);
  });

  it('reads a group named __proto__ as the word proto, and never names an empty group', () => {
    const scores = new Map([[3, 0.2], [4, 0.2]]);
    const boost = namedGroupBoost(documents);
    boost(scores, new Set());
    boost(scores, new Set(['', 'constructor']));
    expect([...scores]).toEqual([[3, 0.2], [4, 0.2]]);
    boost(scores, new Set(['proto']));
    expect(scores.get(3)).toBeCloseTo(0.3, 10);
    expect(scores.get(4)).toBe(0.2);
  });
});

describe('namedGroupBoost in the hybrid ranker, over the 17 MCP servers', () => {
  it('ranks the tools of a product named on its own above another product\'s tools with the same words', async () => {
    const ranker = createHybridRanker(await loadFixtureDocuments('mcp-catalog'));
    const names = (query: string) => ranker.rank(query, 5).map((match) => match.name);
    // without it API-post-search was 6th (GitHub's search tools first) and delete_entities 7th (projects_*, delete_relations first)
    expect(names('on my Notion, find the onboarding page')).toContain('API-post-search');
    expect(names('remove OldProject from memory entirely')).toContain('delete_entities');
  });
});
