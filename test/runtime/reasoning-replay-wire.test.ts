import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { defaultSettingsMiddleware, wrapLanguageModel, type LanguageModel } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolSearchRuntime, type TurnStreamPart } from '../../src/index.js';
import { sseEvent, startFakeProviderServer, type FakeProviderServer } from '../helpers/fake-provider-server.js';
import { collect, sampleTools } from '../helpers/sample-tools.js';

// issue 13 item 2: reasoning streams from the real provider clients and is replayed to the
// provider on the next step with its signature (Anthropic thinking / redacted_thinking blocks,
// OpenAI Responses reasoning items with their id and encrypted_content), byte for byte.

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const THINKING = 'The user wants the README; Read it.';
const SIGNATURE = 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds';
const REDACTED = 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB5URj';
const READ_INPUT = '{"path":"README.md"}';

/** A local server that answers request k with `scripts[k]` (server-sent events), recording every request. */
function startScriptedServer(scripts: readonly (readonly string[])[]): Promise<FakeProviderServer> {
  return startFakeProviderServer({ replies: scripts.map(() => ({ text: '' })), streamReply: (_reply, index) => [...(scripts[index] ?? [])] });
}

function anthropicEvents(blocks: readonly Record<string, unknown>[][], stopReason: string): string[] {
  const event = (type: string, fields: Record<string, unknown> = {}) => sseEvent({ type, ...fields }, type);
  return [
    event('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'fake', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } }),
    ...blocks.flatMap(([start, ...deltas], index) => [
      event('content_block_start', { index, content_block: start }),
      ...deltas.map((delta) => event('content_block_delta', { index, delta })),
      event('content_block_stop', { index }),
    ]),
    event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } }),
    event('message_stop'),
  ];
}

function openaiEvents(index: number, items: readonly { added: unknown; events: readonly Record<string, unknown>[]; done: unknown }[]): string[] {
  let sequence = 0;
  const event = (fields: Record<string, unknown>) => sseEvent({ ...fields, sequence_number: sequence++ }, fields.type as string);
  const response = (status: string, output: unknown[]) => ({ id: `resp_${index}`, object: 'response', created_at: 1_700_000_000, model: 'gpt-5', status, output });
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 3 }, total_tokens: 15 };
  return [
    event({ type: 'response.created', response: response('in_progress', []) }),
    ...items.flatMap((item, outputIndex) => [
      event({ type: 'response.output_item.added', output_index: outputIndex, item: item.added }),
      ...item.events.map((fields) => event({ output_index: outputIndex, ...fields })),
      event({ type: 'response.output_item.done', output_index: outputIndex, item: item.done }),
    ]),
    event({ type: 'response.completed', response: { ...response('completed', items.map((item) => item.done)), usage } }),
  ];
}

async function runReadTurn(model: LanguageModel): Promise<{ parts: TurnStreamPart[]; text: string; messages: unknown[] }> {
  const { tools, log } = sampleTools();
  const runtime = createToolSearchRuntime({ tools });
  const turn = runtime.send({ model, prompt: 'show me the readme' });
  const parts = await collect(turn.stream);
  const result = await turn.result;
  expect(log.map((entry) => entry.toolName)).toEqual(['Read']);
  return { parts, text: result.text, messages: result.messages };
}

const modelParts = (parts: readonly TurnStreamPart[], prefix: string) => parts.filter((part) => part.type.startsWith(prefix) && 'stepIndex' in part && part.stepIndex === 0);

