import { describe, expect, it } from 'vitest';
import { createFuseRanker } from '../../src/search/create-fuse-ranker.js';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../../src/search/search-options.js';
import type { AsyncToolRanker, ToolRanker } from '../../src/search/tool-ranker.js';
import { runToolSearch } from '../../src/tool-search/run-tool-search.js';
import type { ToolSearchInput } from '../../src/tool-search/tool-search-input-schema.js';

/** A ranker that returns `names` in this order for every query. */
function fixedRanker(names: string[]): ToolRanker {
  return { name: 'fixed', rank: (_query, maxResults) => names.slice(0, maxResults).map((name, index) => ({ name, score: 100 - index })) };
}

const MANY = Array.from({ length: 30 }, (_, index) => `tool_${String(index).padStart(2, '0')}`);

function search(options: {
  input: ToolSearchInput;
  ranker?: ToolRanker;
  search?: Partial<SearchOptions>;
  searchable?: string[];
  alreadyActive?: string[];
  schemaChars?: Record<string, number>;
}) {
  const searchable = new Set(options.searchable ?? MANY);
  return runToolSearch({
    input: options.input,
    ranker: options.ranker ?? fixedRanker(MANY),
    search: { ...DEFAULT_SEARCH_OPTIONS, ...options.search },
    isSearchable: (name) => searchable.has(name),
    alreadyActive: new Set(options.alreadyActive ?? []),
    schemaCharsOf: (name) => options.schemaChars?.[name] ?? 100,
  });
}

describe('runToolSearch: bad input (C12)', () => {
  it.each([
    ['an empty query', { query: '' }, /non-empty query/],
    ['a whitespace query', { query: ' \n\t ' }, /non-empty query/],
    ['a query over maxQueryChars', { query: 'x'.repeat(2_001) }, /2001 characters; the maximum is 2000/],
    ['limit 0', { query: 'click', limit: 0 }, /whole number from 1 to 20; got 0/],
    ['limit -1', { query: 'click', limit: -1 }, /got -1/],
    ['limit 1.5', { query: 'click', limit: 1.5 }, /got 1.5/],
    ['limit NaN', { query: 'click', limit: Number.NaN }, /got NaN/],
    ['limit Infinity', { query: 'click', limit: Number.POSITIVE_INFINITY }, /got Infinity/],
  ])('returns a readable error and activates nothing for %s', (_label, input, message) => {
    const outcome = search({ input });
    expect(outcome.ok).toBe(false);
    expect(outcome).not.toHaveProperty('newlyActivated');
    if (!outcome.ok) expect(outcome.message).toMatch(message);
  });

  it('accepts a query of exactly maxQueryChars once trimmed', () => {
    expect(search({ input: { query: ` ${'x'.repeat(2_000)} ` } }).ok).toBe(true);
  });
});

describe('runToolSearch: limits (C10)', () => {
  it('activates defaultLimit matches when no limit is given', () => {
    const outcome = search({ input: { query: 'tools' } });
    expect(outcome.ok && outcome.output.activated).toEqual(MANY.slice(0, 5));
    expect(outcome.ok && outcome.record).toMatchObject({ requestedLimit: undefined, effectiveLimit: 5 });
  });

  it('clamps a limit of 50 to maxLimit 20 and records both', () => {
    const outcome = search({ input: { query: 'tools', limit: 50 } });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.record).toMatchObject({ requestedLimit: 50, effectiveLimit: 20 });
    expect(outcome.output.activated).toEqual(MANY.slice(0, 20));
    expect(outcome.newlyActivated).toHaveLength(20);
  });

  it('reports a budget stop in the reason and the record', () => {
    const outcome = search({ input: { query: 'tools' }, search: { maxSchemaChars: 250 } });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.output.activated).toEqual(['tool_00', 'tool_01']);
    expect(outcome.output.reason).toBe(
      "Stopped before tool_02: this search's 250-character schema budget is spent; search again to load it.",
    );
    expect(outcome.record).toMatchObject({ skipped: [{ name: 'tool_02', reason: 'budget' }], schemaCharsActivated: 200 });
  });
});

