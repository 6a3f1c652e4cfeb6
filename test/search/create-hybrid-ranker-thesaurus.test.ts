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
  // (words of the everyday lexicon, everyday-concepts.ts, such as `sushi` → restaurant, bridge without the thesaurus: these use others)
  it('finds the restaurant tools for "bistro", a word no tool has (its GloVe neighbour: restaurant)', () => {
    expect(names(withThesaurus, 'bistro')[0]).toBe('RestaurantBookingTool');
    expect(names(withThesaurus, 'bistro')).toContain('local');
    expect(names(without, 'bistro')).toEqual([]);
  });

  it('never expands the pieces of a word written like a tool name (bistro_finder names a tool, it asks for no restaurant)', () => {
    expect(names(withThesaurus, 'bistro finder')).toContain('RestaurantBookingTool');
    expect(names(withThesaurus, 'bistro_finder')).not.toContain('RestaurantBookingTool');
  });

  it('ranks the academic-paper search for "scholarly articles" (scholarly → academic: its GloVe neighbour, and an everyday concept without the thesaurus)', () => {
    expect(names(withThesaurus, 'scholarly articles on genetics')).toContain('ResearchFinder');
    expect(names(without, 'scholarly articles on genetics')).toContain('ResearchFinder');
  });

  it('splits a compound no tool and no thesaurus entry has into known words (chessboard → chess, board: wordPieces)', () => {
    expect(names(withThesaurus, 'show me the current chessboard')[0]).toBe('Chess');
    expect(names(createHybridRanker(documents, { thesaurus: { wordPieces: 0 } }), 'show me the current chessboard')).not.toContain('Chess');
    // a derived form: trackable → track (ad4mat tracks affiliate links)
    expect(names(withThesaurus, 'promote products through trackable links', 2)).toContain('ad4mat');
    expect(() => createHybridRanker(documents, { thesaurus: { wordPieces: -1 } })).toThrow(InvalidOptionError);
  });

  it('keeps every exact name at rank 1, also with an aggressive expansion of every term', async () => {
    const aggressive = createHybridRanker(documents, { thesaurus: { weight: 1, maxNeighbours: 16, expand: 'all', weakQueries: { belowCoverage: 1, weight: 1, firstPass: 0 } } });
    const mcp = await loadFixtureDocuments('mcp-catalog');
    const mcpAggressive = createHybridRanker(mcp, { thesaurus: { weight: 1, maxNeighbours: 16, expand: 'all', weakQueries: { belowCoverage: 1, weight: 1, firstPass: 0 } } });
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
    expect(() => createHybridRanker(documents, { thesaurus: { fields: ['title' as 'name'] } })).toThrow(/thesaurus.fields.*name, description, parameterNames/);
    expect(() => createHybridRanker(documents, { thesaurus: { fields: 'name' as unknown as ['name'] } })).toThrow(InvalidOptionError);
    expect(() => createHybridRanker(documents, { thesaurus: { weakQueries: true as unknown as {} } })).toThrow(/thesaurus.weakQueries.*false, or an object/);
    expect(() => createHybridRanker(documents, { thesaurus: { weakQueries: { belowCoverage: 2 } } })).toThrow(/weakQueries.belowCoverage.*0 to 1/);
    expect(() => createHybridRanker(documents, { thesaurus: { weakQueries: { weight: -0.1 } } })).toThrow(/weakQueries.weight/);
    expect(() => createHybridRanker(documents, { thesaurus: { weakQueries: { firstPass: Number.NaN } } })).toThrow(/weakQueries.firstPass/);
  });

  it('rejects thesaurus options that are strings, Infinity, unknown keys or a source with no neighboursOf, at construction', () => {
    const hostile = (thesaurus: unknown) => () => createHybridRanker(documents, { thesaurus: thesaurus as {} });
    // Infinity pieces made every score NaN: `chessboard` then matched nothing at all
    expect(hostile({ wordPieces: Number.POSITIVE_INFINITY })).toThrow(/`thesaurus.wordPieces` is Infinity; expected a finite number ≥ 0/);
    expect(hostile({ wordPieces: '0.8' })).toThrow(/`thesaurus.wordPieces` is "0.8"/);
    expect(hostile({ weight: Number.POSITIVE_INFINITY })).toThrow(/`thesaurus.weight` is Infinity/);
    expect(hostile({ weight: '1' })).toThrow(/`thesaurus.weight` is "1"/);
    expect(hostile({ minSimilarity: '0.5' })).toThrow(/thesaurus.minSimilarity/);
    expect(hostile({ weakQueries: { weight: Number.POSITIVE_INFINITY } })).toThrow(/thesaurus.weakQueries.weight/);
    expect(hostile({ weakQueries: { belowcoverage: 0.2 } })).toThrow(/`thesaurus.weakQueries.belowcoverage` is 0.2; expected `thesaurus.weakQueries.belowCoverage` \(unknown key; a typo\?\)/);
    expect(hostile({ wordpieces: 0 })).toThrow(/`thesaurus.wordpieces` is 0; expected `thesaurus.wordPieces` \(unknown key; a typo\?\)/);
    expect(hostile(JSON.parse('{"__proto__": {"weight": 1}}'))).toThrow(/`thesaurus.__proto__` is object; expected one of the known options: thesaurus.weight/);
    expect(hostile({ source: 'glove' })).toThrow(/`thesaurus.source` is "glove"; expected a Thesaurus: an object with a neighboursOf\(term\) function/);
    expect(names(createHybridRanker(documents, { thesaurus: { wordPieces: 1e6 } }), 'show me the current chessboard')).toContain('Chess');
  });
});

