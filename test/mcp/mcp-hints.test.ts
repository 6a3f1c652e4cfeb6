import { fileURLToPath } from 'node:url';
import { jsonSchema, tool, type ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSearchRuntime, InvalidOptionError, UnboundToolError } from '../../src/index.js';
import { bindMcpTools, type BoundMcpTools } from '../../src/mcp/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

const fixture = fileURLToPath(new URL('./fixtures/hinted-server.mjs', import.meta.url));

async function firstSearch(runtime: ReturnType<typeof createToolSearchRuntime>, query: string) {
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query, limit: 1 } }] }, { text: 'done' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  return { activated: (result.steps[0]!.toolResults[0]!.output as { activated: string[] }).activated, scripted };
}

describe('tool hints from an MCP server (C26)', () => {
  let mcp: BoundMcpTools;
  beforeAll(async () => {
    mcp = await bindMcpTools({ servers: { desk: { command: process.execPath, args: [fixture] } } });
  });
  afterAll(async () => {
    await mcp.close();
  });

  it("makes a tool with _meta['anthropic/alwaysLoad'] direct and indexes _meta['anthropic/searchHint'] without showing it", async () => {
    const runtime = createToolSearchRuntime({ tools: mcp.tools, groups: mcp.groups, sources: mcp.sources });
    expect(runtime.catalog.direct).toEqual(['mcp__desk__open_ticket']);
    const { activated, scripted } = await firstSearch(runtime, 'zephyr');
    expect(activated).toEqual(['mcp__desk__close_ticket']);
    expect(scripted.requests[0]!.toolNames).toEqual(['mcp__desk__open_ticket', 'tool_search']);
    for (const request of scripted.requests) expect(JSON.stringify(request.tools)).not.toContain('zephyr');
  });

  it("gives the server's instructions as the group's one-line description", () => {
    expect(mcp.groupDescriptions).toEqual({ desk: 'Ticket desk: open, read and close support tickets.' });
    const runtime = createToolSearchRuntime({ tools: mcp.tools, groups: mcp.groups, inventory: { groupDescriptions: mcp.groupDescriptions } });
    expect(runtime.inventory).toBe('desk — Ticket desk: open, read and close support tickets.:\n- mcp__desk__close_ticket\n- mcp__desk__read_ticket\n');
  });

  it('lets an explicit direct list and the hints option win over _meta', () => {
    expect(createToolSearchRuntime({ tools: mcp.tools, direct: [] }).catalog.direct).toEqual([]);
    expect(createToolSearchRuntime({ tools: mcp.tools, hints: { mcp__desk__open_ticket: { alwaysLoad: false } } }).catalog.direct).toEqual([]);
  });
});

describe('options.hints for any AI SDK tool (C26)', () => {
  const tools = {
    Read: tool({ description: 'Read a file', inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'ok' }),
    pay_invoice: tool({ description: 'Pay an invoice', inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'ok' }),
    refund_order: tool({ description: 'Refund an order', inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'ok' }),
    ship_order: tool({ description: 'Ship an order', inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'ok' }),
  };

  it('alwaysLoad adds a tool after the baseline; searchText is found and never shown', async () => {
    const runtime = createToolSearchRuntime({ tools, hints: { ship_order: { alwaysLoad: true }, refund_order: { searchText: 'chargeback   money back' } } });
    expect(runtime.catalog.direct).toEqual(['Read', 'ship_order']);
    const { activated, scripted } = await firstSearch(runtime, 'chargeback');
    expect(activated).toEqual(['refund_order']);
    for (const request of scripted.requests) expect(JSON.stringify(request.tools)).not.toContain('chargeback');
  });

  it('an explicit direct list is exact', () => {
    expect(createToolSearchRuntime({ tools, direct: ['pay_invoice'], hints: { ship_order: { alwaysLoad: true } } }).catalog.direct).toEqual(['pay_invoice']);
  });

  it('takes hints for tools named __proto__ and constructor, and ignores a _meta that is not an object', async () => {
    const hostile: Record<string, unknown> = { ...tools };
    const own = (name: string, value: unknown) => Object.defineProperty(hostile, name, { value, enumerable: true, writable: true, configurable: true });
    own('__proto__', tool({ description: 'Prototype tool', inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'ok' }));
    own('constructor', { ...tool({ description: 'Constructor tool', inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'ok' }), _meta: 'anthropic/alwaysLoad' });
    const hints = JSON.parse('{"__proto__": {"alwaysLoad": true}, "constructor": {"searchText": "quokka"}}') as Record<string, { alwaysLoad?: boolean; searchText?: string }>;
    const runtime = createToolSearchRuntime({ tools: hostile as ToolSet, hints });
    expect(runtime.catalog.direct).toEqual(['Read', '__proto__']);
    expect((await firstSearch(runtime, 'quokka')).activated).toEqual(['constructor']);
  });

  it('rejects hints for a tool that is not bound, or of the wrong shape', () => {
    expect(() => createToolSearchRuntime({ tools, hints: { nope: { alwaysLoad: true } } })).toThrow(UnboundToolError);
    expect(() => createToolSearchRuntime({ tools, hints: { ship_order: { alwaysLoad: 'yes' as never } } })).toThrow(/hints\.ship_order\.alwaysLoad/);
    expect(() => createToolSearchRuntime({ tools, hints: { ship_order: { searchHint: 'x' } as never } })).toThrow(InvalidOptionError);
    expect(() => createToolSearchRuntime({ tools, hints: [] as never })).toThrow(InvalidOptionError);
  });
});