describe('reasoning on the wire', () => {
  it('Anthropic: thinking (with its signature) and redacted_thinking stream as reasoning parts, the tool input streams, and the second request replays both blocks exactly', async () => {
    server = await startScriptedServer([
      anthropicEvents(
        [
          [{ type: 'thinking', thinking: '' }, { type: 'thinking_delta', thinking: 'The user wants the README; ' }, { type: 'thinking_delta', thinking: 'Read it.' }, { type: 'signature_delta', signature: SIGNATURE }],
          [{ type: 'redacted_thinking', data: REDACTED }],
          [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: {} }, { type: 'input_json_delta', partial_json: '{"path":' }, { type: 'input_json_delta', partial_json: '"README.md"}' }],
        ],
        'tool_use',
      ),
      anthropicEvents([[{ type: 'text', text: '' }, { type: 'text_delta', text: 'Here it is.' }]], 'end_turn'),
    ]);
    const model = createAnthropic({ baseURL: server.baseURL, apiKey: 'test-key' })('claude-sonnet-4-5');
    const { parts, text, messages } = await runReadTurn(model);

    expect(text).toBe('Here it is.');
    expect(modelParts(parts, 'reasoning').map((part) => part.type === 'reasoning-delta' ? { type: part.type, id: part.id, text: part.text, providerMetadata: part.providerMetadata } : { type: part.type, id: 'id' in part ? part.id : undefined, providerMetadata: 'providerMetadata' in part ? part.providerMetadata : undefined })).toEqual([
      { type: 'reasoning-start', id: '0', providerMetadata: undefined },
      { type: 'reasoning-delta', id: '0', text: 'The user wants the README; ', providerMetadata: undefined },
      { type: 'reasoning-delta', id: '0', text: 'Read it.', providerMetadata: undefined },
      { type: 'reasoning-delta', id: '0', text: '', providerMetadata: { anthropic: { signature: SIGNATURE } } },
      { type: 'reasoning-end', id: '0', providerMetadata: undefined },
      { type: 'reasoning-start', id: '1', providerMetadata: { anthropic: { redactedData: REDACTED } } },
      { type: 'reasoning-end', id: '1', providerMetadata: undefined },
    ]);
    expect(modelParts(parts, 'tool-input').map((part) => [part.type, part.type === 'tool-input-delta' ? part.delta : part.type === 'tool-input-start' ? part.toolName : 'id' in part ? part.id : undefined])).toEqual([
      ['tool-input-start', 'Read'],
      ['tool-input-delta', '{"path":'],
      ['tool-input-delta', '"README.md"}'],
      ['tool-input-end', 'toolu_read'],
    ]);

    const replayed = (server.bodies[1]!.messages as { role: string; content: unknown[] }[]).find((message) => message.role === 'assistant')!;
    expect(replayed.content).toEqual([
      { type: 'thinking', thinking: THINKING, signature: SIGNATURE },
      { type: 'redacted_thinking', data: REDACTED },
      { type: 'tool_use', id: 'toolu_read', name: 'Read', input: { path: 'README.md' } },
    ]);
    // the transcript keeps both blocks, with what the provider needs to accept them again
    const assistant = (messages as { role: string; content: { type: string }[] }[]).find((message) => message.role === 'assistant')!;
    expect(assistant.content.filter((part) => part.type === 'reasoning')).toEqual([
      { type: 'reasoning', text: THINKING, providerOptions: { anthropic: { signature: SIGNATURE } } },
      { type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: REDACTED } } },
    ]);
  });

  const reasoningItem = { type: 'reasoning', id: 'rs_0', encrypted_content: 'gAAAAABencrypted-0', summary: [{ type: 'summary_text', text: THINKING }] };
  const responsesScripts = () => [
    openaiEvents(0, [
      {
        added: { type: 'reasoning', id: 'rs_0', encrypted_content: reasoningItem.encrypted_content, summary: [] },
        events: [
          { type: 'response.reasoning_summary_part.added', item_id: 'rs_0', summary_index: 0, part: { type: 'summary_text', text: '' } },
          { type: 'response.reasoning_summary_text.delta', item_id: 'rs_0', summary_index: 0, delta: 'The user wants the README; ' },
          { type: 'response.reasoning_summary_text.delta', item_id: 'rs_0', summary_index: 0, delta: 'Read it.' },
          { type: 'response.reasoning_summary_part.done', item_id: 'rs_0', summary_index: 0, part: { type: 'summary_text', text: THINKING } },
        ],
        done: reasoningItem,
      },
      {
        added: { type: 'function_call', id: 'fc_0', call_id: 'call_read', name: 'Read', arguments: '', status: 'in_progress' },
        events: [
          { type: 'response.function_call_arguments.delta', item_id: 'fc_0', delta: '{"path":' },
          { type: 'response.function_call_arguments.delta', item_id: 'fc_0', delta: '"README.md"}' },
          { type: 'response.function_call_arguments.done', item_id: 'fc_0', arguments: READ_INPUT },
        ],
        done: { type: 'function_call', id: 'fc_0', call_id: 'call_read', name: 'Read', arguments: READ_INPUT, status: 'completed' },
      },
    ]),
    openaiEvents(1, [
      {
        added: { type: 'message', id: 'msg_1', status: 'in_progress', role: 'assistant', content: [] },
        events: [{ type: 'response.output_text.delta', item_id: 'msg_1', content_index: 0, delta: 'Here it is.', logprobs: [] }],
        done: { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Here it is.', annotations: [] }] },
      },
    ]),
  ];
  const reasoningInput = (body: Record<string, unknown>) => (body.input as { type?: string }[]).filter((item) => item.type === 'reasoning' || item.type === 'item_reference');

  it('OpenAI Responses (store: false): the reasoning item streams with its id and encrypted_content, and the second request sends it back with both, exactly', async () => {
    server = await startScriptedServer(responsesScripts());
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });
    const model = wrapLanguageModel({ model: openai.responses('gpt-5'), middleware: defaultSettingsMiddleware({ settings: { providerOptions: { openai: { store: false } } } }) });
    const { parts, text } = await runReadTurn(model);

    expect(text).toBe('Here it is.');
    const reasoning = modelParts(parts, 'reasoning');
    expect(reasoning.map((part) => part.type)).toEqual(['reasoning-start', 'reasoning-delta', 'reasoning-delta', 'reasoning-end']);
    expect(reasoning[0]).toMatchObject({ id: 'rs_0:0', providerMetadata: { openai: { itemId: 'rs_0', reasoningEncryptedContent: reasoningItem.encrypted_content } } });
    expect(reasoning.at(-1)).toMatchObject({ providerMetadata: { openai: { itemId: 'rs_0', reasoningEncryptedContent: reasoningItem.encrypted_content } } });
    expect(reasoning.flatMap((part) => (part.type === 'reasoning-delta' ? [part.text] : [])).join('')).toBe(THINKING);
    expect(modelParts(parts, 'tool-input').map((part) => part.type)).toEqual(['tool-input-start', 'tool-input-delta', 'tool-input-delta', 'tool-input-end']);

    expect(server.bodies[0]).toMatchObject({ store: false, include: ['reasoning.encrypted_content'] });
    expect(reasoningInput(server.bodies[1]!)).toEqual([reasoningItem]);
  });

  it('OpenAI Responses (stored, the default): the second request refers to the reasoning item by its id', async () => {
    server = await startScriptedServer(responsesScripts());
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });
    const { text } = await runReadTurn(openai.responses('gpt-5'));

    expect(text).toBe('Here it is.');
    expect(reasoningInput(server.bodies[1]!)).toEqual([{ type: 'item_reference', id: 'rs_0' }]);
  });
});
