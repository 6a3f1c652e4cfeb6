import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { Output } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, InvalidOptionError, UnboundToolError } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { startFakeAnthropicServer } from '../helpers/fake-anthropic-server.js';
import { startFakeOpenAIResponsesServer } from '../helpers/fake-openai-responses-server.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';
import { sampleTools } from '../helpers/sample-tools.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const runtimeDefaults = {
  temperature: 0.2,
  topP: 0.9,
  maxOutputTokens: 300,
  seed: 7,
  stopSequences: ['STOP'],
  presencePenalty: 0.1,
  frequencyPenalty: 0.3,
  headers: { 'x-team': 'search', 'x-trace': 'runtime' },
};

describe('AI SDK settings on the wire: a runtime default, overridden per send()', () => {
  it('OpenAI Chat: call settings, headers, providerOptions and toolChoice reach every request body; the send wins', async () => {
    const server = await startFakeOpenAIServer([{ toolCalls: [{ name: 'tool_search', arguments: '{"query":"github issue"}' }] }, { toolCalls: [{ name: 'Read', arguments: '{"path":"a.txt"}' }] }]);
    close = server.close;
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, ...runtimeDefaults, providerOptions: { openai: { user: 'runtime-user' } } });
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });

    const first = await runtime.send({ model: openai.chat('fake-model'), prompt: 'find the github tool', temperature: 0.7, headers: { 'x-trace': 'send' }, toolChoice: 'required', maxSteps: 1 }).result;
    // 'required' holds on every step, as in streamText: this turn ends by maxSteps
    expect(first).toMatchObject({ status: 'completed', reason: 'max-steps' });
    for (const body of server.bodies.slice(0, 1)) {
      expect(body).toMatchObject({ temperature: 0.7, top_p: 0.9, max_tokens: 300, seed: 7, stop: ['STOP'], presence_penalty: 0.1, frequency_penalty: 0.3, user: 'runtime-user', tool_choice: 'required' });
    }
    expect(server.headers[0]).toMatchObject({ 'x-team': 'search', 'x-trace': 'send' });

    await runtime.send({ model: openai.chat('fake-model'), prompt: 'hi', maxSteps: 1, providerOptions: { openai: { user: 'send-user' } }, toolChoice: { type: 'tool', toolName: 'Read' } }).result;
    expect(server.bodies[1]).toMatchObject({ temperature: 0.2, user: 'send-user', tool_choice: { type: 'function', function: { name: 'Read' } } });
    expect(server.headers[1]).toMatchObject({ 'x-trace': 'runtime' });
  });

  it('OpenAI Responses: settings and reasoning effort through providerOptions reach the body', async () => {
    const server = await startFakeOpenAIResponsesServer([{ text: 'ok' }, { text: 'ok' }]);
    close = server.close;
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, temperature: 0.4, maxOutputTokens: 500 });
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });

    const result = await runtime.send({ model: openai.responses('fake-model'), prompt: 'hi', topP: 0.5, headers: { 'x-request': 'r1' } }).result;
    expect(result.error).toBeUndefined();
    expect(server.bodies[0]).toMatchObject({ temperature: 0.4, top_p: 0.5, max_output_tokens: 500 });
    expect(server.headers[0]).toMatchObject({ 'x-request': 'r1' });
    // a reasoning model: the provider sends the effort (and drops temperature, which such models refuse)
    await runtime.send({ model: openai.responses('gpt-5'), prompt: 'think', providerOptions: { openai: { reasoningEffort: 'low' } } }).result;
    expect(server.bodies[1]).toMatchObject({ model: 'gpt-5', max_output_tokens: 500, reasoning: { effort: 'low' } });
  });

  it('Anthropic Messages: topK, stopSequences, thinking budget and toolChoice reach the body', async () => {
    const server = await startFakeAnthropicServer([{ text: 'ok' }, { text: 'ok' }]);
    close = server.close;
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, topK: 40, maxOutputTokens: 4_000 });
    const anthropic = createAnthropic({ baseURL: server.baseURL, apiKey: 'test-key' });

    const result = await runtime.send({ model: anthropic('claude-sonnet-4-5'), prompt: 'hi', stopSequences: ['END'], toolChoice: 'auto', headers: { 'x-request': 'a1' } }).result;
    expect(result.error).toBeUndefined();
    expect(server.bodies[0]).toMatchObject({ top_k: 40, max_tokens: 4_000, stop_sequences: ['END'], tool_choice: { type: 'auto' } });
    expect(server.headers[0]).toMatchObject({ 'x-request': 'a1' });
    // a thinking budget through providerOptions (the provider then drops topK, which thinking refuses)
    await runtime.send({ model: anthropic('claude-sonnet-4-5'), prompt: 'think', providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 2_000 } } } }).result;
    expect(server.bodies[1]).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2_000 } });
  });

  it('per-send maxSteps wins over the runtime default', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, maxSteps: 5 });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'github' } }] }, { toolCalls: [{ toolName: 'tool_search', input: { query: 'slack' } }] }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go', maxSteps: 1 }).result;
    expect(result).toMatchObject({ status: 'completed', reason: 'max-steps' });
    expect(scripted.requests).toHaveLength(1);
  });
});

