import { jsonSchema, tool, toolSearch, type Tool, type ToolExecutionOptions, type ToolSet } from 'ai';
import { nameKeyedRecord } from '../catalog/name-keyed-record.js';
import { createToolSearchState } from 'ai/internal';
import type { EvalRankerFactory } from './eval-ranker.js';

const SEARCH_TOOL_NAME = 'toolSearch';

/**
 * The AI SDK's built-in `toolSearch()` with its default search function, run exactly as
 * `streamText` runs it: every catalog tool is bound with `deferLoading: true` next to
 * `toolSearch({ maxResults: depth })`, `createToolSearchState` (the function `streamText` and
 * `generateText` call, exported from `ai/internal`) prepares the step's tools, and each query
 * is one call of the prepared search tool's `execute`. Nothing of the scoring is re-implemented
 * here: names come back in the order the SDK returns them.
 */
export const aiSdkToolSearchRanker: EvalRankerFactory = {
  name: 'ai-sdk-tool-search',
  description: "AI SDK v7 toolSearch(), default search function (exact token hits, name ×2, no IDF), run through the SDK's own code",
  build({ tools, depth }) {
    // no prototype: a catalog tool named `__proto__` is an own key like any other
    const toolSet: ToolSet = nameKeyedRecord<Tool>([[SEARCH_TOOL_NAME, toolSearch({ maxResults: Math.max(1, depth) })]]);
    for (const entry of tools) {
      toolSet[entry.id] = tool({
        description: entry.description,
        inputSchema: jsonSchema((entry.inputSchema as object | undefined) ?? { type: 'object', properties: {} }),
        deferLoading: true,
      });
    }
    const prepareToolSearch = createToolSearchState({ tools: toolSet, toolCallers: undefined });
    const prepared = prepareToolSearch(toolSet);
    const search = prepared?.[SEARCH_TOOL_NAME];
    if (search?.execute === undefined) throw new Error('the AI SDK did not bind toolSearch: its API may have changed');
    const execute = search.execute as (input: { query: string }, options: ToolExecutionOptions<unknown>) => Promise<unknown>;
    return {
      async rank(query) {
        const output = (await execute({ query }, { toolCallId: 'eval', messages: [], context: {} })) as { tools: { name: string }[] };
        return output.tools.map((match) => match.name);
      },
    };
  },
};
