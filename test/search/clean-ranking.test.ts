import { describe, expect, it } from 'vitest';
import { cleanRanking } from '../../src/search/clean-ranking.js';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/search/search-options.js';
import type { ToolRanker } from '../../src/search/tool-ranker.js';
import { runToolSearch } from '../../src/tool-search/run-tool-search.js';
import { HOSTILE_VALUES } from '../helpers/hostile-values.js';

const KNOWN = new Set(['github_create_issue', 'github_list_issues', 'slack_send']);
const isKnown = (name: string) => KNOWN.has(name);

describe('cleanRanking: a ranker’s answer is cleaned, never trusted', () => {
  it('drops null and malformed entries, unknown names and repeats, keeps the order, and reports each', () => {
    const ranking = [
      null,
      { name: 'github_create_issue', score: 9 },
      42,
      { name: 'no_such_tool', score: 8 },
      { name: 'github_create_issue', score: 7 },
      { name: 'slack_send' },
      HOSTILE_VALUES['a Proxy whose traps throw']!(),
      HOSTILE_VALUES['a revoked Proxy']!(),
      { name: 'github_list_issues', score: Number.NaN },
      { name: '__proto__', score: 3 },
      { name: 'github_list_issues', score: 2 },
    ];
    expect(cleanRanking(ranking, { maxResults: 100, isKnown })).toEqual({
      ranked: [
        { name: 'github_create_issue', score: 9 },
        { name: 'github_list_issues', score: 2 },
      ],
      drops: { malformed: 6, unknown: ['no_such_tool', '__proto__'], duplicates: ['github_create_issue'], excess: 0 },
    });
  });

  it('keeps a nameCoverage in [0, 1] and leaves out any other (not the entry): NaN, 2, -0.1, a string', () => {
    const ranking = [
      { name: 'github_create_issue', score: 9, nameCoverage: 0.4 },
      { name: 'github_list_issues', score: 8, nameCoverage: Number.NaN },
      { name: 'slack_send', score: 7, nameCoverage: 2 },
    ];
    expect(cleanRanking(ranking, { maxResults: 10, isKnown })).toEqual({
      ranked: [{ name: 'github_create_issue', score: 9, nameCoverage: 0.4 }, { name: 'github_list_issues', score: 8 }, { name: 'slack_send', score: 7 }],
      drops: undefined,
    });
    for (const nameCoverage of [-0.1, '0.5', null, Number.POSITIVE_INFINITY]) {
      expect(cleanRanking([{ name: 'slack_send', score: 1, nameCoverage }], { maxResults: 10, isKnown }).ranked).toEqual([{ name: 'slack_send', score: 1 }]);
    }
  });

  it('reads at most maxResults entries and counts the rest; a clean answer reports nothing', () => {
    const long = Array.from({ length: 5 }, () => ({ name: 'slack_send', score: 1 }));
    expect(cleanRanking(long, { maxResults: 1, isKnown }).drops).toEqual({ malformed: 0, unknown: [], duplicates: [], excess: 4 });
    expect(cleanRanking([{ name: 'slack_send', score: 1 }], { maxResults: 10, isKnown }).drops).toBeUndefined();
  });

  it('throws for an answer that is not a list or cannot be read', () => {
    expect(() => cleanRanking(null, { maxResults: 10, isKnown })).toThrow('the ranker returned null, not a list');
    expect(() => cleanRanking(HOSTILE_VALUES['a revoked Proxy']!(), { maxResults: 10, isKnown })).toThrow();
  });
});

describe('runToolSearch with a ranker that returns junk', () => {
  it('activates only the clean known matches, and the search record says what was dropped', () => {
    const ranker: ToolRanker = {
      name: 'junk',
      rank: () => [null, { name: 'slack_send', score: 5 }, { name: 'slack_send', score: 4 }, { name: 'ghost', score: 3 }] as never,
    };
    const activated: string[][] = [];
    const outcome = runToolSearch({
      input: { query: 'send a message' },
      ranker,
      search: DEFAULT_SEARCH_OPTIONS,
      isSearchable: (name) => KNOWN.has(name),
      isKnown,
      alreadyActive: new Set(),
      schemaCharsOf: () => 100,
      activate: (names) => activated.push(names),
    });
    expect(outcome.ok && outcome.output).toEqual({ activated: ['slack_send'] });
    expect(activated).toEqual([['slack_send']]);
    expect(outcome.ok && outcome.record.rankerDrops).toEqual({ malformed: 1, unknown: ['ghost'], duplicates: ['slack_send'], excess: 0 });
  });

  it('a ranker answer that is not a list is a tool error the model reads; nothing is activated', () => {
    const outcome = runToolSearch({
      input: { query: 'send' },
      ranker: { name: 'junk', rank: () => HOSTILE_VALUES['Object.create(null)']!() as never },
      search: DEFAULT_SEARCH_OPTIONS,
      isSearchable: () => true,
      alreadyActive: new Set(),
      schemaCharsOf: () => 100,
    });
    expect(outcome).toEqual({ ok: false, message: 'tool_search could not rank "send": the ranker returned object, not a list. Nothing was activated; you may search again.' });
  });
});
