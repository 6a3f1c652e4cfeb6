import { jsonSchema, tool, type Tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

// C26 against C23/S15: a server that marks every tool `_meta['anthropic/alwaysLoad']` cannot
// put them all on every request; the caller's `hints` and `direct` still decide without a cap.

const MAX_META_CHARS = 16_000;

function marked(size: number, meta: unknown = { 'anthropic/alwaysLoad': true }): ToolSet {
  const tools: ToolSet = {};
  for (let index = 0; index < size; index += 1) {
    const name = `mcp__srv__tool_${String(index).padStart(5, '0')}`;
    tools[name] = { ...tool({ description: `Tool number ${index} of the server.`, inputSchema: jsonSchema({ type: 'object', properties: { id: { type: 'string' } } }), execute: async () => 'ok' }), _meta: meta } as unknown as Tool;
  }
  return tools;
}

async function stepZero(runtime: ReturnType<typeof createToolSearchRuntime>) {
  const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
  await runtime.send({ model: scripted.model, prompt: 'hi' }).result;
  return scripted.requests[0]!;
}

describe('alwaysLoad from _meta has a budget (C26, C23)', () => {
  it('makes 10,000 _meta-marked tools direct only in name order up to 16,000 definition characters; step 0 stays bounded and the rest are found by search', async () => {
    const runtime = createToolSearchRuntime({ tools: marked(10_000) });
    const { direct, deferred } = runtime.catalog;
    const directChars = direct.reduce((sum, name) => sum + runtime.catalog.get(name)!.schemaChars, 0);
    expect(direct.length).toBeGreaterThan(10);
    expect(direct).toEqual([...direct].sort());
    expect(direct[0]).toBe('mcp__srv__tool_00000');
    expect(directChars).toBeLessThanOrEqual(MAX_META_CHARS);
    // the next tool in name order would pass the budget
    expect(directChars + runtime.catalog.get(deferred[0]!)!.schemaChars).toBeGreaterThan(MAX_META_CHARS);
    expect(deferred.length).toBe(10_000 - direct.length);

    const request = await stepZero(runtime);
    expect(request.toolNames).toEqual([...direct, 'tool_search']);
    expect(JSON.stringify(request.tools).length).toBeLessThan(MAX_META_CHARS + 8_000 + 2_000);

    const last = deferred.at(-1)!;
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: last } }] }, { toolCalls: [{ toolName: last, input: { id: 'a' } }] }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    expect(result.steps[1]!.toolResults[0]).toMatchObject({ toolName: last, outcome: 'ok' });
  });

  it('the same bound set gives the same direct tools in any key order', () => {
    const tools = marked(2_000);
    const reversed = Object.fromEntries(Object.entries(tools).reverse());
    expect(createToolSearchRuntime({ tools: reversed }).catalog.direct).toEqual(createToolSearchRuntime({ tools }).catalog.direct);
  });

  it('does not cap the caller: hints.alwaysLoad and an explicit direct list make every tool they name direct', () => {
    const tools = marked(300, undefined);
    const names = Object.keys(tools);
    const hinted = createToolSearchRuntime({ tools, hints: Object.fromEntries(names.map((name) => [name, { alwaysLoad: true }])) });
    expect(hinted.catalog.direct).toHaveLength(300);
    expect(createToolSearchRuntime({ tools: marked(300), direct: names }).catalog.direct).toHaveLength(300);
    // hints and _meta together: the hinted ones are not counted against the _meta budget
    const mixed = createToolSearchRuntime({ tools: marked(1_000), hints: Object.fromEntries(names.slice(0, 300).map((name) => [name, { alwaysLoad: true }])) });
    const metaDirect = mixed.catalog.direct.filter((name) => !names.slice(0, 300).includes(name));
    expect(mixed.catalog.direct.slice(0, 300)).toEqual(names.slice(0, 300));
    expect(metaDirect.reduce((sum, name) => sum + mixed.catalog.get(name)!.schemaChars, 0)).toBeLessThanOrEqual(MAX_META_CHARS);
    expect(metaDirect.length).toBeGreaterThan(10);
  });
});
