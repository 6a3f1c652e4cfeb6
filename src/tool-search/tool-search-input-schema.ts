import { z } from 'zod';

/**
 * Input of `tool_search` (C9): `{ query: string, limit?: number }`. Types are checked by this
 * schema; ranges (empty query, limit < 1, fractional limit, query too long) by
 * `runToolSearch`, so each gets a message the model can act on (C12).
 */
export const toolSearchInputSchema = z.object({
  query: z.string().describe('What the tool should do, in a few words, or an exact tool name from the inventory.'),
  limit: z
    .number()
    .optional()
    .describe('How many tools to load at most. Default 5, maximum 20.'),
});

/** The parsed input of `tool_search`. */
export type ToolSearchInput = z.infer<typeof toolSearchInputSchema>;
