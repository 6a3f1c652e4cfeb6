import { describe, expect, it } from 'vitest';
import { createMergedRanker } from '../../src/client-tools/create-merged-ranker.js';
import type { RankedTool, ToolRanker } from '../../src/search/tool-ranker.js';

const fixed = (name: string, ranked: RankedTool[]): ToolRanker => ({ name, rank: (_query, maxResults) => ranked.slice(0, maxResults) });

describe('createMergedRanker', () => {
  const catalog = fixed('hybrid', [
    { name: 'browser_click', score: 0.9 },
    { name: 'github_create_issue', score: 0.5 },
    { name: 'slack_post_message', score: 0.2 },
  ]);
  const client = fixed('hybrid', [
    { name: 'ui_click_button', score: 0.9 },
    { name: 'ui_open_panel', score: 0.6 },
  ]);

  it('merges candidates by score, higher first, ties by canonical name, cut to maxResults', () => {
    const merged = createMergedRanker([catalog, client]);
    expect(merged.rank('click', 4)).toEqual([
      { name: 'browser_click', score: 0.9 },
      { name: 'ui_click_button', score: 0.9 },
      { name: 'ui_open_panel', score: 0.6 },
      { name: 'github_create_issue', score: 0.5 },
    ]);
    expect(merged.rank('click', 0)).toEqual([]);
  });

  it("keeps the first ranker's name and gives the same answer for the same query", () => {
    const merged = createMergedRanker([catalog, client]);
    expect(merged.name).toBe('hybrid');
    expect(merged.rank('click', 10)).toEqual(merged.rank('click', 10));
  });
});
