import { DefaultChatTransport, tool, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolSearchRuntime, type TurnResult } from '../../src/index.js';
import { createScriptedModel, type ScriptedModel } from '../../src/testing/index.js';
import { createTurnUIMessageStreamResponse, pipeTurnUIMessageStreamToResponse, type TurnUIMessage } from '../../src/ui/index.js';
import { startChatRouteServer, type ChatRoute } from '../helpers/chat-route-server.js';
import { midStreamFailureModel } from '../helpers/mid-stream-failure-model.js';
import { sampleTools } from '../helpers/sample-tools.js';
import { TestChat } from '../helpers/test-chat.js';

// Three turns of one chat through the SDK's chat core and DefaultChatTransport against a real
// local HTTP route, served once with createTurnUIMessageStreamResponse (fetch-style) and once
// with pipeTurnUIMessageStreamToResponse (Node). The route persists what onEnd hands it.

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function chatBackend(extraTools: ToolSet = {}) {
  const { tools, groups, log } = sampleTools();
  const runtime = createToolSearchRuntime({ tools: { ...tools, ...extraTools }, groups, retry: { initialDelayMs: 1 } });
  const models: LanguageModel[] = [];
  const saved: TurnUIMessage[][] = [];
  const results: TurnResult[] = [];
  const options = (body: unknown, abortSignal?: AbortSignal) => ({
    runtime,
    uiMessages: (body as { messages: unknown[] }).messages,
    model: models.shift()!,
    ...(abortSignal === undefined ? {} : { abortSignal }),
    onEnd: ({ messages, result }: { messages: TurnUIMessage[]; result: TurnResult | undefined }) => {
      saved.push(messages);
      if (result !== undefined) results.push(result);
    },
  });
  const routes: Record<'fetch' | 'node', ChatRoute> = {
    fetch: { kind: 'fetch', handle: async (request) => createTurnUIMessageStreamResponse(options(await request.json(), request.signal)) },
    node: { kind: 'node', handle: (request, response) => pipeTurnUIMessageStreamToResponse({ response, ...options(request.body) }) },
  };
  return { routes, models, saved, results, log };
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe.each(['fetch', 'node'] as const)('a chat over HTTP (%s route)', (kind) => {
  it('three turns: a search whose data part, tool result and answer show; metadata with the turn id; onEnd messages as the next history; a retried attempt dropped', async () => {
    const backend = chatBackend();
    const server = await startChatRouteServer(backend.routes[kind]);
    stop = server.close;
    const transient: string[] = [];
    const chat = new TestChat<TurnUIMessage>({
      transport: new DefaultChatTransport<TurnUIMessage>({ api: server.url }),
      onData: (part) => transient.push(part.type),
    });

    // turn 1: a search, the found tool's call, the answer
    backend.models.push(createScriptedModel({
      steps: [
        { text: 'Looking.', toolCalls: [{ toolName: 'tool_search', input: { query: 'github issue' } }] },
        { toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'acme/app', title: 'Flaky test' } }] },
        { text: 'Filed #42.' },
      ],
    }).model);
    await chat.sendMessage({ text: 'File an issue about the flaky test in acme/app' });

    expect(chat.status).toBe('ready');
    const answer = chat.messages[1]!;
    expect(answer.role).toBe('assistant');
    expect(answer.parts.map((part) => part.type)).toEqual([
      'step-start', 'text', 'tool-tool_search', 'data-tool-search', 'step-start', 'tool-github_create_issue', 'step-start', 'text',
    ]);
    expect(answer.parts.find((part) => part.type === 'data-tool-search')).toMatchObject({ data: { query: 'github issue', activated: ['github_create_issue'] } });
    expect(answer.parts.find((part) => part.type === 'tool-github_create_issue')).toMatchObject({ state: 'output-available', output: { number: 42, title: 'Flaky test' } });
    expect(answer.parts.at(-1)).toMatchObject({ type: 'text', text: 'Filed #42.' });
    expect(answer.metadata).toMatchObject({ turnId: backend.results[0]!.turnId, status: 'completed', reason: 'stop', usage: { totalTokens: 45 } });
    expect(backend.log).toEqual([{ toolName: 'github_create_issue', input: { repo: 'acme/app', title: 'Flaky test' } }]);
    // the activation part is transient: delivered to onData, not kept in the message
    expect(transient).toContain('data-tool-activation');
    expect(answer.parts.some((part) => part.type === 'data-tool-activation')).toBe(false);
    // what the server persisted is the chat the client holds
    expect(json(backend.saved[0])).toEqual(json(chat.messages));

    // turn 2: the first attempt streams text and fails mid-stream (retryable); the retry answers
    const failing = midStreamFailureModel({ partialText: 'Closing every open iss', answerText: 'Nothing else is open.' });
    backend.models.push(failing.model);
    await chat.sendMessage({ text: 'Anything else open?' });

    expect(failing.requests()).toBe(2);
    expect(server.bodies[1]!.messages).toEqual(json([...backend.saved[0]!, chat.messages[2]]));
    expect(chat.messages[3]!.parts).toEqual([{ type: 'step-start' }, { type: 'text', text: 'Nothing else is open.', state: 'done' }]);
    expect(JSON.stringify(chat.messages)).not.toContain('Closing every open iss');
    expect(transient).toContain('data-turn-retry');
    expect(chat.messages[3]!.metadata!.turnId).toBe(backend.results[1]!.turnId);
    expect(backend.results[1]!.turnId).not.toBe(backend.results[0]!.turnId);

    // turn 3: the model gets the whole history the client sent back, without the dropped text
    const third: ScriptedModel = createScriptedModel({ steps: [{ text: 'Issue #42.' }] });
    backend.models.push(third.model);
    await chat.sendMessage({ text: 'Which number was it?' });

    const prompt = third.requests[0]!.prompt as ModelMessage[];
    expect(prompt.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'user']);
    expect(JSON.stringify(prompt)).toContain('"toolName":"github_create_issue"');
    expect(JSON.stringify(prompt)).toContain('Nothing else is open.');
    expect(JSON.stringify(prompt)).not.toContain('Closing every open iss');
    expect(third.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
    expect(chat.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(json(backend.saved[2])).toEqual(json(chat.messages));
  });

  it('the browser going away (stop) cancels the turn, and the route stores the answer so far with every call closed', async () => {
    let toolStarted = false;
    const backend = chatBackend({
      Bash: tool({
        description: 'Run a shell command.',
        inputSchema: z.object({ command: z.string() }),
        execute: (_input, { abortSignal }) => new Promise<string>((_resolve, reject) => {
          toolStarted = true;
          abortSignal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        }),
      }),
    });
    const server = await startChatRouteServer(backend.routes[kind]);
    stop = server.close;
    const chat = new TestChat<TurnUIMessage>({ transport: new DefaultChatTransport<TurnUIMessage>({ api: server.url }) });
    backend.models.push(createScriptedModel({ steps: [{ text: 'Running it.', toolCalls: [{ toolName: 'Bash', input: { command: 'sleep 600' } }] }, { text: 'never' }] }).model);

    const sending = chat.sendMessage({ text: 'Run the long job' });
    await expect.poll(() => toolStarted).toBe(true);
    await chat.stop();
    await sending;

    await expect.poll(() => backend.results.length).toBe(1);
    expect(backend.results[0]).toMatchObject({ status: 'cancelled', reason: 'cancelled' });
    const stored = backend.saved[0]!.at(-1)!;
    expect(stored.metadata).toMatchObject({ status: 'cancelled', turnId: backend.results[0]!.turnId });
    expect(stored.parts.find((part) => part.type === 'tool-Bash')).toMatchObject({ state: 'output-error', input: { command: 'sleep 600' } });
  });
});
