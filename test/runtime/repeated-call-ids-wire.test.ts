import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { tool, type LanguageModel } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, type MemoryJournal } from '../../src/index.js';
import { startFakeAnthropicServer } from '../helpers/fake-anthropic-server.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';
import { startFakeOpenAIResponsesServer } from '../helpers/fake-openai-responses-server.js';
import type { FakeProviderServer, FakeReply } from '../helpers/fake-provider-server.js';

// Provider call ids that repeat, on the wire of the real provider clients: a server that numbers
// calls per response (every step's first call is call_0), and one that sends one id twice in a
// step. The request after each step must pair every tool call with exactly one result.

/** One step as a request body replays it: the assistant's tool calls and the results that answer them. */
interface Exchange {
  readonly calls: { id: string; name: string; input: unknown }[];
  readonly results: { id: string; text: string }[];
}

type ChatMessage = { role: string; content?: unknown; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string };
type ResponsesItem = { type?: string; call_id?: string; name?: string; arguments?: string; output?: unknown };
type AnthropicMessage = { role: string; content: string | { type: string; id?: string; name?: string; input?: unknown; tool_use_id?: string; content?: unknown }[] };

/** A result's text: a string as it is, text blocks joined (Anthropic), anything else as JSON. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((block) => (block as { type?: unknown }).type === 'text')) return value.map((block) => (block as { text: string }).text).join('');
  return JSON.stringify(value);
}

/** Chat Completions: an assistant message's `tool_calls`, then one `tool` message per result. */
function chatExchanges(body: Record<string, unknown>): Exchange[] {
  const exchanges: Exchange[] = [];
  for (const message of body.messages as ChatMessage[]) {
    if (message.role === 'assistant' && message.tool_calls !== undefined) {
      exchanges.push({ calls: message.tool_calls.map((call) => ({ id: call.id, name: call.function.name, input: JSON.parse(call.function.arguments) })), results: [] });
    } else if (message.role === 'tool') {
      exchanges.at(-1)!.results.push({ id: message.tool_call_id!, text: textOf(message.content) });
    }
  }
  return exchanges;
}

/** Responses: `function_call` items, then `function_call_output` items, in one flat input list. */
function responsesExchanges(body: Record<string, unknown>): Exchange[] {
  const exchanges: Exchange[] = [];
  for (const item of body.input as ResponsesItem[]) {
    if (item.type === 'function_call') {
      const last = exchanges.at(-1);
      if (last === undefined || last.results.length > 0) exchanges.push({ calls: [], results: [] });
      exchanges.at(-1)!.calls.push({ id: item.call_id!, name: item.name!, input: JSON.parse(item.arguments!) });
    } else if (item.type === 'function_call_output') {
      exchanges.at(-1)!.results.push({ id: item.call_id!, text: textOf(item.output) });
    }
  }
  return exchanges;
}

/** Anthropic Messages: an assistant message's `tool_use` blocks, then a user message of `tool_result` blocks. */
function anthropicExchanges(body: Record<string, unknown>): Exchange[] {
  const exchanges: Exchange[] = [];
  for (const message of body.messages as AnthropicMessage[]) {
    if (typeof message.content === 'string') continue;
    const uses = message.content.filter((block) => block.type === 'tool_use');
    if (message.role === 'assistant' && uses.length > 0) exchanges.push({ calls: uses.map((block) => ({ id: block.id!, name: block.name!, input: block.input })), results: [] });
    for (const block of message.content.filter((block) => block.type === 'tool_result')) exchanges.at(-1)!.results.push({ id: block.tool_use_id!, text: textOf(block.content) });
  }
  return exchanges;
}

const providers = [
  {
    wire: 'OpenAI Chat Completions',
    firstId: 'call_0',
    /** The client's StreamingToolCallTracker gives a repeat of an id within one response a generated id itself. */
    deliversRepeatsInAStep: false,
    start: startFakeOpenAIServer,
    model: (baseURL: string): LanguageModel => createOpenAI({ baseURL, apiKey: 'test-key' }).chat('fake-model'),
    exchanges: chatExchanges,
  },
  {
    wire: 'OpenAI Responses',
    firstId: 'call_0',
    deliversRepeatsInAStep: true,
    start: startFakeOpenAIResponsesServer,
    model: (baseURL: string): LanguageModel => createOpenAI({ baseURL, apiKey: 'test-key' }).responses('fake-model'),
    exchanges: responsesExchanges,
  },
  {
    wire: 'Anthropic Messages',
    firstId: 'toolu_0',
    deliversRepeatsInAStep: true,
    start: startFakeAnthropicServer,
    model: (baseURL: string): LanguageModel => createAnthropic({ baseURL, apiKey: 'test-key' })('claude-sonnet-4-5'),
    exchanges: anthropicExchanges,
  },
];

