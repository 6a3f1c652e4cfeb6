import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect, sampleTools } from '../helpers/sample-tools.js';

const PROMPT = 'click the button on the browser page and take a snapshot of the github issue';

async function prefetchOf(options: { relevanceFloor?: number; limit: number }) {
  const { tools, groups } = sampleTools();
  const runtime = createToolSearchRuntime({ tools, groups, prefetch: { limit: options.limit }, ...(options.relevanceFloor === undefined ? {} : { search: { relevanceFloor: options.relevanceFloor } }) });
  const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
  const parts = await collect(runtime.send({ model: scripted.model, prompt: PROMPT }).stream);
  const search = parts.find((part) => part.type === 'search');
  if (search?.type !== 'search') throw new Error('no prefetch search');
  return { search, toolNames: scripted.requests[0]!.toolNames };
}

describe('options.prefetch under the relevance floor (C24, C25)', () => {
  it('stops at the floor like a search without a limit, and records the match it left out', async () => {
    const { search, toolNames } = await prefetchOf({ limit: 5 });
    expect(search.ranked.map((match) => match.name)).toEqual(['browser_click', 'browser_snapshot', 'github_create_issue', 'github_list_pull_requests']);
    expect(search.activated).toEqual(['browser_click', 'browser_snapshot', 'github_create_issue']);
    expect(search.skipped).toEqual([{ name: 'github_list_pull_requests', reason: 'below-relevance-floor' }]);
    expect(search).toMatchObject({ origin: 'prefetch', requestedLimit: 5, effectiveLimit: 5 });
    expect(toolNames).toEqual(['Bash', 'Read', 'tool_search', 'browser_click', 'browser_snapshot', 'github_create_issue']);
  });

  it('relevanceFloor 0 loads the limit; the limit still caps what the floor lets through', async () => {
    expect((await prefetchOf({ limit: 5, relevanceFloor: 0 })).search.activated).toEqual(['browser_click', 'browser_snapshot', 'github_create_issue', 'github_list_pull_requests']);
    const two = await prefetchOf({ limit: 2 });
    expect(two.search.activated).toEqual(['browser_click', 'browser_snapshot']);
    expect(two.search.skipped).toEqual([]);
  });
});
