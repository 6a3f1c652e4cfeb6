import { beforeAll, describe, expect, it } from 'vitest';
import { createHybridRanker, NAMED_TOOL_SCORE } from '../../src/search/create-hybrid-ranker.js';
import { relevanceFloorOf, relevanceFloorsOf, sizedRelevanceFloor } from '../../src/search/relevance-floor-of.js';
import { selectActivations } from '../../src/search/select-activations.js';
import type { RankedTool, ToolRanker } from '../../src/search/tool-ranker.js';
import { loadFixtureDocuments } from './fixture-catalogs.js';

// The relevance floor (C24) over the real scores of the default ranker on the 301 tools of 17 MCP servers.
let ranker: ToolRanker;

beforeAll(async () => {
  ranker = createHybridRanker(await loadFixtureDocuments('mcp-catalog'));
});

function walk(ranked: RankedTool[], minScore: number | undefined, alreadyActive: string[] = []) {
  return selectActivations({
    ranked,
    limit: 5,
    maxSchemaChars: 65_536,
    alreadyActive: new Set(alreadyActive),
    schemaCharsOf: () => 1_000,
    ...(minScore === undefined ? {} : { minScore }),
  });
}

describe('C24 relevance floor: real scores', () => {
  it('loads the rank-order prefix scoring at least the floor times the best score, and reports the rest of the limit as below the floor', () => {
    const ranked = ranker.rank('take a screenshot of the page', 100);
    const minScore = relevanceFloorOf(ranked, 0.65)!;
    expect(minScore).toBeCloseTo(0.65 * ranked[0]!.score, 10);
    const above = ranked.filter((match) => match.score >= minScore).map((match) => match.name);
    // the two screenshot tools stand far above the rest of the catalog
    expect(above).toEqual(['browser_take_screenshot', 'puppeteer_screenshot']);

    const selection = walk(ranked, minScore);
    expect(selection.activated).toEqual(above);
    expect(selection.skipped).toEqual(ranked.slice(2, 5).map((match) => ({ name: match.name, reason: 'below-relevance-floor' })));
    // never reorders: what is loaded is the ranking's prefix
    expect(selection.activated).toEqual(ranked.slice(0, selection.activated.length).map((match) => match.name));
  });

  it('loads all five when the matches score close together, and nothing is skipped', () => {
    const ranked = ranker.rank('send a message to a slack channel', 100);
    const minScore = relevanceFloorOf(ranked, 0.65)!;
    expect(ranked.slice(0, 5).every((match) => match.score >= minScore)).toBe(true);
    const selection = walk(ranked, minScore);
    expect(selection.activated).toEqual(ranked.slice(0, 5).map((match) => match.name));
    expect(selection.activated[0]).toBe('slack_post_message');
    expect(selection.skipped).toEqual([]);
  });

  it('a tool named outright scores far above any fused score, so a query that names one tool loads that tool alone', () => {
    const ranked = ranker.rank('create_issue', 100);
    const selection = walk(ranked, relevanceFloorOf(ranked, 0.65));
    expect(selection.activated).toEqual(['create_issue']);
    expect(selection.skipped.map((skip) => skip.reason)).toEqual(['below-relevance-floor', 'below-relevance-floor', 'below-relevance-floor', 'below-relevance-floor']);
  });

  it('an already-active match below the floor is neither returned nor reported as skipped', () => {
    const ranked = ranker.rank('take a screenshot of the page', 100);
    const third = ranked[2]!.name;
    const selection = walk(ranked, relevanceFloorOf(ranked, 0.65), [third]);
    expect(selection.activated).toEqual(['browser_take_screenshot', 'puppeteer_screenshot']);
    expect(selection.skipped.map((skip) => skip.name)).toEqual(ranked.slice(3, 6).map((match) => match.name));
  });

  it('gives no floor for a floor of 0, no match, or a best score that is not a positive number (a ranker without scores)', () => {
    const ranked = ranker.rank('take a screenshot of the page', 10);
    expect(relevanceFloorOf(ranked, 0)).toBeUndefined();
    expect(relevanceFloorOf([], 0.65)).toBeUndefined();
    for (const score of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, undefined, null, '1']) {
      expect(relevanceFloorOf([{ score } as unknown as RankedTool, { name: 'b', score: 0.1 }], 0.65)).toBeUndefined();
    }
    expect(relevanceFloorOf([{ score: 2 }], 0.5)).toBe(1);
  });

  it('a match whose score is not a number is not cut by the floor', () => {
    const selection = walk(
      [
        { name: 'a', score: 2 },
        { name: 'b', score: Number.NaN },
        { name: 'c', score: 'high' as unknown as number },
        { name: 'd', score: 0.1 },
      ],
      1,
    );
    expect(selection.activated).toEqual(['a', 'b', 'c']);
    expect(selection.skipped).toEqual([{ name: 'd', reason: 'below-relevance-floor' }]);
  });
});

