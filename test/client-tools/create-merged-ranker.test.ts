import { describe, expect, it } from 'vitest';
import { createMergedRanker } from '../../src/client-tools/create-merged-ranker.js';
import type { AsyncToolRanker, RankedTool, ToolRanker } from '../../src/search/tool-ranker.js';

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

describe('createMergedRanker with an asynchronous ranker', () => {
  const catalog: ToolRanker = { name: 'hybrid', rank: (_query, maxResults) => [{ name: 'browser_click', score: 0.9 }, { name: 'github_create_issue', score: 0.5 }].slice(0, maxResults) };

  it('stays synchronous when every ranker is', () => {
    const merged = createMergedRanker([catalog, catalog]);
    expect(Array.isArray(merged.rank('click', 1))).toBe(true);
  });

  it('awaits an asynchronous ranker, passes each the abort signal, and merges by score', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const client: AsyncToolRanker = {
      name: 'semantic',
      rank: async (_query, maxResults, options) => {
        signals.push(options?.abortSignal);
        return [{ name: 'ui_click_button', score: 0.7 }].slice(0, maxResults);
      },
    };
    const controller = new AbortController();
    const ranked = createMergedRanker([catalog, client]).rank('click', 3, { abortSignal: controller.signal });
    expect(ranked).toBeInstanceOf(Promise);
    expect(await ranked).toEqual([
      { name: 'browser_click', score: 0.9 },
      { name: 'ui_click_button', score: 0.7 },
      { name: 'github_create_issue', score: 0.5 },
    ]);
    expect(signals).toEqual([controller.signal]);
  });

  it('rejects when one ranker rejects or throws, leaving no rejection unhandled', async () => {
    const rejects: AsyncToolRanker = { name: 'semantic', rank: () => Promise.reject(new Error('embedding quota exceeded')) };
    const throws: ToolRanker = {
      name: 'broken',
      rank: () => {
        throw new Error('index corrupt');
      },
    };
    await expect(createMergedRanker([catalog, rejects]).rank('click', 3)).rejects.toThrow('embedding quota exceeded');
    await expect(createMergedRanker([rejects, throws]).rank('click', 3)).rejects.toThrow('embedding quota exceeded');
  });
});
