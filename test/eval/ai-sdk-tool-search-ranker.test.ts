import { jsonSchema, stepCountIs, streamText, tool, toolSearch, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { aiSdkToolSearchRanker } from '../../src/eval/ai-sdk-tool-search-ranker.js';
import type { EvalTool } from '../../src/eval/eval-dataset.js';
import { createScriptedModel } from '../../src/testing/index.js';

const TOOLS: EvalTool[] = [
  { id: 'browser_take_screenshot', name: 'browser_take_screenshot', description: 'Take a screenshot of the current page', group: 'browser' },
  { id: 'browser_navigate', name: 'browser_navigate', description: 'Navigate to a URL in the browser', group: 'browser' },
  { id: 'create_issue', name: 'create_issue', description: 'Create a new issue in a GitHub repository', group: 'github' },
  { id: 'list_issues', name: 'list_issues', description: 'List issues in a GitHub repository', group: 'github' },
  { id: 'getWeather', name: 'getWeather', description: 'Get the current weather for a city', group: 'other' },
  { id: 'search_issues', name: 'search_issues', description: 'Search issues and pull requests', group: 'github' },
];

/** What the SDK's own toolSearch returns inside a real streamText run for `query`. */
async function searchThroughStreamText(query: string, maxResults: number): Promise<string[]> {
  const tools: ToolSet = { toolSearch: toolSearch({ maxResults }) };
  for (const entry of TOOLS) {
    tools[entry.id] = tool({ description: entry.description, inputSchema: jsonSchema({ type: 'object', properties: {} }), deferLoading: true, execute: async () => 'ok' });
  }
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'toolSearch', input: { query } }] }, { text: 'done' }] });
  const result = streamText({ model: scripted.model, tools, prompt: 'go', stopWhen: stepCountIs(2) });
  const steps = await result.steps;
  const output = steps[0]!.toolResults[0]!.output as { tools: { name: string }[] };
  return output.tools.map((match) => match.name);
}

describe('aiSdkToolSearchRanker', () => {
  it.each([
    ['issue', 5],
    ['github issues list', 3],
    ['weather city', 5],
    ['take a screenshot of the page in the browser', 2],
    ['nothing matches this', 5],
  ])('ranks %j exactly as the SDK toolSearch does inside streamText (maxResults %i)', async (query, maxResults) => {
    const ranker = await aiSdkToolSearchRanker.build({ tools: TOOLS, depth: maxResults });
    const ranked = await ranker.rank(query, maxResults);
    expect(ranked).toEqual(await searchThroughStreamText(query, maxResults));
    expect(ranked.length > 0).toBe(query !== 'nothing matches this');
  });
});
