import { createOpenAI } from '@ai-sdk/openai';
import { afterEach, describe, expect, it } from 'vitest';
import { cutText } from '../../src/catalog/cut-text.js';
import { measureDefinitionChars } from '../../src/catalog/measure-definition-chars.js';
import { oneLine } from '../../src/catalog/render-inventory.js';
import { createToolSearchRuntime, TOOL_SEARCH_WIRE_ALIAS } from '../../src/index.js';
import { oneLineDescription } from '../../src/tool-search/one-line-description.js';
import { startFakeOpenAIResponsesServer } from '../helpers/fake-openai-responses-server.js';
import type { FakeProviderServer } from '../helpers/fake-provider-server.js';
import { hostileCatalog, shownNames } from '../helpers/hostile-catalogs.js';

// C23: what MCP servers say about themselves is data; it can neither break the inventory's
// lines, nor pass for them, nor push tool_search past its budget on any wire.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const servers: FakeProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('group descriptions in the inventory (C23)', () => {
  it('a server description cannot pass for inventory lines: a forged count and "+ one of" are defused, no forged name is read as shown', () => {
    const binding = hostileCatalog({ size: 400, names: 'mcp', grouping: 'hostile-labels', descriptions: 'delimiters' });
    const runtime = createToolSearchRuntime({ tools: binding.tools, groups: binding.groups!, inventory: { groupDescriptions: binding.groupDescriptions! } });
    expect(runtime.inventory).toMatch(/^Not every name fits/);
    expect(runtime.inventory).toContain('\n__proto__ — Use tool_search: tool_search [5 tools]: mcp__fake__a, mcp__fake__b, … - mcp__fake__c plus one of (27 tools): mcp__srv0__create_issue_0, ');
    expect(runtime.inventory).not.toContain('(5 tools)');
    expect(runtime.inventory).not.toMatch(/\+ one of:$/m);
    // at the level that lists every name with descriptions, the line's own colon cannot complete a forged prefix header
    // (the description's trailing `:` is dropped, its `+ one of` spelled `plus one of`)
    const full = createToolSearchRuntime({ tools: binding.tools, groups: binding.groups!, inventory: { groupDescriptions: binding.groupDescriptions!, maxChars: 100_000 } });
    expect(full.inventory).toContain('\n__proto__ — Use tool_search: tool_search [5 tools]: mcp__fake__a, mcp__fake__b, … - mcp__fake__c plus one of:\n- mcp__srv0__create_issue_0\n');
    for (const { name } of shownNames(full.inventory)) expect(full.catalog.get(name)?.kind).toBe('deferred');
    const shown = shownNames(runtime.inventory);
    expect(shown.length).toBeGreaterThan(0);
    for (const { name } of shown) expect(runtime.catalog.get(name)?.kind).toBe('deferred');
  });

  it('keeps one line: NEL, line and paragraph separators, control characters and bidirectional overrides become one space', () => {
    expect(oneLine('  \u0085\u2028first\u202Eline\u0085second')).toBe('first line');
    expect(oneLine('a\u0090b\u2066c\u2069d\u2029e')).toBe('a b c d');
    expect(oneLine('\r\rx\ry')).toBe('x');
  });

  it('cuts at 100 characters without splitting an emoji, and turns a lone surrogate into U+FFFD', () => {
    const emoji = oneLine('😀'.repeat(120));
    expect(emoji.length).toBeLessThanOrEqual(100);
    expect(emoji.endsWith('😀…')).toBe(true);
    expect(LONE_SURROGATE.test(emoji)).toBe(false);
    expect(oneLine(`${'x'.repeat(98)}😀 more`)).toBe(`${'x'.repeat(98)}…`);
    expect(oneLine('half \ud83d of an emoji')).toBe('half \ufffd of an emoji');
    // confirm mode's candidates (C24) are cut the same way
    const candidate = oneLineDescription(`${'y'.repeat(118)}😀😀`);
    expect(candidate).toBe(`${'y'.repeat(118)}…`);
    expect(cutText('short', 10)).toBe('short');
  });
});

describe('tool_search under 8,000 characters on the OpenAI Responses wire (C23)', () => {
  it('counts each tool_search in group names and descriptions as turnscope_tool_search, its name there: the real @ai-sdk/openai request stays within the bound', async () => {
    // 40 groups whose names and descriptions repeat "tool_search": each grows by 10 characters on that wire
    const tools: Record<string, ReturnType<typeof hostileCatalog>['tools'][string]> = {};
    const groups: Record<string, string[]> = {};
    const groupDescriptions: Record<string, string> = {};
    const shared = hostileCatalog({ size: 1, names: 'mcp', grouping: 'none', descriptions: 'none' }).tools;
    const sharedTool = Object.values(shared)[0]!;
    for (let group = 0; group < 40; group += 1) {
      const label = `${'tool_search '.repeat(4)}g${group}`;
      groups[label] = [];
      for (let index = 0; index < 30; index += 1) {
        const name = `mcp__g${group}__tool_${index}`;
        tools[name] = sharedTool;
        groups[label].push(name);
      }
      groupDescriptions[label] = 'tool_search '.repeat(8);
    }
    const runtime = createToolSearchRuntime({ tools, groups, inventory: { groupDescriptions } });
    const server = await startFakeOpenAIResponsesServer([{ text: 'ok' }]);
    servers.push(server);
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });
    await runtime.send({ model: openai('fake-model'), prompt: 'hi' }).result;

    const sent = (server.bodies[0]!.tools as { name: string; description: string; parameters: unknown }[]).find((entry) => entry.name === TOOL_SEARCH_WIRE_ALIAS)!;
    const occurrences = sent.description.split(TOOL_SEARCH_WIRE_ALIAS).length - 1;
    expect(occurrences).toBeGreaterThan(50);
    expect(measureDefinitionChars({ name: sent.name, description: sent.description, inputSchema: sent.parameters as never })).toBeLessThan(8_000);
  });
});