/** Each step's calls are answered once each, in call order, under ids unique in the step. */
function expectWellFormed(exchanges: readonly Exchange[]): void {
  for (const { calls, results } of exchanges) {
    const ids = calls.map((call) => call.id);
    expect(new Set(ids).size, `call ids of one step are unique: ${ids.join(', ')}`).toBe(ids.length);
    expect(results.map((result) => result.id)).toEqual(ids);
  }
}

/** `poll_job` answers how often it ran: a polling tool whose every run matters. */
function pollingRuntime(options: { turnId: string }) {
  const runs: string[] = [];
  const runtime = createToolSearchRuntime({
    tools: {
      poll_job: tool({
        description: 'Poll a build job for its status.',
        inputSchema: z.object({ job: z.string() }),
        execute: async ({ job }) => {
          runs.push(job);
          return `${job}: ${runs.length < 3 ? 'running' : 'done'} (poll ${runs.length})`;
        },
      }),
    },
    direct: ['poll_job'],
    generateId: () => options.turnId,
    retry: { initialDelayMs: 1 },
  });
  return { runtime, runs, journal: runtime.journal as MemoryJournal };
}

const poll = (id: string, job = 'build-7') => ({ name: 'poll_job', arguments: JSON.stringify({ job }), id });

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each(providers)('provider call ids that repeat, on the $wire wire', ({ firstId, start, model, exchanges }) => {
  it('a server that numbers calls per response: the polling tool called in steps 0, 1 and 2 runs three times; the journal replays nothing', async () => {
    const replies: FakeReply[] = [{ toolCalls: [poll(firstId)] }, { toolCalls: [poll(firstId)] }, { toolCalls: [poll(firstId)] }, { text: 'The build is done.' }];
    server = await start(replies);
    const { runtime, runs, journal } = pollingRuntime({ turnId: 'turn-poll' });

    const result = await runtime.send({ model: model(server.baseURL), prompt: 'Wait for build-7' }).result;

    expect(result).toMatchObject({ status: 'completed', text: 'The build is done.' });
    expect(runs).toEqual(['build-7', 'build-7', 'build-7']);
    expect(result.steps.slice(0, 3).map((step) => step.toolResults.map(({ toolCallId, operationId, replayed, output }) => ({ toolCallId, operationId, replayed, output })))).toEqual([
      [{ toolCallId: firstId, operationId: `turn-poll:0:${firstId}`, replayed: false, output: 'build-7: running (poll 1)' }],
      [{ toolCallId: firstId, operationId: `turn-poll:1:${firstId}`, replayed: false, output: 'build-7: running (poll 2)' }],
      [{ toolCallId: firstId, operationId: `turn-poll:2:${firstId}`, replayed: false, output: 'build-7: done (poll 3)' }],
    ]);
    expect(journal.entries().map((entry) => [entry.operationId, entry.status])).toEqual([
      [`turn-poll:0:${firstId}`, 'completed'],
      [`turn-poll:1:${firstId}`, 'completed'],
      [`turn-poll:2:${firstId}`, 'completed'],
    ]);
    // the last request replays all three steps, each call with its own step's result
    const last = exchanges(server.bodies[3]!);
    expectWellFormed(last);
    expect(last.map(({ calls, results }) => [calls.map((call) => call.id), results.map((entry) => entry.text)])).toEqual([
      [[firstId], [expect.stringContaining('poll 1')]],
      [[firstId], [expect.stringContaining('poll 2')]],
      [[firstId], [expect.stringContaining('poll 3')]],
    ]);
  });

  it('a genuine retry still replays: the same turn re-run after a retryable 5xx replays each step’s call from the journal', async () => {
    const turn: FakeReply[] = [{ toolCalls: [poll(firstId)] }, { toolCalls: [poll(firstId)] }, { text: 'Still running.' }];
    server = await start([...turn, { status: 503, body: '{"error":{"message":"overloaded","type":"server_error"}}' }, ...turn]);
    const { runtime, runs } = pollingRuntime({ turnId: 'turn-retried' });
    const url = server.baseURL;

    const original = await runtime.send({ model: model(url), prompt: 'Wait for build-7' }).result;
    const retried = await runtime.send({ model: model(url), prompt: 'Wait for build-7' }).result;

    expect(runs).toEqual(['build-7', 'build-7']);
    expect(retried.steps[0]!.attempts).toBe(2);
    const summary = (steps: typeof original.steps) => steps.slice(0, 2).map((step) => step.toolResults.map(({ operationId, replayed, output }) => ({ operationId, replayed, output })));
    expect(summary(original.steps)).toEqual([
      [{ operationId: `turn-retried:0:${firstId}`, replayed: false, output: 'build-7: running (poll 1)' }],
      [{ operationId: `turn-retried:1:${firstId}`, replayed: false, output: 'build-7: running (poll 2)' }],
    ]);
    expect(summary(retried.steps)).toEqual([
      [{ operationId: `turn-retried:0:${firstId}`, replayed: true, output: 'build-7: running (poll 1)' }],
      [{ operationId: `turn-retried:1:${firstId}`, replayed: true, output: 'build-7: running (poll 2)' }],
    ]);
    expectWellFormed(exchanges(server.bodies.at(-1)!));
  });
});

