import { asSchema, type JSONSchema7 } from 'ai';
import { z } from 'zod';

/**
 * The input schema of `tool_search` (C9): `{ query: string, limit?: number | null }`, with the
 * runtime's own default and maximum in the `limit` description so the model is told the real
 * numbers. A `null` limit means none was given (the default): strict-mode models (OpenAI
 * structured outputs) send `null` for every optional field they leave out. Types are checked by
 * this schema; ranges (empty query, limit < 1, fractional limit, query too long) by
 * `runToolSearch`, so each gets a message the model can act on (C12).
 */
export function createToolSearchInputSchema(options: { readonly defaultLimit: number; readonly maxLimit: number }) {
  return inputSchema(options, z.number().nullish());
}

/** The schema with the given `limit` type; the wire shows `limit` as an optional number. */
function inputSchema<Limit extends z.ZodType>(options: { readonly defaultLimit: number; readonly maxLimit: number }, limit: Limit) {
  return z.object({
    query: z.string().describe('What the tool should do, in a few words; an exact tool name from the inventory; select:a,b for exactly those tools; +word for a word the name must contain.'),
    limit: limit.describe(`How many tools to load at most. Default ${options.defaultLimit}, maximum ${options.maxLimit}.`),
  });
}

/** `tool_search`'s input schema and its JSON schema, computed once per runtime (not per turn). */
export interface ToolSearchInputDefinition {
  readonly schema: ReturnType<typeof createToolSearchInputSchema>;
  readonly jsonSchema: JSONSchema7;
}

/**
 * Builds a {@link ToolSearchInputDefinition} for the runtime's limits. The JSON schema sent to
 * providers keeps `limit` an optional number (what the model should send); validation also
 * takes `null` for it.
 */
export function createToolSearchInputDefinition(options: { readonly defaultLimit: number; readonly maxLimit: number }): ToolSearchInputDefinition {
  const schema = createToolSearchInputSchema(options);
  return { schema, jsonSchema: asSchema(inputSchema(options, z.number().optional())).jsonSchema as JSONSchema7 };
}

/** The parsed input of `tool_search`. */
export type ToolSearchInput = z.infer<ReturnType<typeof createToolSearchInputSchema>>;
