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

  it("with combine 'bm25f', adds a term's length-normalised field frequencies before one saturation and one IDF, and fills the query coverage", () => {
    // document 0: 'alpha' in field 0 (length 1) and field 1 (length 2); document 1: 'alpha' only in field 1; document 2: 'gamma'
    const fieldTerms = [[['alpha'], ['alpha', 'beta']], [['beta'], ['alpha']], [['gamma'], ['gamma']]];
    const small = createBm25Index({ documentCount: 3, fieldCount: 2, termsOf: (document, field) => fieldTerms[document]![field]! });
    const bm25 = { k: 0.6, b: 0.85, d: 0.5 };
    const coverage = { byDocument: new Map<number, number>(), total: 0 };
    const scores = small.search(new Map([['alpha', 1], ['gamma', 0.5]]), { fieldBoosts: [2, 0.5], minPrefixChars: 0, bm25, combine: 'bm25f' }, coverage);
    const averages = [1, (2 + 1 + 1) / 3];
    const frequency = (boost: number, length: number, average: number) => boost / (1 - bm25.b + (bm25.b * length) / average);
    const saturated = (f: number) => bm25.d + (f * (bm25.k + 1)) / (f + bm25.k);
    const idf = (matching: number) => Math.log(1 + (3 - matching + 0.5) / (matching + 0.5));
    const f0 = frequency(2, 1, averages[0]!) + frequency(0.5, 2, averages[1]!);
    const f1 = frequency(0.5, 1, averages[1]!);
    const fGamma = frequency(2, 1, averages[0]!) + frequency(0.5, 1, averages[1]!);
    expect(scores.get(0)).toBeCloseTo(idf(2) * saturated(f0), 12);
    expect(scores.get(1)).toBeCloseTo(idf(2) * saturated(f1), 12);
    // no matched-terms factor: a weight-0.5 term scores half
    expect(scores.get(2)).toBeCloseTo(0.5 * idf(1) * saturated(fGamma), 12);
    expect(coverage.total).toBeCloseTo(Math.log(1 + 3 / 2) + 0.5 * Math.log(1 + 3), 12);
    expect(coverage.byDocument).toEqual(new Map([[0, Math.log(2.5)], [1, Math.log(2.5)], [2, 0.5 * Math.log(4)]]));
  });
  it.each(['bm25f', 'minisearch'] as const)(
    "with shorterForms (combine %s), matches a word the index lacks as its longest shorter index word in every field, and a word it has only as a shorter word of the fields shorterForms boosts",
    (combine) => {
      // field 0 is a name, field 1 a description: document 0 is named `repo`, document 1 says `rent`, document 2 says `rental` and `repository`
      const fieldTerms = [[['repo'], ['code']], [['flat'], ['rent', 'rep']], [['listing'], ['rental', 'repository']]];
      const small = createBm25Index({ documentCount: 3, fieldCount: 2, termsOf: (document, field) => fieldTerms[document]![field]! });
      const search = { fieldBoosts: [1, 0.5], minPrefixChars: 4, bm25: BM25, combine, shorterForms: { knownTermFieldBoosts: [1, 0] } };
      const matched = (term: string, options: Partial<typeof search> & { exactTerms?: Set<string> } = {}) => [...small.search(new Map([[term, 1]]), { ...search, ...options }).keys()].sort();
      // `rentals` is in no document: its longest shorter index word `rental` (not also `rent`) in every field
      expect(matched('rentals')).toEqual([2]);
      // `rentable`: `rent`, in a description
      expect(matched('rentable')).toEqual([1]);
      // `repository` is in document 2; its shorter word `repo` counts only where a name has it (not `rep`: below 4 characters)
      expect(matched('repository')).toEqual([0, 2]);
      // `rental` is in document 2; `rent` is in no name, so no description's `rent` matches it
      expect(matched('rental')).toEqual([2]);
      // the shorter form weighs as a prefix match of as many extra characters: 0.375 · 7 / (7 + 0.3 · 1) of `rental`'s own score
      const shorter = small.search(new Map([['rentals', 1]]), search).get(2)!;
      const exact = small.search(new Map([['rental', 1]]), search).get(2)!;
      expect(shorter / exact).toBeCloseTo((0.375 * 7) / (7 + 0.3 * 1), 12);
      // never for an exact term, nor without prefix matching, nor without the option
      expect(matched('rentals', { exactTerms: new Set(['rentals']) })).toEqual([]);
      expect(matched('rentals', { minPrefixChars: 0 })).toEqual([]);
      expect([...small.search(new Map([['rentals', 1]]), { fieldBoosts: [1, 0.5], minPrefixChars: 4, bm25: BM25, combine }).keys()]).toEqual([]);
    },
  );
});
