import { describe, expect, it } from 'vitest';
import type { Thesaurus, ThesaurusNeighbour } from '../../src/search/decode-thesaurus.js';
import { expandWithThesaurus, type ThesaurusExpansion } from '../../src/search/expand-with-thesaurus.js';

/** A thesaurus over a fixed table, so each expectation is computed by hand. */
function fixedThesaurus(table: Record<string, [string, number][]>): Thesaurus {
  const entries = new Map(Object.entries(table));
  return {
    size: entries.size,
    neighboursOf: (term) => (entries.get(term) ?? []).map(([neighbour, similarity]): ThesaurusNeighbour => ({ term: neighbour, similarity })),
  };
}

const thesaurus = fixedThesaurus({
  apartment: [['flat', 0.8], ['condo', 0.75], ['hous', 0.7], ['rent', 0.6], ['bedroom', 0.55]],
  sushi: [['sashimi', 0.8], ['restaurant', 0.52]],
  weather: [['forecast', 0.7], ['rain', 0.6]],
});
const indexTerms = new Set(['hous', 'rent', 'bedroom', 'restaurant', 'weather', 'forecast', 'rain', 'flat']);
const has = (term: string) => indexTerms.has(term);
const documentsWith = (term: string) => (term === 'weather' ? 12 : 1);
const expansion = (overrides: Partial<ThesaurusExpansion> = {}): ThesaurusExpansion => ({
  thesaurus,
  weight: 0.5,
  maxNeighbours: 8,
  minSimilarity: 0.5,
  expand: 'all',
  fields: ['name', 'description'],
  ...overrides,
});

function expand(terms: string[], overrides: Partial<ThesaurusExpansion> = {}, written: [string, number][] = []) {
  const termWeights = new Map<string, number>(written);
  const added = new Set<string>();
  expandWithThesaurus(terms.map((term) => ({ term })), termWeights, added, has, documentsWith, expansion(overrides));
  return { termWeights: Object.fromEntries(termWeights), added: [...added].sort() };
}

describe('expandWithThesaurus', () => {
  it('adds only the neighbours the index has, each at weight × similarity, matched exactly', () => {
    const { termWeights, added } = expand(['apartment']);
    expect(termWeights).toEqual({ flat: 0.4, hous: 0.35, rent: 0.3, bedroom: 0.275 });
    expect(added).toEqual(['bedroom', 'flat', 'hous', 'rent']);
  });

  it('counts maxNeighbours among the neighbours the index has, and stops below minSimilarity', () => {
    // condo (0.75) is not in the index, so the two kept are flat and hous
    expect(expand(['apartment'], { maxNeighbours: 2 }).termWeights).toEqual({ flat: 0.4, hous: 0.35 });
    expect(expand(['apartment'], { minSimilarity: 0.65 }).termWeights).toEqual({ flat: 0.4, hous: 0.35 });
    expect(expand(['sushi'], { minSimilarity: 0.53 }).termWeights).toEqual({});
  });

  it('scales by the weight of the query term it came from and never lowers a term the query wrote', () => {
    const { termWeights, added } = expand(['weather', 'apartment'], {}, [['weather', 0.6], ['rent', 1]]);
    // forecast: 0.6 × 0.5 × 0.7; rent stays 1, a written term, and is not marked as added
    expect(termWeights.forecast).toBeCloseTo(0.21, 10);
    expect(termWeights.rain).toBeCloseTo(0.18, 10);
    expect(termWeights.rent).toBe(1);
    expect(added).not.toContain('rent');
    expect(added).not.toContain('weather');
  });

  it("keeps the highest weight when two query terms share a neighbour", () => {
    const shared = fixedThesaurus({ flat: [['hous', 0.9]], apartment: [['hous', 0.7]] });
    const termWeights = new Map<string, number>([['flat', 1]]);
    const added = new Set<string>();
    expandWithThesaurus([{ term: 'apartment' }, { term: 'flat' }], termWeights, added, has, documentsWith, expansion({ thesaurus: shared }));
    expect(termWeights.get('hous')).toBeCloseTo(0.45, 10);
  });

  it("expands only unmatched terms with 'unmatched', and terms at most n tools have with a number", () => {
    // weather is in the index (12 tools): not expanded by 'unmatched' nor by 3; apartment is not in the index
    expect(Object.keys(expand(['weather', 'apartment'], { expand: 'unmatched' }).termWeights).sort()).toEqual(['bedroom', 'flat', 'hous', 'rent']);
    expect(Object.keys(expand(['weather'], { expand: 3 }).termWeights)).toEqual([]);
    expect(Object.keys(expand(['weather'], { expand: 12 }).termWeights).sort()).toEqual(['forecast', 'rain']);
  });

  it("scales a known term's neighbours by knownTermScale (the second pass's IDF share), never an unknown term's", () => {
    const termWeights = new Map<string, number>();
    const added = new Set<string>();
    const scale = (term: string) => (term === 'weather' ? 0.25 : 0.9);
    expandWithThesaurus([{ term: 'weather' }, { term: 'apartment' }], termWeights, added, has, documentsWith, expansion(), scale);
    // forecast: 1 × 0.25 × 0.5 × 0.7; flat, of apartment (no tool has it): 0.5 × 0.8, unscaled
    expect(termWeights.get('forecast')).toBeCloseTo(0.0875, 10);
    expect(termWeights.get('flat')).toBeCloseTo(0.4, 10);
  });

  it('adds nothing at weight 0, for terms the thesaurus lacks, and for hostile terms such as __proto__', () => {
    expect(expand(['apartment'], { weight: 0 }).termWeights).toEqual({});
    expect(expand(['__proto__', 'constructor', 'hasOwnProperty']).termWeights).toEqual({});
  });

  it('adds the known pieces of a word neither the index nor the thesaurus has, and their neighbours, at wordPieces × the weight of the word', () => {
    const pieces = fixedThesaurus({ smart: [['intellig', 0.6]], watch: [['clock', 0.7], ['wristband', 0.6]] });
    const catalog = new Set(['watch', 'wristband', 'clock']);
    const termWeights = new Map<string, number>();
    const added = new Set<string>();
    const options = expansion({ thesaurus: pieces, expand: 'unmatched', wordPieces: 0.8 });
    expandWithThesaurus([{ term: 'smartwatch', word: 'smartwatch' }], termWeights, added, (term) => catalog.has(term), documentsWith, options);
    // watch 0.8; clock 0.8 × 0.5 × 0.7; wristband 0.8 × 0.5 × 0.6; smart is not in the index, its neighbour intellig neither
    expect(Object.fromEntries([...termWeights].map(([term, weight]) => [term, Number(weight.toFixed(6))]))).toEqual({ watch: 0.8, clock: 0.28, wristband: 0.24 });
    expect([...added].sort()).toEqual(['clock', 'watch', 'wristband']);
    // off at 0, and never for a word the index has
    const none = new Map<string, number>();
    expandWithThesaurus([{ term: 'smartwatch', word: 'smartwatch' }], none, new Set(), (term) => catalog.has(term), documentsWith, { ...options, wordPieces: 0 });
    expect(none.size).toBe(0);
    expandWithThesaurus([{ term: 'smartwatch', word: 'smartwatch' }], none, new Set(), (term) => term === 'smartwatch' || catalog.has(term), documentsWith, options);
    expect(none.size).toBe(0);
  });
});
