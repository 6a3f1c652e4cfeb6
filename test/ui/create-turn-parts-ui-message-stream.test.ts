import { readUIMessageStream, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOST_EXECUTION_ERROR } from '../../src/durable/create-live-part-merger.js';
import { createLiveTurnHub } from '../../src/durable/create-live-turn-hub.js';
import { createMemoryStepRunner } from '../../src/durable/create-memory-step-runner.js';
import { livePartSink } from '../../src/durable/http-live-publisher.js';
import { runDurableTurn } from '../../src/durable/run-durable-turn.js';
import type { TurnStreamPart } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { createTurnPartsUIMessageStream, createTurnPartsUIMessageStreamResponse, type TurnUIMessage, type TurnUIMessageChunk } from '../../src/ui/index.js';

const tools: ToolSet = {
  deploy_service: tool({
    description: 'Deploy a service to production.',
    inputSchema: z.object({ service: z.string() }),
    execute: async ({ service }) => ({ deployed: service }),
  }),
};
const steps = [
  { toolCalls: [{ toolName: 'tool_search', input: { query: 'deploy service' } }] },
  { toolCalls: [{ toolName: 'deploy_service', input: { service: 'api' } }] },
  { text: 'deployed the api' },
];

/** One execution of the durable turn: the first runs the model and tools, later ones replay `records`. */
async function execute(options: { records?: ReturnType<typeof createMemoryStepRunner>['records']; onPart?: (part: TurnStreamPart) => void }) {
  const runner = createMemoryStepRunner(options.records === undefined ? {} : { records: options.records });
  const model = createScriptedModel({ steps: options.records === undefined ? steps : [] }).model;
  const result = await runDurableTurn({ runner, runtime: { tools }, model, input: { prompt: 'deploy the api' }, ...(options.onPart === undefined ? {} : { onPart: options.onPart }) });
  return { runner, result };
}

async function lastMessage(stream: ReadableStream<TurnUIMessageChunk>): Promise<TurnUIMessage> {
  let last: TurnUIMessage | undefined;
  for await (const message of readUIMessageStream<TurnUIMessage>({ stream })) last = message;
  return last!;
}

