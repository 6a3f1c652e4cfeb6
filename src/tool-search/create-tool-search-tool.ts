import { tool, type FlexibleSchema, type Tool } from 'ai';

/**
 * The `tool_search` definition sent to the provider: its description explains the next-step
 * rule (C13) and carries the inventory (C7). It has no `execute`: the runtime runs it
 * through the same pipeline as every other tool (C4).
 *
 * @param options.inventory the catalog's rendered inventory.
 * @param options.defaultLimit / maxLimit shown to the model so it can ask for more.
 * @param options.inputSchema from `createToolSearchInputSchema`, built once per runtime.
 */
export function createToolSearchTool(options: {
  readonly inventory: string;
  readonly defaultLimit: number;
  readonly maxLimit: number;
  readonly inputSchema: FlexibleSchema<unknown>;
}): Tool {
  return tool({
    description:
      'Search the deferred tools below and load the best matches. A loaded tool becomes callable on your ' +
      'NEXT step, not in this one: call tool_search, wait for its result, then call the tool. ' +
      'Query with a few words about the task, or with an exact tool name. ' +
      'Query group:NAME to list the tool names of one group (this loads nothing). ' +
      `Loads ${options.defaultLimit} tools by default; pass limit (at most ${options.maxLimit}) for more.\n\n` +
      `Deferred tools by group:\n${options.inventory}`,
    inputSchema: options.inputSchema,
  });
}