describe('C24 relevance floor sized by the definition', () => {
  it('raises the floor with the definition size: floor + slope × ln(1 + chars / 1000), at most 0.95, never below the floor', () => {
    expect(sizedRelevanceFloor(0.65, 0.1, 0)).toBe(0.65);
    expect(sizedRelevanceFloor(0.65, 0.1, 200)).toBeCloseTo(0.65 + 0.1 * Math.log(1.2), 12);
    expect(sizedRelevanceFloor(0.65, 0.1, 2_000)).toBeCloseTo(0.65 + 0.1 * Math.log(3), 12);
    expect(sizedRelevanceFloor(0.65, 0.1, 10_000_000)).toBe(0.95);
    expect(sizedRelevanceFloor(0.65, 0, 50_000)).toBe(0.65);
    expect(sizedRelevanceFloor(0.97, 0.1, 50_000)).toBe(0.97);
    for (const chars of [Number.NaN, -5]) expect(sizedRelevanceFloor(0.65, 0.1, chars)).toBe(0.65);
  });

  it('a large definition scoring above the flat floor is left out when it scores below its own raised floor; a small one at the same score is loaded', () => {
    const ranked: RankedTool[] = [
      { name: 'best', score: 1 },
      { name: 'small', score: 0.68 },
      { name: 'large', score: 0.68 },
    ];
    const chars: Record<string, number> = { best: 300, small: 200, large: 10_000 };
    const minScoreOf = relevanceFloorsOf(ranked, { floor: 0.65, slope: 0.1, charsOf: (name) => chars[name]! })!;
    expect(minScoreOf('small')).toBeCloseTo(0.668, 3);
    expect(minScoreOf('large')).toBeCloseTo(0.65 + 0.1 * Math.log(11), 12);
    const selection = selectActivations({ ranked, limit: 5, maxSchemaChars: 65_536, alreadyActive: new Set(), schemaCharsOf: (name) => chars[name]!, minScoreOf });
    expect(selection.activated).toEqual(['best', 'small']);
    expect(selection.skipped).toEqual([{ name: 'large', reason: 'below-relevance-floor' }]);
    expect(relevanceFloorsOf(ranked, { floor: 0, slope: 0.1, charsOf: () => 1 })).toBeUndefined();
  });
});