describe('runToolSearch: thin result (C11, S4)', () => {
  const ranker = createFuseRanker([
    { name: 'browser_click', description: 'Click an element on the web page.', group: 'browser' },
    { name: 'browser_snapshot', description: 'Capture an accessibility snapshot of the web page.', group: 'browser' },
    { name: 'read_file', description: 'Read a file from disk.', group: 'filesystem' },
  ]);
  const searchable = ['browser_click', 'browser_snapshot', 'read_file'];

  it('returns only { activated } when nothing was skipped', () => {
    const outcome = search({ input: { query: 'browser_click', limit: 1 }, ranker, searchable });
    expect(outcome.ok && outcome.output).toEqual({ activated: ['browser_click'] });
  });

  it('returns already-active matches without activating them again (C15)', () => {
    const outcome = search({ input: { query: 'web page' }, ranker, searchable, alreadyActive: ['browser_click'] });
    if (!outcome.ok) throw new Error(outcome.message);
    expect([...outcome.output.activated].sort()).toEqual(['browser_click', 'browser_snapshot']);
    expect(outcome.newlyActivated).toEqual(['browser_snapshot']);
  });

  it('adds a reason when nothing matched', () => {
    const outcome = search({ input: { query: 'quantum chromodynamics' }, ranker, searchable });
    expect(outcome.ok && outcome.output).toEqual({
      activated: [],
      reason: 'No deferred tool matched "quantum chromodynamics"; try other words or a name from the inventory.',
    });
  });

  it('adds a reason naming an oversize match', () => {
    const outcome = search({
      input: { query: 'web page' },
      ranker,
      searchable,
      search: { maxSchemaChars: 1_000 },
      schemaChars: { browser_snapshot: 4_000 },
    });
    expect(outcome.ok && outcome.output).toEqual({
      activated: ['browser_click'],
      reason: 'Skipped browser_snapshot: definition larger than the 1,000-character budget of one search.',
    });
  });

  it('never copies a schema or description into the result', () => {
    const outcome = search({ input: { query: 'web page' }, ranker, searchable });
    expect(JSON.stringify(outcome.ok && outcome.output)).not.toMatch(/Click an element|inputSchema|properties/);
  });
});

describe('runToolSearch: ceiling (C1, C6, S3)', () => {
  it('returns only searchable names, even when the ranker ranks others first', () => {
    const ranker = fixedRanker(['Bash', 'browser_click', 'shell_exec', 'read_file']);
    const outcome = search({ input: { query: 'anything' }, ranker, searchable: ['browser_click', 'read_file'] });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.output.activated).toEqual(['browser_click', 'read_file']);
    expect(outcome.newlyActivated).toEqual(['browser_click', 'read_file']);
    expect(outcome.record.ranked.map((match) => match.name)).toEqual(['browser_click', 'read_file']);
  });

  it('records the trimmed query and the activated names (C21)', () => {
    const outcome = search({ input: { query: '  click  ', limit: 2 } });
    expect(outcome.ok && outcome.record).toMatchObject({
      query: 'click',
      activated: ['tool_00', 'tool_01'],
      skipped: [],
      schemaCharsActivated: 200,
    });
  });
});

describe('runToolSearch: an asynchronous ranker (C9, C12, C15)', () => {
  /** An async ranker that answers like `fixedRanker(names)` once `answer` is called. */
  function gatedRanker(names: string[]) {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const seen: (AbortSignal | undefined)[] = [];
    const ranker: AsyncToolRanker = {
      name: 'gated',
      rank: async (query, maxResults, options) => {
        seen.push(options?.abortSignal);
        await answered;
        return fixedRanker(names).rank(query, maxResults);
      },
    };
    return { ranker, answer, seen };
  }

  const base = {
    search: DEFAULT_SEARCH_OPTIONS,
    isSearchable: (name: string) => MANY.includes(name),
    schemaCharsOf: () => 100,
  };

  it('returns the outcome synchronously for a synchronous ranker, with no promise in between', () => {
    const activations: string[][] = [];
    const outcome = runToolSearch({ ...base, input: { query: 'tools', limit: 2 }, ranker: fixedRanker(MANY), alreadyActive: new Set(), activate: (names) => activations.push(names) });
    expect(outcome).not.toBeInstanceOf(Promise);
    expect(outcome.ok && outcome.newlyActivated).toEqual(['tool_00', 'tool_01']);
    expect(activations).toEqual([['tool_00', 'tool_01']]);
  });

  it('reads alreadyActive once the ranking is done and activates in the same run as that read', async () => {
    const { ranker, answer } = gatedRanker(MANY);
    const pending = new Set<string>();
    const reads: string[][] = [];
    const outcome = runToolSearch({
      ...base,
      input: { query: 'tools', limit: 2 },
      ranker,
      alreadyActive: () => (reads.push([...pending]), pending),
      activate: (names) => names.forEach((name) => pending.add(name)),
    });
    // a parallel search activates tool_00 while this one waits for its ranking
    pending.add('tool_00');
    expect(reads).toEqual([]);
    answer();
    const settled = await outcome;
    expect(reads).toEqual([['tool_00']]);
    expect(settled.ok && settled.output.activated).toEqual(['tool_00', 'tool_01', 'tool_02']);
    expect(settled.ok && settled.newlyActivated).toEqual(['tool_01', 'tool_02']);
    expect([...pending]).toEqual(['tool_00', 'tool_01', 'tool_02']);
  });

  it.each([
    ['rejects', (): Promise<never> => Promise.reject(new Error('embedding quota exceeded'))],
    ['throws', (): never => {
      throw new Error('embedding quota exceeded');
    }],
  ])('turns a ranker that %s into a readable error and activates nothing', async (_label, rank) => {
    const activations: string[][] = [];
    const ranker = { name: 'broken', rank } as unknown as AsyncToolRanker;
    const outcome = await runToolSearch({ ...base, input: { query: 'tools' }, ranker, alreadyActive: new Set(), activate: (names) => activations.push(names) });
    expect(outcome).toEqual({ ok: false, message: 'tool_search could not rank "tools": embedding quota exceeded. Nothing was activated; you may search again.' });
    expect(activations).toEqual([]);
  });

  it('passes the abort signal to the ranker; once it aborts, stops waiting and activates nothing, even if the ranker ignores it', async () => {
    const { ranker, answer, seen } = gatedRanker(MANY);
    const controller = new AbortController();
    const activations: string[][] = [];
    const outcome = runToolSearch({
      ...base,
      input: { query: 'tools' },
      ranker,
      alreadyActive: new Set(),
      abortSignal: controller.signal,
      activate: (names) => activations.push(names),
    });
    expect(seen).toEqual([controller.signal]);
    controller.abort(new Error('The turn was cancelled.'));
    expect(await outcome).toEqual({ ok: false, message: 'tool_search was stopped before its ranking finished; nothing was activated.' });
    answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(activations).toEqual([]);
  });
});

