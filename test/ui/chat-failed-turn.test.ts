import { APICallError, DefaultChatTransport, streamText } from 'ai';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolSearchRuntime, type TurnResult } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { createTurnUIMessageStreamResponse, type TurnUIMessage } from '../../src/ui/index.js';
import { startChatRouteServer, type ChatRoute } from '../helpers/chat-route-server.js';
import { sampleTools } from '../helpers/sample-tools.js';
import { TestChat } from '../helpers/test-chat.js';

// What the SDK's chat core shows for a request that fails after streaming part of its text:
// streamText's own UI stream keeps the partial text and adds the error, and so does a turn for
// its last attempt (an earlier, retried attempt is dropped with reset-step: see
// chat-round-trip.test.ts). Both run through AbstractChat and DefaultChatTransport over HTTP.

const providerError = (statusCode: number) =>
  new APICallError({ message: `HTTP ${statusCode}`, url: 'https://provider.test', requestBodyValues: {}, statusCode, isRetryable: statusCode >= 500 });

/** One request that streams `text` and then fails with the provider's `statusCode`. */
const failingMidText = (text: string, statusCode: number): { parts: LanguageModelV4StreamPart[] } => ({
  parts: [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: text }, { type: 'error', error: providerError(statusCode) }],
});

const onError = (error: unknown) => `failed: ${(error as Error).message}`;

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function chatOver(route: ChatRoute): Promise<TestChat<TurnUIMessage>> {
  const server = await startChatRouteServer(route);
  stop = server.close;
  const chat = new TestChat<TurnUIMessage>({ transport: new DefaultChatTransport<TurnUIMessage>({ api: server.url }) });
  await chat.sendMessage({ text: 'Close the stale issues' });
  return chat;
}

const textsOf = (message: TurnUIMessage) => message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));

describe('a request that fails mid-text, through the SDK chat core', () => {
  it("streamText's UI stream keeps the partial text and shows the error (the reference)", async () => {
    const chat = await chatOver({
      kind: 'fetch',
      handle: () => streamText({ model: createScriptedModel({ steps: [failingMidText('I found two open iss', 400)] }).model, prompt: 'go', onError: () => {} }).toUIMessageStreamResponse({ onError }),
    });

    expect(chat.status).toBe('error');
    expect(chat.error?.message).toBe('failed: HTTP 400');
    expect(chat.messages[1]!.parts).toEqual([{ type: 'step-start' }, { type: 'text', text: 'I found two open iss', state: 'streaming' }]);
  });

  it("a failed turn's last attempt keeps its partial text next to the error, as streamText's does; the retried attempt before it is dropped", async () => {
    const runtime = createToolSearchRuntime({ tools: sampleTools().tools, retry: { maxAttempts: 3, initialDelayMs: 1 } });
    const scripted = createScriptedModel({ steps: [failingMidText('Closing every open iss', 503), failingMidText('I found two open iss', 400)] });
    let ended: { messages: TurnUIMessage[]; result: TurnResult | undefined } | undefined;
    const chat = await chatOver({
      kind: 'fetch',
      handle: async (request) => createTurnUIMessageStreamResponse({
        runtime, uiMessages: ((await request.json()) as { messages: unknown[] }).messages, model: scripted.model, onError,
        onEnd: (event) => { ended = event; },
      }),
    });

    expect(scripted.requests).toHaveLength(2);
    expect(chat.status).toBe('error');
    expect(chat.error?.message).toBe('failed: HTTP 400');
    // the turn's result holds no answered step; the stored chat holds what the user saw
    expect(ended!.result).toMatchObject({ status: 'failed', reason: 'model-error', text: '', steps: [] });
    expect(textsOf(ended!.messages.at(-1)!)).toEqual(['I found two open iss']);
    const answer = chat.messages[1]!;
    expect(textsOf(answer)).toEqual(['I found two open iss']);
    // the turn closes the text block the failed request left open: the part is done, not streaming
    expect(answer.parts).toEqual([{ type: 'step-start' }, { type: 'text', text: 'I found two open iss', state: 'done' }]);
    expect(JSON.stringify(chat.messages)).not.toContain('Closing every open iss');
  });

  it('a turn whose retries are all spent keeps the last attempt\'s partial text, the earlier ones dropped', async () => {
    const runtime = createToolSearchRuntime({ tools: sampleTools().tools, retry: { maxAttempts: 2, initialDelayMs: 1 } });
    const scripted = createScriptedModel({ steps: [failingMidText('First try', 503), failingMidText('Second try', 503)] });
    const chat = await chatOver({
      kind: 'fetch',
      handle: async (request) => createTurnUIMessageStreamResponse({ runtime, uiMessages: ((await request.json()) as { messages: unknown[] }).messages, model: scripted.model, onError }),
    });

    expect(scripted.requests).toHaveLength(2);
    expect(chat.status).toBe('error');
    expect(chat.error?.message).toBe('failed: HTTP 503');
    expect(textsOf(chat.messages[1]!)).toEqual(['Second try']);
  });
});
