import { jsonSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

// C12: search.maxQueryChars bounds what the ranker is given (an embedding call, a search service);
// NFKC, which tool_search reads a query in, expands some characters (U+FDFA is 18 characters)
const shared = tool({ description: 'Read a file', inputSchema: jsonSchema({ type: 'object', properties: {} }), execute: async () => 'ok' });
const tools: ToolSet = { read_file: shared, write_file: shared };

async function searchOnce(query: string, maxQueryChars = 100) {
  const given: string[] = [];
  const runtime = createToolSearchRuntime({
    tools,
    search: { maxQueryChars },
    ranker: () => ({ name: 'recording', rank: (text: string) => (given.push(text), [{ name: 'read_file', score: 1 }]) }),
  });
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  return { output: result.steps[0]!.toolResults[0]!.output, given, nextTools: scripted.requests[1]!.toolNames };
}

describe('a query longer than search.maxQueryChars only once read in NFKC is a tool error (C12)', () => {
  it('10 written characters that read as 180 are refused with both lengths, and the ranker is not called', async () => {
    const { output, given, nextTools } = await searchOnce('\uFDFA'.repeat(10));
    expect(output).toBe(
      'tool_search query is 10 characters as written and 180 once its compatibility characters are expanded (NFKC, as tool_search reads a query); the maximum is 100. Use a few words about the task instead.',
    );
    expect(given).toEqual([]);
    expect(nextTools).not.toContain('read_file');
  });

  it('a select: that grows past the maximum is told to split, and a query that stays within it is ranked as read', async () => {
    expect((await searchOnce(`select:read_file,${'\uFDFA'.repeat(6)}`)).output).toMatch(/^tool_search query is 23 characters as written and 125 once .*Split the names into several select: searches of at most 100 characters each; nothing was loaded\.$/);
    const within = await searchOnce('\uFDFA'.repeat(5));
    expect(within.given).toEqual(['صلى الله عليه وسلم'.repeat(5)]);
  });
});