describe('runToolSearch: the relevance floor lowered by the name gain (C24)', () => {
  // b at 0.7 of the best, 2,000 characters: sized floor 0.62 + 0.175 × ln 3 = 0.81; its name has 0.1 more of the query → 0.73
  const ranker: ToolRanker = {
    name: 'named',
    rank: () => [
      { name: 'a', score: 1, nameCoverage: 0 },
      { name: 'b', score: 0.7, nameCoverage: 0.1 },
      { name: 'c', score: 0.7, nameCoverage: 0.3 },
    ],
  };
  const schemaChars = { a: 100, b: 2_000, c: 2_000 };

  it('a large match stops at its own floor, sized and lowered by its name gain, and the reason names that floor; a larger weight loads it, weight 0 gives the sized floor', () => {
    const outcome = search({ input: { query: 'q' }, ranker, searchable: ['a', 'b', 'c'], schemaChars });
    expect(outcome.ok && outcome.output).toEqual({
      activated: ['a'],
      reason:
        'Stopped before b, c: b scores below 73% of the best match, the relevance floor for its 2,000-character definition ' +
        '(62%, higher for larger definitions, lower for a name with more of the query than the best match’s); search with other words, or select: a name, to load more.',
    });
    const weighted = search({ input: { query: 'q' }, ranker, searchable: ['a', 'b', 'c'], schemaChars, search: { relevanceFloorNameWeight: 2 } });
    // 0.81 − 2 × 0.1 = 0.61 for b, 0.81 − 0.6 = 0.21 for c, held at 0.31 (half the floor)
    expect(weighted.ok && weighted.output).toEqual({ activated: ['a', 'b', 'c'] });
    const off = search({ input: { query: 'q' }, ranker, searchable: ['a', 'b', 'c'], schemaChars, search: { relevanceFloorNameWeight: 0 } });
    expect(off.ok && off.output.reason).toMatch(/^Stopped before b, c: b scores below 81% of the best match, the relevance floor for its 2,000-character definition \(62%, higher for larger definitions\);/);
  });

  it('however large the weight, a match whose name has the whole query is not loaded at 20% of the best: its floor stops at half of relevanceFloor', () => {
    // before: 0.81 − 100 × 1 gave a floor below 0, so `weak` loaded at any score
    const whole: ToolRanker = { name: 'whole', rank: () => [{ name: 'a', score: 1, nameCoverage: 0 }, { name: 'weak', score: 0.2, nameCoverage: 1 }] };
    for (const relevanceFloorNameWeight of [100, 1e6]) {
      const outcome = search({ input: { query: 'q' }, ranker: whole, searchable: ['a', 'weak'], schemaChars: { a: 100, weak: 2_000 }, search: { relevanceFloorNameWeight } });
      expect(outcome.ok && outcome.output.activated).toEqual(['a']);
      // the reason names the floor it missed, not the flat 62% (before: 'it scores below 62% of the best match (relevance floor)')
      expect(outcome.ok && outcome.output.reason).toMatch(/^Stopped before weak: weak scores below 31% of the best match, its relevance floor \(62%, lower for a name with more of the query than the best match’s\);/);
      expect(outcome.ok && outcome.record.skipped).toEqual([{ name: 'weak', reason: 'below-relevance-floor' }]);
    }
    // at 35% of the best (above the half) the gain still loads it
    const closer: ToolRanker = { name: 'closer', rank: () => [{ name: 'a', score: 1, nameCoverage: 0 }, { name: 'weak', score: 0.35, nameCoverage: 1 }] };
    const loaded = search({ input: { query: 'q' }, ranker: closer, searchable: ['a', 'weak'], schemaChars: { a: 100, weak: 2_000 }, search: { relevanceFloorNameWeight: 100 } });
    expect(loaded.ok && loaded.output).toEqual({ activated: ['a', 'weak'] });
  });
});
