import { jsonSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateToolInput } from '../../src/execution/validate-tool-input.js';
import { createToolSearchInputSchema } from '../../src/tool-search/tool-search-input-schema.js';

const toolSearchInputSchema = createToolSearchInputSchema({ defaultLimit: 5, maxLimit: 20 });

const clickSchema = z.object({
  ref: z.string(),
  button: z.enum(['left', 'right']).optional(),
  modifiers: z.object({ shift: z.boolean() }).optional(),
});

function validate(input: unknown, schema: Parameters<typeof validateToolInput>[0]['schema'] = clickSchema, unparsable = false) {
  return validateToolInput({ toolName: 'browser_click', input, schema, unparsable });
}

describe('validateToolInput (C4)', () => {
  it('passes valid input through as the parsed value', async () => {
    expect(await validate({ ref: 'e12', button: 'left' })).toEqual({ ok: true, value: { ref: 'e12', button: 'left' } });
  });

  it('names the field with the wrong type', async () => {
    const result = await validate({ ref: 42 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(/^Invalid input for browser_click: ref: /);
      expect(result.message).toMatch(/expected string, received number/);
      expect(result.message).toMatch(/Fix these fields and call it again\.$/);
    }
  });

  it('names a missing required field', async () => {
    const result = await validate({ button: 'left' });
    expect(!result.ok && result.message).toMatch(/: ref: /);
  });

  it('names every bad field, nested ones by dotted path', async () => {
    const result = await validate({ ref: 'e1', button: 'middle', modifiers: { shift: 'yes' } });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain('button: ');
      expect(result.message).toContain('modifiers.shift: ');
      expect(result.message).not.toContain('ref: ');
    }
  });

  it('marks a problem with the whole input as (input)', async () => {
    const result = await validate('click e12');
    expect(!result.ok && result.message).toMatch(/Invalid input for browser_click: \(input\): /);
  });

  it('refuses unparsable JSON without running the schema', async () => {
    expect(await validate('{"ref": "e1"', clickSchema, true)).toEqual({
      ok: false,
      message:
        "Invalid input for browser_click: the arguments are not valid JSON. Send a JSON object that matches the tool's schema.",
    });
  });

  describe('with a plain JSON schema, as @ai-sdk/mcp gives every MCP tool', () => {
    const schema = jsonSchema<{ path: string }>({
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
      additionalProperties: false,
    });

    it('passes valid input through', async () => {
      expect(await validate({ path: '/tmp/a.txt' }, schema)).toEqual({ ok: true, value: { path: '/tmp/a.txt' } });
    });

    it('refuses input that breaks the schema, naming the field', async () => {
      const result = await validate({ path: 5 }, schema);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toMatch(/path/);
    });
  });

  it('gives tool_search a wrong-type error naming query or limit (C12)', async () => {
    const badQuery = await validateToolInput({ toolName: 'tool_search', input: { query: 7 }, schema: toolSearchInputSchema, unparsable: false });
    expect(!badQuery.ok && badQuery.message).toMatch(/^Invalid input for tool_search: query: .*expected string/);
    const badLimit = await validateToolInput({
      toolName: 'tool_search',
      input: { query: 'click', limit: 'five' },
      schema: toolSearchInputSchema,
      unparsable: false,
    });
    expect(!badLimit.ok && badLimit.message).toMatch(/limit: .*expected number/);
  });
});
