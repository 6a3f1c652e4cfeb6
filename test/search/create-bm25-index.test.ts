import MiniSearch from 'minisearch';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBm25Index, type Bm25Index } from '../../src/search/create-bm25-index.js';
import { queryTerms } from '../../src/search/query-terms.js';
import { tokenizeText } from '../../src/search/tokenize-text.js';
import { loadFixtureDocuments } from './fixture-catalogs.js';

const FIELDS = ['name', 'description', 'parameterNames', 'group'] as const;
const BOOSTS = { name: 1, description: 1, parameterNames: 0.1, group: 2 };
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const MIN_PREFIX_CHARS = 4;

let index: Bm25Index;
let miniSearch: MiniSearch<Record<string, string | number>>;

beforeAll(async () => {
  const documents = await loadFixtureDocuments('livemcpbench');
  const fieldTerms = documents.map((document) => [
    tokenizeText(document.name),
    tokenizeText(document.description),
    (document.parameters ?? []).flatMap((parameter) => tokenizeText(parameter.name)),
    tokenizeText(document.group),
  ]);
  index = createBm25Index({ documentCount: fieldTerms.length, fieldCount: FIELDS.length, termsOf: (document, field) => fieldTerms[document]![field]! });
  // the index the hybrid ranker used to build with MiniSearch, over the same terms
  miniSearch = new MiniSearch({ idField: 'id', fields: [...FIELDS], tokenize: (text) => text.split(' '), processTerm: (term) => term || null });
  miniSearch.addAll(fieldTerms.map((terms, id) => ({ id, ...Object.fromEntries(FIELDS.map((field, position) => [field, terms[position]!.join(' ')])) })));
});

function scoresOf(termWeights: Map<string, number>): { ours: Map<number, number>; miniSearch: Map<number, number> } {
  const hits = miniSearch.search([...termWeights.keys()].join(' '), {
    boost: BOOSTS,
    prefix: (term) => term.length >= MIN_PREFIX_CHARS,
    boostTerm: (term) => termWeights.get(term) ?? 1,
    combineWith: 'OR',
    bm25: BM25,
  });
  return {
    ours: index.search(termWeights, { fieldBoosts: FIELDS.map((field) => BOOSTS[field]), minPrefixChars: MIN_PREFIX_CHARS, bm25: BM25 }),
    miniSearch: new Map(hits.map((hit) => [hit.id as number, hit.score])),
  };
}

describe('createBm25Index', () => {
  it.each([
    'take a screenshot of the current page',
    'search GitHub repositories for trending developers',
    'convert a markdown document to pdf',
    'weather forecast for a city',
    'generate a word cloud chart from text',
    'read file',
    'zzyzx',
  ])('scores %j as MiniSearch does (prefix matches, field boosts, BM25+ and its matched-terms factor)', (query) => {
    const termWeights = new Map(queryTerms(query).map(({ term }, position) => [term, position === 0 ? 0.5 : 1]));
    const { ours, miniSearch: expected } = scoresOf(termWeights);
    expect([...ours.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
    for (const [document, score] of expected) expect(ours.get(document)).toBeCloseTo(score, 10);
  });

  it('knows its vocabulary', () => {
    expect(index.has('screenshot')).toBe(true);
    expect(index.has('screensho')).toBe(false);
  });

  it('counts an empty field as length 1 and an empty catalog as matching nothing', () => {
    const fieldTerms = [[['alpha'], []], [['beta'], ['alpha']]];
    const small = createBm25Index({ documentCount: 2, fieldCount: 2, termsOf: (document, field) => fieldTerms[document]![field]! });
    const scores = small.search(new Map([['alpha', 1]]), { fieldBoosts: [1, 1], minPrefixChars: 0, bm25: BM25 });
    expect([...scores.keys()].sort()).toEqual([0, 1]);
    const empty = createBm25Index({ documentCount: 0, fieldCount: 2, termsOf: () => [] });
    expect(empty.search(new Map([['alpha', 1]]), { fieldBoosts: [1, 1], minPrefixChars: 4, bm25: BM25 }).size).toBe(0);
  });
});