describe('createHybridRanker: thesaurus fields and weak queries (opt-in)', () => {
  // one neighbour, so each expectation follows from the table: bistro → restaurant, and a word some tool has, food → meal
  // (bistro, not a word of the everyday lexicon, which would bring restaurant in every field)
  const table: Thesaurus = {
    size: 2,
    neighboursOf: (term) => (term === 'bistro' ? [{ term: 'restaurant', similarity: 0.8 }] : term === 'food' ? [{ term: 'meal', similarity: 0.8 }] : []),
  };
  const tools: RankerDocument[] = [
    { name: 'book_table', description: 'Book a table at a restaurant', group: 'dining' },
    { name: 'order_groceries', description: 'Order groceries for delivery', group: 'shop', parameters: [{ name: 'store', description: 'the shop or restaurant to order from' }] },
    { name: 'plan_meal', description: 'Plan a healthy meal', group: 'health' },
    { name: 'food_blog', description: 'Post to a food blog', group: 'blog' },
  ];

  it('matches a neighbour only in the fields given: a parameter that mentions a restaurant is not a restaurant tool', () => {
    const everywhere = createHybridRanker(tools, { thesaurus: { source: table } });
    const nameAndDescription = createHybridRanker(tools, { thesaurus: { source: table, fields: ['name', 'description'] } });
    expect(names(everywhere, 'bistro')).toEqual(['book_table', 'order_groceries']);
    expect(names(nameAndDescription, 'bistro')).toEqual(['book_table']);
    expect(names(createHybridRanker(tools, { thesaurus: { source: table, fields: [] } }), 'bistro')).toEqual([]);
  });

  it('ranks a weak query again with the words some tool has expanded too, and leaves a well-answered query alone', () => {
    const off = createHybridRanker(tools, { thesaurus: { source: table } });
    const on = createHybridRanker(tools, { thesaurus: { source: table, weakQueries: {} } });
    // each of the three words is one tool's (food_blog, order_groceries, book_table's group): the best
    // tool matches a third of the query, a weak first pass; the second brings food's neighbour meal
    expect(names(off, 'food groceries dining')).not.toContain('plan_meal');
    expect(names(on, 'food groceries dining')).toContain('plan_meal');
    // book_table matches every word of "book a table": its first pass stands, scores included
    expect(on.rank('book a table', 5)).toEqual(off.rank('book a table', 5));
    // firstPass 1 keeps the first pass, as weakQueries: false does
    expect(createHybridRanker(tools, { thesaurus: { source: table, weakQueries: { firstPass: 1 } } }).rank('food groceries dining', 5)).toEqual(off.rank('food groceries dining', 5));
  });

  it('with the shipped thesaurus finds MetaTool tools a weak first pass missed (food → DietTool; pictures of the space station → NASATool, which the everyday lexicon, pictures → image, finds in the first pass)', () => {
    const on = createHybridRanker(documents, { thesaurus: { fields: ['name', 'description'], weakQueries: {} } });
    expect(names(withThesaurus, 'What is the nutritional information for this food?')).not.toContain('DietTool');
    expect(names(on, 'What is the nutritional information for this food?', 3)).toContain('DietTool');
    expect(names(withThesaurus, 'I want to see pictures of the International Space Station.')).toContain('NASATool');
    expect(names(on, 'I want to see pictures of the International Space Station.', 3)).toContain('NASATool');
  });
});
