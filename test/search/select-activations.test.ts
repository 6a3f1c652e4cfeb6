import { describe, expect, it } from 'vitest';
import { selectActivations } from '../../src/search/select-activations.js';

// Definition sizes in characters, as the catalog measures them.
const SIZES: Record<string, number> = {
  browser_snapshot: 400,
  browser_click: 300,
  browser_navigate: 200,
  browser_pdf: 5_000,
  browser_type: 350,
  browser_tabs: 250,
};

function walk(options: { order: string[]; limit?: number; maxSchemaChars?: number; alreadyActive?: string[] }) {
  return selectActivations({
    ranked: options.order.map((name, index) => ({ name, score: 10 - index })),
    limit: options.limit ?? 5,
    maxSchemaChars: options.maxSchemaChars ?? 1_000,
    alreadyActive: new Set(options.alreadyActive ?? []),
    schemaCharsOf: (name) => SIZES[name]!,
  });
}

describe('C10 walk: count', () => {
  it('takes matches in rank order up to limit new activations', () => {
    const selection = walk({ order: ['browser_navigate', 'browser_click', 'browser_tabs'], limit: 2 });
    expect(selection).toEqual({
      activated: ['browser_navigate', 'browser_click'],
      newlyActivated: ['browser_navigate', 'browser_click'],
      skipped: [],
      schemaChars: 500,
      stoppedOnBudget: false,
    });
  });

  it('counts only new activations: already-active matches are returned but cost no count', () => {
    const selection = walk({
      order: ['browser_snapshot', 'browser_click', 'browser_navigate', 'browser_tabs'],
      limit: 2,
      alreadyActive: ['browser_snapshot', 'browser_click'],
    });
    expect(selection.activated).toEqual(['browser_snapshot', 'browser_click', 'browser_navigate', 'browser_tabs']);
    expect(selection.newlyActivated).toEqual(['browser_navigate', 'browser_tabs']);
  });

  it('activates nothing new when every match is already active', () => {
    const selection = walk({ order: ['browser_click', 'browser_snapshot'], alreadyActive: ['browser_snapshot', 'browser_click'] });
    expect(selection).toMatchObject({ activated: ['browser_click', 'browser_snapshot'], newlyActivated: [], schemaChars: 0 });
  });
});

describe('C10 walk: schema budget', () => {
  it('costs already-active matches nothing against the budget', () => {
    const selection = walk({
      order: ['browser_snapshot', 'browser_type', 'browser_click'],
      maxSchemaChars: 650,
      alreadyActive: ['browser_snapshot'],
    });
    expect(selection).toMatchObject({
      activated: ['browser_snapshot', 'browser_type', 'browser_click'],
      newlyActivated: ['browser_type', 'browser_click'],
      schemaChars: 650,
      stoppedOnBudget: false,
    });
  });

  it('skips and reports a match larger than the whole budget, and walks on', () => {
    const selection = walk({ order: ['browser_pdf', 'browser_click', 'browser_navigate'] });
    expect(selection.skipped).toEqual([{ name: 'browser_pdf', reason: 'oversize' }]);
    expect(selection.activated).toEqual(['browser_click', 'browser_navigate']);
    expect(selection.stoppedOnBudget).toBe(false);
  });

  it('does not count an oversize match against the limit', () => {
    const selection = walk({ order: ['browser_pdf', 'browser_click'], limit: 1 });
    expect(selection.newlyActivated).toEqual(['browser_click']);
  });

  it('stops when the running total would pass the budget, reporting the match it stopped at', () => {
    const selection = walk({ order: ['browser_snapshot', 'browser_type', 'browser_click', 'browser_navigate'], maxSchemaChars: 1_000 });
    expect(selection).toEqual({
      activated: ['browser_snapshot', 'browser_type'],
      newlyActivated: ['browser_snapshot', 'browser_type'],
      skipped: [{ name: 'browser_click', reason: 'budget' }],
      schemaChars: 750,
      stoppedOnBudget: true,
    });
  });

  it('activates a match that fills the budget exactly', () => {
    const selection = walk({ order: ['browser_snapshot', 'browser_click', 'browser_tabs'], maxSchemaChars: 950 });
    expect(selection).toMatchObject({ schemaChars: 950, stoppedOnBudget: false, skipped: [] });
  });

  it('never reorders by size: a smaller match below the stop is not pulled forward', () => {
    // browser_navigate (200) would fit after the stop, but the walk does not skip ahead.
    const selection = walk({ order: ['browser_type', 'browser_snapshot', 'browser_navigate'], maxSchemaChars: 700 });
    expect(selection.activated).toEqual(['browser_type']);
    expect(selection.skipped).toEqual([{ name: 'browser_snapshot', reason: 'budget' }]);
  });

  it('keeps rank order in activated whatever the sizes', () => {
    const order = ['browser_snapshot', 'browser_navigate', 'browser_type', 'browser_tabs'];
    expect(walk({ order, maxSchemaChars: 10_000 }).activated).toEqual(order);
  });
});
