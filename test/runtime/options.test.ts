import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, InvalidOptionError, UnboundToolError } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

describe('options.availability', () => {
  it("C6: 'off' binds every tool directly and offers no tool_search", async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, availability: 'off' });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'slack_post_message', input: { channel: '#a', text: 'hi' } }, { toolName: 'tool_search', input: { query: 'x' } }] }, { text: 'ok' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    expect(runtime.offersToolSearch).toBe(false);
    expect(runtime.inventory).toBe('');
    expect([...scripted.requests[0]!.toolNames].sort()).toEqual(Object.keys(tools).sort());
    expect(scripted.requests[0]!.toolNames).not.toContain('tool_search');
    expect(result.steps[0]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['ok', 'rejected-unknown']);
  });

  it('C3: with no deferred tool, tool_search is not offered', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools: { Read: tools.Read!, Bash: tools.Bash! } });
    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read']);
  });
});

describe('send(input)', () => {
  it('S12, C18: earlier tool_search and load_tools calls in the transcript activate nothing', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const history: ModelMessage[] = [
      { role: 'user', content: 'file an issue' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'old-1', toolName: 'tool_search', input: { query: 'github' } },
          { type: 'tool-call', toolCallId: 'old-2', toolName: 'load_tools', input: { names: ['browser_click'] } },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'old-1', toolName: 'tool_search', output: { type: 'json', value: { activated: ['github_create_issue'] } } },
          { type: 'tool-result', toolCallId: 'old-2', toolName: 'load_tools', output: { type: 'json', value: { loaded: ['browser_click'] } } },
        ],
      },
      { role: 'assistant', content: 'Filed.' },
      { role: 'user', content: 'and another one' },
    ];
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'again' } }] }, { text: 'need search' }],
    });
    const result = await runtime.send({ model: scripted.model, messages: history }).result;

    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
    expect(result.steps[0]!.toolResults[0]!.outcome).toBe('rejected-hidden');
    expect(result.activated).toEqual([]);
    expect(JSON.stringify(scripted.requests[0]!.prompt)).toContain('old-1');
  });

  it('R: required tools are visible from step 0 without being activations', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go', requiredTools: ['slack_post_message'] }).result;

    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'slack_post_message', 'tool_search']);
    expect(result.activated).toEqual([]);
  });

  it('throws a typed error, before anything runs, for unbound required tools and for prompt with messages', () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const { model } = createScriptedModel({ steps: [] });

    expect(() => runtime.send({ model, prompt: 'x', requiredTools: ['nope'] })).toThrow(UnboundToolError);
    expect(() => runtime.send({ model, prompt: 'x', messages: [] })).toThrow(/either `prompt` or `messages`/);
    expect(() => runtime.send({ model, prompt: 'x', requiredTools: ['nope'] })).toThrow(/`requiredTools` names "nope"/);
  });

  it('inspect receives the turn actor\'s inspection events', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    const types = new Set<string>();
    await runtime.send({ model: scripted.model, prompt: 'go', inspect: (event) => types.add(event.type) }).result;

    expect(types).toContain('@xstate.snapshot');
    expect(types).toContain('@xstate.event');
  });
});

describe('createToolSearchRuntime(options)', () => {
  it('rejects out-of-range numbers with the option name', () => {
    const { tools } = sampleTools();
    expect(() => createToolSearchRuntime({ tools, maxSteps: 0 })).toThrow(InvalidOptionError);
    expect(() => createToolSearchRuntime({ tools, maxSteps: 0 })).toThrow('Option `maxSteps` is 0; expected a whole number ≥ 1.');
    expect(() => createToolSearchRuntime({ tools, search: { defaultLimit: 30 } })).toThrow(/search.defaultLimit/);
    expect(() => createToolSearchRuntime({ tools, retry: { initialDelayMs: -5 } })).toThrow(/retry.initialDelayMs/);
  });

  it('tool_search tells the model the configured default and maximum limit', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, search: { defaultLimit: 2, maxLimit: 3 } });
    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    const definition = scripted.requests[0]!.tools.find((tool) => tool.name === 'tool_search')!;
    expect(definition.description).toContain('Loads 2 tools by default; pass limit (at most 3) for more.');
    expect(definition.inputSchema).toMatchObject({ properties: { limit: { description: 'How many tools to load at most. Default 2, maximum 3.' } } });
  });

  it('exposes the effective search limits of C10', () => {
    const { tools } = sampleTools();
    expect(createToolSearchRuntime({ tools }).search).toEqual({
      defaultLimit: 5,
      maxLimit: 20,
      maxSchemaChars: 65_536,
      maxQueryChars: 2_000,
      relevanceFloor: 0.62,
      relevanceFloorSlope: 0.175,
      relevanceFloorNameWeight: 0.8,
      mode: 'load',
    });
  });
});
