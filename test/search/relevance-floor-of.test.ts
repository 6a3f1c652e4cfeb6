import { beforeAll, describe, expect, it } from 'vitest';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { relevanceFloorOf } from '../../src/search/relevance-floor-of.js';
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