describe('C24 relevance floor lowered by the name gain (relevanceFloorNameWeight)', () => {
  const charsOf = () => 200;
  const sized = sizedRelevanceFloor(0.62, 0.175, 200);

  it('lowers a match’s floor by nameWeight × how much more of the query its name has than the best’s: a named match at 50% of the best loads, the rest keep the sized floor', () => {
    const ranked: RankedTool[] = [
      { name: 'best', score: 2, nameCoverage: 0.1 },
      { name: 'same', score: 1.4, nameCoverage: 0.1 },
      { name: 'named', score: 1, nameCoverage: 0.5 },
      { name: 'plain', score: 1 },
    ];
    const minScoreOf = relevanceFloorsOf(ranked, { floor: 0.62, slope: 0.175, nameWeight: 0.8, charsOf })!;
    expect(minScoreOf('named')).toBeCloseTo((sized - 0.8 * 0.4) * 2, 10);
    expect(minScoreOf('same')).toBeCloseTo(sized * 2, 10);
    expect(minScoreOf('plain')).toBeCloseTo(sized * 2, 10);
    expect(minScoreOf('not ranked')).toBeCloseTo(sized * 2, 10);
    // the walk: `named` (0.5 of the best) is loaded, below the sized floor of 0.65
    const walked = selectActivations({ ranked, limit: 5, maxSchemaChars: 65_536, alreadyActive: new Set(), schemaCharsOf: charsOf, minScoreOf });
    expect(walked.activated).toEqual(['best', 'same', 'named']);
    expect(walked.skipped).toEqual([{ name: 'plain', reason: 'below-relevance-floor' }]);
  });

  it('nameWeight 0, or a ranking without nameCoverage (a ranker of your own), gives the sized floor: the same match is left out', () => {
    const ranked: RankedTool[] = [{ name: 'best', score: 2, nameCoverage: 0 }, { name: 'named', score: 1, nameCoverage: 0.5 }];
    const withoutField: RankedTool[] = ranked.map(({ name, score }) => ({ name, score }));
    for (const [list, nameWeight] of [[ranked, 0], [withoutField, 0.8], [ranked, undefined]] as const) {
      const minScoreOf = relevanceFloorsOf(list, { floor: 0.62, slope: 0.175, charsOf, ...(nameWeight === undefined ? {} : { nameWeight }) })!;
      expect(minScoreOf('named')).toBeCloseTo(sized * 2, 10);
      const walked = selectActivations({ ranked: list, limit: 5, maxSchemaChars: 65_536, alreadyActive: new Set(), schemaCharsOf: charsOf, minScoreOf });
      expect(walked.activated).toEqual(['best']);
    }
  });

  it('a best match the query names outright (a short name, `send`) lowers no floor, so a tool whose name merely has the word is not loaded beside it', () => {
    // before: the named best had no nameCoverage, so `gmail_send_email` (its name has `send`) gained a whole point and loaded
    const ranked: RankedTool[] = [
      { name: 'slack_send', score: NAMED_TOOL_SCORE },
      { name: 'gmail_send_email', score: 9.5, nameCoverage: 1 },
    ];
    const minScoreOf = relevanceFloorsOf(ranked, { floor: 0.62, slope: 0.175, nameWeight: 0.8, charsOf })!;
    expect(minScoreOf('gmail_send_email')).toBeCloseTo(sized * NAMED_TOOL_SCORE, 4);
    const walked = selectActivations({ ranked, limit: 5, maxSchemaChars: 65_536, alreadyActive: new Set(), schemaCharsOf: charsOf, minScoreOf });
    expect(walked.activated).toEqual(['slack_send']);
  });

  it('the name gain lowers a floor to half of relevanceFloor at most, whatever the weight: a named match at 40% of the best loads, one at 1% does not', () => {
    // before: 0.65 − 3 × 0.9 gave a floor below 0, so `faint` loaded at any score
    const ranked: RankedTool[] = [
      { name: 'best', score: 2, nameCoverage: 0 },
      { name: 'named', score: 0.8, nameCoverage: 1 },
      { name: 'faint', score: 0.02, nameCoverage: 0.9 },
    ];
    for (const nameWeight of [3, 0.8, 100]) {
      const minScoreOf = relevanceFloorsOf(ranked, { floor: 0.62, slope: 0.175, nameWeight, charsOf })!;
      expect(minScoreOf('faint')).toBeCloseTo(0.31 * 2, 10);
      expect(minScoreOf('named')).toBeCloseTo(0.31 * 2, 10);
      const walked = selectActivations({ ranked, limit: 5, maxSchemaChars: 65_536, alreadyActive: new Set(), schemaCharsOf: charsOf, minScoreOf });
      expect(walked.activated).toEqual(['best', 'named']);
      expect(walked.skipped).toEqual([{ name: 'faint', reason: 'below-relevance-floor' }]);
    }
    // a gain that leaves the floor above the half is not changed by it
    expect(relevanceFloorsOf(ranked, { floor: 0.62, slope: 0.175, nameWeight: 0.2, charsOf })!('faint')).toBeCloseTo((sized - 0.2 * 0.9) * 2, 10);
  });

  it('a best match whose name has more of the query than every other lowers no floor', () => {
    const ranked: RankedTool[] = [{ name: 'best', score: 2, nameCoverage: 0.9 }, { name: 'other', score: 1.2, nameCoverage: 0.4 }];
    expect(relevanceFloorsOf(ranked, { floor: 0.62, slope: 0.175, nameWeight: 0.8, charsOf })!('other')).toBeCloseTo(sized * 2, 10);
  });
});