describe('output: a structured final answer', () => {
  it('OpenAI Chat: the response format goes with every step and the last step\'s text is parsed into result.output', async () => {
    const server = await startFakeOpenAIServer([{ toolCalls: [{ name: 'tool_search', arguments: '{"query":"github issue"}' }] }, { text: '{"issue":42,"repo":"a/b"}' }]);
    close = server.close;
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });
    const output = Output.object({ schema: z.object({ issue: z.number(), repo: z.string() }) });

    const result = await runtime.send({ model: openai.chat('fake-model'), prompt: 'file it', output }).result;
    expect(result).toMatchObject({ status: 'completed', output: { issue: 42, repo: 'a/b' } });
    expect(result.outputError).toBeUndefined();
    for (const body of server.bodies) expect(body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { schema: { required: ['issue', 'repo'] } } } });
  });

  it('a final text that does not match the schema leaves the turn completed with outputError, never a rejection', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, output: Output.object({ schema: z.object({ issue: z.number() }) }) });
    const result = await runtime.send({ model: createScriptedModel({ steps: [{ text: '{"issue":"forty-two"}' }] }).model, prompt: 'go' }).result;
    expect(result.status).toBe('completed');
    expect(result.output).toBeUndefined();
    expect(result.outputError?.name).toBe('AI_NoObjectGeneratedError');
  });
});

describe('toolChoice naming a tool: it must be visible on the step', () => {
  it('a deferred tool not yet visible fails the turn before the request, naming the tool and the visible set', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const scripted = createScriptedModel({ steps: [{ text: 'never sent' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go', toolChoice: { type: 'tool', toolName: 'github_create_issue' } }).result;
    expect(result).toMatchObject({ status: 'failed', reason: 'model-error' });
    expect(result.error?.name).toBe('InvalidOptionError');
    expect(result.error?.message).toBe(
      "Option `toolChoice.toolName` is \"github_create_issue\"; expected a tool visible on step 0 (Bash, Read, tool_search); make it direct or required (requiredTools) to force it from step 0, or use toolChoice 'required'.",
    );
    expect(scripted.requests).toHaveLength(0);
  });

  it('a required tool may be named; a tool outside the ceiling throws at send()', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 't' } }] }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go', maxSteps: 1, requiredTools: ['github_create_issue'], toolChoice: { type: 'tool', toolName: 'github_create_issue' } }).result;
    expect(result).toMatchObject({ status: 'completed', reason: 'max-steps' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolName: 'github_create_issue', outcome: 'ok' });
    expect(() => runtime.send({ model: scripted.model, prompt: 'go', toolChoice: { type: 'tool', toolName: 'nope' } })).toThrow(UnboundToolError);
    expect(() => runtime.send({ model: scripted.model, prompt: 'go', boundTools: ['Read'], toolChoice: { type: 'tool', toolName: 'Bash' } })).toThrow('`toolChoice` names "Bash"');
  });
});

describe('refused AI SDK settings throw at construction or send(), saying why and what to use instead', () => {
  const { tools } = sampleTools();
  const runtime = createToolSearchRuntime({ tools });
  const { model } = createScriptedModel({ steps: [] });
  it.each([
    ['activeTools', { activeTools: ['Read'] }, 'Option `activeTools` is object; expected no `activeTools` (refused: the turn machine owns what each step sees (C3, C20): use `requiredTools`, `boundTools`, `profile` or `direct`).'],
    ['prepareStep', { prepareStep: () => ({}) }, 'expected no `prepareStep` (refused: the turn machine owns what each step sees'],
    ['maxRetries', { maxRetries: 2 }, 'expected no `maxRetries` (refused: the turn machine retries provider requests (`retry.maxAttempts`, C16)'],
    ['system', { system: 'be brief' }, 'expected no `system` (refused: use `instructions`'],
    ['onStepFinish', { onStepFinish: () => {} }, 'expected no `onStepFinish` (refused: read `turn.stream`'],
    ['toolCallConcurrency', { toolCallConcurrency: 2 }, 'expected no `toolCallConcurrency` (refused: the pipeline runs a step\'s calls itself (C4)'],
  ])('%s', (_name, extra, message) => {
    expect(() => runtime.send({ model, prompt: 'x', ...(extra as object) } as never)).toThrow(InvalidOptionError);
    expect(() => runtime.send({ model, prompt: 'x', ...(extra as object) } as never)).toThrow(message);
    expect(() => createToolSearchRuntime({ tools, ...(extra as object) } as never)).toThrow(message);
  });

  it('tools given to send() belong to the runtime (or clientTools)', () => {
    expect(() => runtime.send({ model, prompt: 'x', tools } as never)).toThrow('expected `tools` in createToolSearchRuntime(options), where it belongs, not in send(input)');
  });

  it('a setting of the wrong type names the setting', () => {
    expect(() => runtime.send({ model, prompt: 'x', temperature: 'hot' } as never)).toThrow('Option `temperature` is "hot"; expected a finite number.');
    expect(() => createToolSearchRuntime({ tools, toolChoice: 'always' } as never)).toThrow("Option `toolChoice` is \"always\"; expected 'auto', 'none', 'required', or { type: 'tool', toolName }.");
    expect(() => createToolSearchRuntime({ tools, headers: { 'x-a': 5 } } as never)).toThrow('Option `headers.x-a` is 5; expected a string (or undefined to drop the header).');
  });
});
