import { describe, expect, it } from 'vitest';
import { createNamedToolRanker } from '../../src/client-tools/create-named-tool-ranker.js';
import { NAMED_TOOL_SCORE } from '../../src/search/create-hybrid-ranker.js';

const DOCUMENTS = [
  { name: 'ui_show_chart', description: 'Show a line chart of a metric.', group: 'ui', aliases: ['dashboard.chart'] },
  { name: 'ui_open_panel', description: 'Open a side panel.', group: 'ui' },
];

describe('createNamedToolRanker', () => {
  it('answers the tools a query names outright (name, alias, select:), at the named score, and nothing for a description', () => {
    const ranker = createNamedToolRanker(DOCUMENTS);
    expect(ranker.rank('ui_open_panel', 5).map((match) => match.name)).toEqual(['ui_open_panel']);
    expect(ranker.rank('dashboard.chart', 5).map((match) => match.name)).toEqual(['ui_show_chart']);
    expect(ranker.rank('select:ui_show_chart,ui_open_panel', 5).map((match) => match.name)).toEqual(['ui_show_chart', 'ui_open_panel']);
    expect(ranker.rank('ui_open_panel', 5)[0]!.score).toBeGreaterThanOrEqual(NAMED_TOOL_SCORE / 2);
    expect(ranker.rank('open a side panel', 5)).toEqual([]);
  });
});
