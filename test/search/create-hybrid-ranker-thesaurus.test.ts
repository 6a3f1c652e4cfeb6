import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.js';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import type { Thesaurus } from '../../src/search/decode-thesaurus.js';
import type { RankerDocument, ToolRanker } from '../../src/search/tool-ranker.js';
import { loadFixtureDocuments } from './fixture-catalogs.js';

// MetaTool's 199 tools: one-sentence descriptions, so most misses share no word with the query.
let documents: RankerDocument[];
let withThesaurus: ToolRanker;
let without: ToolRanker;
const names = (ranker: ToolRanker, query: string, maxResults = 5) => ranker.rank(query, maxResults).map((match) => match.name);
const emptyThesaurus: Thesaurus = { size: 0, neighboursOf: () => [] };

beforeAll(async () => {
  documents = await loadFixtureDocuments('metatool');
  withThesaurus = createHybridRanker(documents);
  without = createHybridRanker(documents, { thesaurus: false });
});

describe('createHybridRanker: thesaurus expansion (on by default)', () => {
  it('finds the restaurant tools for "sushi", a word no tool has (its GloVe neighbour: restaurant)', () => {
    expect(names(withThesaurus, 'sushi')[0]).toBe('RestaurantBookingTool');
    expect(names(withThesaurus, 'sushi')).toContain('local');
    expect(names(without, 'sushi')).toEqual([]);
  });

  it('never expands the pieces of a word written like a tool name (sushi_finder names a tool, it asks for no restaurant)', () => {
    expect(names(withThesaurus, 'sushi finder')).toContain('RestaurantBookingTool');
    expect(names(withThesaurus, 'sushi_finder')).not.toContain('RestaurantBookingTool');
  });

  it('ranks the academic-paper search for "scholarly articles" (scholarly → academic), which it missed without', () => {
    expect(names(withThesaurus, 'scholarly articles on genetics')).toContain('ResearchFinder');
    expect(names(without, 'scholarly articles on genetics')).not.toContain('ResearchFinder');
  });

  it('keeps every exact name at rank 1, also with an aggressive expansion of every term', async () => {
    const aggressive = createHybridRanker(documents, { thesaurus: { weight: 1, maxNeighbours: 16, expand: 'all' } });
    const mcp = await loadFixtureDocuments('mcp-catalog');
    const mcpAggressive = createHybridRanker(mcp, { thesaurus: { weight: 1, maxNeighbours: 16, expand: 'all' } });
    const missed = [
      ...documents.filter((document) => aggressive.rank(document.name, 1)[0]?.name !== document.name),
      ...mcp.filter((document) => mcpAggressive.rank(document.name, 1)[0]?.name !== document.name),
    ];
    expect(missed.map((document) => document.name)).toEqual([]);
  });

  it('thesaurus: false gives the ranking without expansion: the same as an empty thesaurus, on 500 real queries', async () => {
    const queries = (await loadEvalDataset({
      catalogFile: new URL('../fixtures/datasets/metatool/catalog.json', import.meta.url).pathname,
      queriesFile: new URL('../fixtures/datasets/metatool/queries.jsonl', import.meta.url).pathname,
    })).queries.filter((_, index) => index % 42 === 0);
    expect(queries.length).toBeGreaterThanOrEqual(500);
    const empty = createHybridRanker(documents, { thesaurus: { source: emptyThesaurus } });
    const changed = queries.filter((query) => JSON.stringify(withThesaurus.rank(query.query, 5)) !== JSON.stringify(without.rank(query.query, 5)));
    for (const query of queries) expect(without.rank(query.query, 5)).toEqual(empty.rank(query.query, 5));
    // and the expansion does change real rankings (so the equality above is not vacuous)
    expect(changed.length).toBeGreaterThan(20);
  });

  it('rejects out-of-range thesaurus options with a typed error that says what is accepted', () => {
    expect(() => createHybridRanker(documents, { thesaurus: { weight: -1 } })).toThrow(InvalidOptionError);
    expect(() => createHybridRanker(documents, { thesaurus: { maxNeighbours: 2.5 } })).toThrow(/thesaurus.maxNeighbours/);
    expect(() => createHybridRanker(documents, { thesaurus: { minSimilarity: 1.5 } })).toThrow(/cosine similarity from 0 to 1/);
    expect(() => createHybridRanker(documents, { thesaurus: { expand: 'some' as 'all' } })).toThrow(/'unmatched', 'all' or a number/);
  });
});
