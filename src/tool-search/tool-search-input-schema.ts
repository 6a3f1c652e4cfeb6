import { z } from 'zod';

/**
 * The input schema of `tool_search` (C9): `{ query: string, limit?: number }`, with the
 * runtime's own default and maximum in the `limit` description so the model is told the real
 * numbers. Types are checked by this schema; ranges (empty query, limit < 1, fractional limit,
 * query too long) by `runToolSearch`, so each gets a message the model can act on (C12).
 */
export function createToolSearchInputSchema(options: { readonly defaultLimit: number; readonly maxLimit: number }) {
  return z.object({
    query: z.string().describe('What the tool should do, in a few words, or an exact tool name from the inventory.'),
    limit: z
      .number()
      .optional()
      .describe(`How many tools to load at most. Default ${options.defaultLimit}, maximum ${options.maxLimit}.`),
  });
}

/** The parsed input of `tool_search`. */
export type ToolSearchInput = z.infer<ReturnType<typeof createToolSearchInputSchema>>;
