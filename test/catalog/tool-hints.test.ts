import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, tool, type Tool, type ToolSet } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolSearchRuntime, InvalidOptionError } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';
import type { FakeProviderServer } from '../helpers/fake-provider-server.js';

// C26 with hints in shapes no server should send: only `_meta['anthropic/alwaysLoad'] === true`
// and a string `_meta['anthropic/searchHint']`, as own keys, count; the rest is ignored, and a
// `_meta` that cannot be read is a configuration error named by the tool.

const servers: FakeProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function hinted(_meta: unknown, description = 'Ship an order to its customer'): Tool {
  return { ...tool({ description, inputSchema: jsonSchema({ type: 'object', properties: { id: { type: 'string' } } }), execute: async () => 'shipped' }), _meta } as unknown as Tool;
}

const plain = () => hinted(undefined, 'List the open invoices');

describe('tool hints in odd shapes (C26)', () => {
  it('counts only an own alwaysLoad of exactly true: strings, numbers, nested, inherited and array shapes stay deferred', () => {
    const odd: Record<string, unknown> = {
      as_string: { 'anthropic/alwaysLoad': 'true' },
      as_number: { 'anthropic/alwaysLoad': 1 },
      as_object: { 'anthropic/alwaysLoad': { value: true } },
      nested: { anthropic: { alwaysLoad: true } },
      inherited: Object.create({ 'anthropic/alwaysLoad': true }),
      as_array: [true],
      as_null: null,
      as_string_meta: 'anthropic/alwaysLoad',
      proto_key: JSON.parse('{"__proto__": {"anthropic/alwaysLoad": true}}'),
      yes: { 'anthropic/alwaysLoad': true },
    };
    const tools: ToolSet = Object.fromEntries(Object.entries(odd).map(([name, meta]) => [name, hinted(meta)]));
    const runtime = createToolSearchRuntime({ tools });
    expect(runtime.catalog.direct).toEqual(['yes']);
    expect(runtime.catalog.deferred).toEqual(Object.keys(odd).filter((name) => name !== 'yes').sort());
  });

  it('indexes only a string search hint, whitespace collapsed and cut to 1,000 characters', async () => {
    const tools: ToolSet = {
      not_string: hinted({ 'anthropic/searchHint': ['zebracorn'] }),
      blank: hinted({ 'anthropic/searchHint': '   \n\t ' }),
      long_hint: hinted({ 'anthropic/searchHint': `${'filler '.repeat(140)}quokkaword ${'pad '.repeat(200)}wombatword` }),
      list_invoices: plain(),
    };
    const runtime = createToolSearchRuntime({ tools });
    const search = async (query: string) => {
      const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }] });
      const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
      return (result.steps[0]!.toolResults[0]!.output as { activated: string[] }).activated;
    };
    expect(await search('zebracorn')).toEqual([]);
    // "quokkaword" starts at character 980 of the collapsed hint, "wombatword" at 1,790
    expect(await search('quokkaword')).toEqual(['long_hint']);
    expect(await search('wombatword')).toEqual([]);
  });

  it('never cuts a search hint inside an emoji: the ranker (an embedding call) gets well-formed text', () => {
    const documents: { name: string; description: string }[] = [];
    const ranker = (given: readonly { name: string; description: string }[]) => {
      documents.push(...given);
      return { name: 'capture', rank: () => [] };
    };
    // the 1,000-character cut falls between the two halves of the emoji
    const hint = `${'a'.repeat(999)}🙂 more`;
    createToolSearchRuntime({ tools: { meta_hint: hinted({ 'anthropic/searchHint': hint }), option_hint: plain() }, hints: { option_hint: { searchText: hint } }, ranker });
    for (const name of ['meta_hint', 'option_hint']) {
      const description = documents.find((document) => document.name === name)!.description;
      expect(description.endsWith(`\n${'a'.repeat(999)}`)).toBe(true);
      expect(description).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
  });

  it('a _meta whose getter or Proxy trap throws is an InvalidOptionError naming tools.NAME._meta', () => {
    const throwingGetter = hinted(undefined);
    Object.defineProperty(throwingGetter, '_meta', {
      get() {
        throw new Error('meta getter refuses');
      },
    });
    const trap = () => {
      throw new Error('trap');
    };
    const cases: Record<string, Tool> = {
      getter: throwingGetter,
      key_getter: hinted({
        get 'anthropic/alwaysLoad'() {
          throw new Error('key getter refuses');
        },
      }),
      proxy: hinted(new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap })),
    };
    for (const [name, broken] of Object.entries(cases)) {
      const build = () => createToolSearchRuntime({ tools: { [name]: broken, list_invoices: plain() } });
      expect(build).toThrow(InvalidOptionError);
      expect(build).toThrow(new RegExp(`tools\\.${name}\\._meta`));
    }
  });

  it('names the hint key a misspelled one most likely means, searchHint (the _meta word) as searchText', () => {
    const tools: ToolSet = { ship_order: hinted(undefined), list_invoices: plain() };
    const message = (hint: object) => {
      try {
        createToolSearchRuntime({ tools, hints: { ship_order: hint as never } });
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    };
    expect(message({ alwaysload: true })).toBe('Option `hints.ship_order.alwaysload` is true; expected `hints.ship_order.alwaysLoad` (unknown key; a typo?).');
    expect(message({ searchHint: 'parcel' })).toBe('Option `hints.ship_order.searchHint` is "parcel"; expected `hints.ship_order.searchText` (unknown key; a typo?).');
    expect(message({ direct: true })).toBe('Option `hints.ship_order.direct` is true; expected no other key than alwaysLoad and searchText.');
  });

  it('an explicit direct list wins both ways, and the hints option wins over _meta field by field', () => {
    const tools: ToolSet = {
      wants_load: hinted({ 'anthropic/alwaysLoad': true, 'anthropic/searchHint': 'parcel' }),
      plain_one: plain(),
    };
    expect(createToolSearchRuntime({ tools }).catalog.direct).toEqual(['wants_load']);
    const explicit = createToolSearchRuntime({ tools, direct: ['plain_one'] });
    expect(explicit.catalog.direct).toEqual(['plain_one']);
    expect(explicit.catalog.deferred).toEqual(['wants_load']);
    // hints.alwaysLoad false overrides _meta; its searchText is kept from _meta
    const overridden = createToolSearchRuntime({ tools, hints: { wants_load: { alwaysLoad: false } } });
    expect(overridden.catalog.direct).toEqual([]);
    expect(overridden.catalog.get('wants_load')?.searchText).toBe('parcel');
    // availability off: every tool is direct, hints or not
    expect(createToolSearchRuntime({ tools, availability: 'off', hints: { plain_one: { alwaysLoad: false } } }).catalog.direct).toEqual(['plain_one', 'wants_load']);
  });

  it('a search-hint tool is found by its hint and the hint never reaches the provider: the real @ai-sdk/openai requests of the turn do not carry it', async () => {
    const tools: ToolSet = {
      ship_order: hinted({ 'anthropic/searchHint': 'dispatch parcel courier xylophonic' }),
      list_invoices: plain(),
    };
    const runtime = createToolSearchRuntime({ tools });
    expect(runtime.inventory).not.toContain('xylophonic');
    const server = await startFakeOpenAIServer([
      { toolCalls: [{ name: 'tool_search', arguments: JSON.stringify({ query: 'parcel courier' }) }] },
      { toolCalls: [{ name: 'ship_order', arguments: JSON.stringify({ id: 'o-1' }) }] },
      { text: 'Shipped.' },
    ]);
    servers.push(server);
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });
    const result = await runtime.send({ model: openai.chat('fake-model'), prompt: 'send order o-1 out' }).result;
    expect(result.status).toBe('completed');
    expect(result.activated).toEqual(['ship_order']);
    expect(server.rawBodies).toHaveLength(3);
    for (const body of server.rawBodies) expect(body).not.toContain('xylophonic');
    expect(server.rawBodies[1]).toContain('"name":"ship_order"');
    expect(result.text).toBe('Shipped.');
  });
});