describe('createTurnPartsUIMessageStream over a durable turn\'s live output (issue 15 item 3, issue 13 item 3)', () => {
  it('the UI message read from the live-turn hub has the search, the tool result and the answer once, though a second execution told the whole turn again', async () => {
    const hub = createLiveTurnHub();
    const told: TurnStreamPart[] = [];
    const first = await execute({ onPart: (part) => told.push(part) });
    const reading = lastMessage(createTurnPartsUIMessageStream({ parts: hub.subscribe('turn-1'), turnId: first.result.turnId }));
    // the first worker died after the tool result was recorded: the hub got its parts up to there
    const cut = told.findIndex((part) => part.type === 'tool-result') + 1;
    await hub.publish('turn-1', 'e1', told.slice(0, cut));
    const again = livePartSink(hub, 'turn-1', 'e2');
    const replayed = await execute({ records: first.runner.records, onPart: again.onPart });
    await again.flush();
    const message = await reading;

    expect(replayed.result.text).toBe('deployed the api');
    const searches = message.parts.filter((part) => part.type === 'data-tool-search');
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ data: { query: 'deploy service', activated: ['deploy_service'], stepIndex: 0 } });
    const calls = message.parts.filter((part) => part.type === 'tool-deploy_service' || (part.type === 'dynamic-tool' && part.toolName === 'deploy_service'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ state: 'output-available', input: { service: 'api' }, output: { deployed: 'api' } });
    expect(message.parts.filter((part) => part.type === 'text').map((part) => part.text)).toEqual(['deployed the api']);
    expect(message.parts.filter((part) => part.type === 'step-start')).toHaveLength(3);
    expect(message.metadata).toEqual({ turnId: first.result.turnId, status: 'completed', reason: first.result.reason, usage: first.result.usage });
  });

  it('a lost execution\'s text leaves the UI message when the hub sends its retry part (reset-step); the recorded text stays', async () => {
    const hub = createLiveTurnHub();
    const told: TurnStreamPart[] = [];
    const first = await execute({ onPart: (part) => told.push(part) });
    const hubParts: TurnStreamPart[] = [];
    const chunks: TurnUIMessageChunk[] = [];
    const tapped = hub.subscribe('turn-1').pipeThrough(new TransformStream<TurnStreamPart, TurnStreamPart>({ transform: (part, c) => (hubParts.push(part), c.enqueue(part)) }));
    const stream = createTurnPartsUIMessageStream({ parts: tapped, turnId: first.result.turnId })
      .pipeThrough(new TransformStream<TurnUIMessageChunk, TurnUIMessageChunk>({ transform: (chunk, c) => (chunks.push(chunk), c.enqueue(chunk)) }));
    const reading = lastMessage(stream);
    // the first worker streamed other text in the last model call, then died before it was recorded
    const firstText = told.findIndex((part) => part.type === 'text-delta');
    const lost = told[firstText] as Extract<TurnStreamPart, { type: 'text-delta' }>;
    await hub.publish('turn-1', 'e1', [...told.slice(0, firstText), { ...lost, text: 'rolling back' }]);
    const again = livePartSink(hub, 'turn-1', 'e2');
    await execute({ records: first.runner.records, onPart: again.onPart });
    await again.flush();
    const message = await reading;

    expect(hubParts.filter((part) => part.type === 'retry')).toEqual([{ type: 'retry', stepIndex: lost.stepIndex, attempt: 1, delayMs: 0, error: LOST_EXECUTION_ERROR }]);
    expect(chunks.filter((chunk) => chunk.type === 'reset-step')).toHaveLength(1);
    expect(chunks.some((chunk) => chunk.type === 'text-delta' && chunk.delta === 'rolling back')).toBe(true);
    expect(message.parts.filter((part) => part.type === 'text').map((part) => part.text)).toEqual(['deployed the api']);
    expect(message.parts.filter((part) => part.type === 'data-tool-search')).toHaveLength(1);
    expect(message.metadata?.status).toBe('completed');
  });

  it('takes the finish metadata from the given result over the turn-end part, and ends with an error chunk when the parts end before turn-end with no result', async () => {
    const told: TurnStreamPart[] = [];
    const { result } = await execute({ onPart: (part) => told.push(part) });
    const fromResult = await lastMessage(createTurnPartsUIMessageStream({ parts: ReadableStream.from(told.slice(0, -1)), turnId: 'ignored-when-result', result: async () => result }));
    expect(fromResult.metadata).toEqual({ turnId: result.turnId, status: 'completed', reason: result.reason, usage: result.usage });

    const chunks: TurnUIMessageChunk[] = [];
    let ended: unknown = 'not called';
    const cut = createTurnPartsUIMessageStream({ parts: ReadableStream.from(told.slice(0, 3)), turnId: result.turnId, onError: (error) => (error as Error).message, onEnd: ({ end }) => { ended = end; } });
    for await (const chunk of cut) chunks.push(chunk);
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: expect.stringContaining(`turn ${result.turnId} ended before its turn-end part`) });
    expect(chunks.some((chunk) => chunk.type === 'finish')).toBe(false);
    expect(ended).toBeUndefined();
  });

  it('cancelling the UI stream (the client went away) cancels the parts stream, e.g. closes the hub request', async () => {
    let cancelled: unknown = 'not cancelled';
    const parts = new ReadableStream<TurnStreamPart>({
      start: (controller) => controller.enqueue({ type: 'step-start', stepIndex: 0, attempt: 1, visible: [], schemaChars: {} }),
      cancel: (reason) => { cancelled = reason; },
    });
    const reader = createTurnPartsUIMessageStream({ parts, turnId: 'turn-9' }).getReader();
    expect((await reader.read()).value).toMatchObject({ type: 'start', messageMetadata: { turnId: 'turn-9', status: 'running' } });
    expect((await reader.read()).value).toEqual({ type: 'start-step' });
    await reader.cancel('client gone');
    expect(cancelled).toBe('client gone');
  });

  it('serves the parts as a UI message stream Response (SSE) that ends with the finish chunk', async () => {
    const told: TurnStreamPart[] = [];
    const { result } = await execute({ onPart: (part) => told.push(part) });
    const response = createTurnPartsUIMessageStreamResponse({ parts: ReadableStream.from(told), turnId: result.turnId, headers: { 'x-turn': result.turnId } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-turn')).toBe(result.turnId);
    const body = await response.text();
    expect(body).toContain('"type":"data-tool-search"');
    expect(body).toContain('"type":"finish"');
    expect(body.trim().endsWith('data: [DONE]')).toBe(true);
  });
});