describe.each(providers.filter((provider) => provider.deliversRepeatsInAStep))('one call id twice in one step, on the $wire wire', ({ firstId, start, model, exchanges }) => {
  it('two calls with one id in one step: the first runs, the second is a duplicate tool call id error, and the next request pairs each call with one result', async () => {
    server = await start([{ toolCalls: [poll(firstId, 'build-a'), poll(firstId, 'build-b'), poll(firstId, 'build-c')] }, { text: 'Polled build-a.' }]);
    const { runtime, runs } = pollingRuntime({ turnId: 'turn-dup' });

    const result = await runtime.send({ model: model(server.baseURL), prompt: 'Poll the builds' }).result;

    expect(result).toMatchObject({ status: 'completed', text: 'Polled build-a.' });
    expect(runs).toEqual(['build-a']);
    const [first, second, third] = result.steps[0]!.toolResults;
    expect(first).toMatchObject({ toolCallId: firstId, outcome: 'ok', output: 'build-a: running (poll 1)', operationId: `turn-dup:0:${firstId}` });
    expect(second).toMatchObject({ toolCallId: `${firstId}_dup2`, outcome: 'error' });
    expect(second!.output).toContain(`duplicate tool call id "${firstId}"`);
    expect(second!.operationId).toBeUndefined();
    expect(third).toMatchObject({ toolCallId: `${firstId}_dup3`, outcome: 'error' });

    const [step0] = exchanges(server.bodies[1]!);
    expectWellFormed([step0!]);
    expect(step0!.calls).toEqual([
      { id: firstId, name: 'poll_job', input: { job: 'build-a' } },
      { id: `${firstId}_dup2`, name: 'poll_job', input: { job: 'build-b' } },
      { id: `${firstId}_dup3`, name: 'poll_job', input: { job: 'build-c' } },
    ]);
    expect(step0!.results[0]!.text).toContain('build-a: running (poll 1)');
    expect(unescaped(step0!.results[1]!.text)).toContain(`poll_job did not run: duplicate tool call id "${firstId}"`);
    expect(step0!.results[2]!.text).toContain('did not run: duplicate tool call id');
  });
});

describe('one call id twice in one step, on the OpenAI Chat Completions wire', () => {
  it('the client itself gives the repeat a generated id, so both calls are distinct: both run, and the next request pairs each with one result', async () => {
    server = await startFakeOpenAIServer([{ toolCalls: [poll('call_0', 'build-a'), poll('call_0', 'build-b')] }, { text: 'Polled both.' }]);
    const { runtime, runs } = pollingRuntime({ turnId: 'turn-chat-dup' });

    const result = await runtime.send({ model: createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' }).chat('fake-model'), prompt: 'Poll the builds' }).result;

    expect(runs).toEqual(['build-a', 'build-b']);
    const ids = result.steps[0]!.toolResults.map((entry) => entry.toolCallId);
    expect(ids[0]).toBe('call_0');
    expect(ids[1]).not.toBe('call_0');
    expect(result.steps[0]!.toolResults.map((entry) => entry.outcome)).toEqual(['ok', 'ok']);
    const [step0] = chatExchanges(server.bodies[1]!);
    expectWellFormed([step0!]);
    expect(step0!.calls.map((call) => call.id)).toEqual(ids);
  });
});

/** A result's text with JSON's escaped quotes unescaped (Responses sends an error as `{"error":"…"}` text). */
function unescaped(text: string): string {
  return text.replace(/\\"/g, '"');
}
