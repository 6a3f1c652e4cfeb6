import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, tool, type ModelMessage, type ToolSet } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolSearchRuntime, ReservedToolNameError, TOOL_SEARCH_NAME } from '../../src/index.js';
import { TOOL_SEARCH_WIRE_ALIAS, toolSearchWireNames } from '../../src/tool-search/tool-search-wire-names.js';
import { sampleTools } from '../helpers/sample-tools.js';

const openai = createOpenAI({ apiKey: 'test-key' });
const anthropic = createAnthropic({ apiKey: 'test-key' });
const schema = jsonSchema({ type: 'object', properties: {} });

afterEach(() => {
  globalThis.AI_SDK_DEFAULT_PROVIDER = undefined;
});

describe('toolSearchWireNames: which wire a model is', () => {
  it('aliases on the providers that report the OpenAI Responses API, and nowhere else', () => {
    expect(openai('gpt-5').provider).toBe('openai.responses');
    expect(openai.responses('gpt-5').provider).toBe('openai.responses');
    expect(openai.chat('gpt-5').provider).toBe('openai.chat');
    expect(anthropic('claude-sonnet-4-5').provider).toBe('anthropic.messages');

    expect(toolSearchWireNames(openai('gpt-5')).aliased).toBe(true);
    expect(toolSearchWireNames(openai.responses('gpt-5')).aliased).toBe(true);
    expect(toolSearchWireNames(createOpenAI({ apiKey: 'k', name: 'my-proxy' }).responses('gpt-5')).aliased).toBe(true);
    expect(toolSearchWireNames(openai.chat('gpt-5')).aliased).toBe(false);
    expect(toolSearchWireNames(anthropic('claude-sonnet-4-5')).aliased).toBe(false);
    expect(toolSearchWireNames(new MockLanguageModelV4()).aliased).toBe(false);
  });

  it('resolves a string id through the global provider when one is set, else leaves it to the gateway', () => {
    const none = toolSearchWireNames('openai/gpt-5');
    expect(none).toMatchObject({ model: 'openai/gpt-5', aliased: false });

    globalThis.AI_SDK_DEFAULT_PROVIDER = openai;
    const resolved = toolSearchWireNames('gpt-5');
    expect(resolved.aliased).toBe(true);
    expect(resolved.model).toMatchObject({ provider: 'openai.responses', modelId: 'gpt-5' });
  });
});

describe('toolSearchWireNames: the mapping', () => {
  const responses = toolSearchWireNames(openai('gpt-5'));
  const chat = toolSearchWireNames(openai.chat('gpt-5'));

  it(`maps tool_search to ${TOOL_SEARCH_WIRE_ALIAS} and back, and no other name`, () => {
    expect(TOOL_SEARCH_WIRE_ALIAS).toBe('turnscope_tool_search');
    expect(responses.toWire(TOOL_SEARCH_NAME)).toBe(TOOL_SEARCH_WIRE_ALIAS);
    expect(responses.fromWire(TOOL_SEARCH_WIRE_ALIAS)).toBe(TOOL_SEARCH_NAME);
    for (const name of ['Read', 'my_tool_search', 'tool_search_tool_regex', 'mcp__x__tool_search']) {
      expect(responses.toWire(name)).toBe(name);
      expect(responses.fromWire(name)).toBe(name);
    }
    // a model that calls the reserved name itself still reaches tool_search: the alias is never a bound name
    expect(responses.fromWire(TOOL_SEARCH_NAME)).toBe(TOOL_SEARCH_NAME);
    expect(chat.toWire(TOOL_SEARCH_NAME)).toBe(TOOL_SEARCH_NAME);
    expect(chat.fromWire(TOOL_SEARCH_WIRE_ALIAS)).toBe(TOOL_SEARCH_WIRE_ALIAS);
  });

  it('renames the tool_search definition in place, names the alias in its description, and gives one frozen tool set per binding', () => {
    const tools: ToolSet = {
      Read: tool({ description: 'Read a file; see tool_search', inputSchema: schema }),
      tool_search: tool({ description: 'Call tool_search, then the tool. Deferred: my_tool_search, tool_search_x', inputSchema: schema }),
      zeta: tool({ description: 'z', inputSchema: schema }),
    };
    const wire = responses.tools(tools);

    expect(Object.keys(wire)).toEqual(['Read', TOOL_SEARCH_WIRE_ALIAS, 'zeta']);
    expect(wire[TOOL_SEARCH_WIRE_ALIAS]!.description).toBe(`Call ${TOOL_SEARCH_WIRE_ALIAS}, then the tool. Deferred: my_tool_search, tool_search_x`);
    expect(wire[TOOL_SEARCH_WIRE_ALIAS]!.inputSchema).toBe(tools.tool_search!.inputSchema);
    expect(wire.Read).toBe(tools.Read);
    expect(Object.isFrozen(wire)).toBe(true);
    expect(responses.tools(tools)).toBe(wire);
    expect(toolSearchWireNames(openai.responses('other')).tools(tools)).toBe(wire);
    expect(Object.keys(tools)).toEqual(['Read', 'tool_search', 'zeta']);
    expect(chat.tools(tools)).toBe(tools);
  });

  it('renames tool_search in the tool-call and tool-result parts of a transcript, both ways, without touching the input', () => {
    const canonical: ModelMessage[] = [
      { role: 'user', content: 'use tool_search' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'searching with tool_search' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'tool_search', input: { query: 'x' } },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'Read', input: { path: '/a' } },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'tool_search', output: { type: 'json', value: { activated: [] } } },
          { type: 'tool-result', toolCallId: 'c2', toolName: 'Read', output: { type: 'text', value: 'a' } },
        ],
      },
    ];
    const before = JSON.stringify(canonical);
    const wire = responses.messagesToWire(canonical);

    expect(JSON.stringify(canonical)).toBe(before);
    expect(wire[0]).toBe(canonical[0]);
    const parts = wire.slice(1).flatMap((message) => message.content as { type: string; toolName?: string }[]);
    expect(parts.map((part) => part.toolName)).toEqual([undefined, TOOL_SEARCH_WIRE_ALIAS, 'Read', TOOL_SEARCH_WIRE_ALIAS, 'Read']);
    expect(JSON.stringify(responses.messagesFromWire(wire))).toBe(before);

    const withoutSearch = canonical.slice(0, 1);
    expect(responses.messagesToWire(withoutSearch)).toBe(withoutSearch);
    expect(chat.messagesToWire(canonical)).toBe(canonical);
  });
});

describe(`${TOOL_SEARCH_WIRE_ALIAS} is reserved`, () => {
  it('a bound tool named like the alias is a ReservedToolNameError at construction, with search on or off', () => {
    const { tools } = sampleTools();
    const colliding = { ...tools, [TOOL_SEARCH_WIRE_ALIAS]: tool({ description: 'my own search', inputSchema: schema }) };
    for (const availability of ['search', 'off'] as const) {
      let caught: unknown;
      try {
        createToolSearchRuntime({ tools: colliding, availability });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ReservedToolNameError);
      expect(caught).toMatchObject({ code: 'reserved-tool-name', toolName: TOOL_SEARCH_WIRE_ALIAS });
      expect((caught as Error).message).toContain('OpenAI Responses API');
    }
  });
});
