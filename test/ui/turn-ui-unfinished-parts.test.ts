import { APICallError, readUIMessageStream } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { createTurnUIMessageStream, type TurnUIMessage, type TurnUIMessageChunk } from '../../src/ui/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

const userMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'read the config' }] };
const providerError = new APICallError({ message: 'HTTP 400', url: 'https://provider.test', requestBodyValues: {}, statusCode: 400, isRetryable: false });

function failingMidBlock() {
  return createScriptedModel({
    steps: [{
      parts: [
        { type: 'reasoning-start', id: 'r' }, { type: 'reasoning-delta', id: 'r', delta: 'The user wants the config' },
        { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Reading' },
        { type: 'tool-input-start', id: 'call-1', toolName: 'Read' }, { type: 'tool-input-delta', id: 'call-1', delta: '{"pa' },
        { type: 'error', error: providerError },
      ],
    }],
  });
}

describe('createTurnUIMessageStream: a request that fails mid-block', () => {
  it('leaves no part streaming: reasoning and text end done, the unfinished call ends output-error', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, retry: { maxAttempts: 1, initialDelayMs: 1 } });
    const stream = createTurnUIMessageStream({ runtime, uiMessages: [userMessage], model: failingMidBlock().model });
    const [forChunks, forMessage] = stream.tee();
    const chunks: TurnUIMessageChunk[] = [];
    const reading = (async () => {
      const reader = forChunks.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    })();
    let message: TurnUIMessage | undefined;
    for await (const update of readUIMessageStream<TurnUIMessage>({ stream: forMessage })) message = update;
    await reading;

    expect(chunks.map((chunk) => chunk.type).slice(-4)).toEqual(['reasoning-end', 'tool-input-error', 'error', 'finish']);
    expect(message!.parts.map((part) => [part.type, (part as { state?: string }).state])).toEqual([
      ['step-start', undefined], ['reasoning', 'done'], ['text', 'done'], ['tool-Read', 'output-error'],
    ]);
    expect(message!.parts[3]).toMatchObject({ errorText: "The model's request ended before the input of Read was complete; the call did not run." });
  });

  it('is async-iterable, as streamText toUIMessageStream()', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const types: string[] = [];
    for await (const chunk of createTurnUIMessageStream({ runtime, uiMessages: [userMessage], model: createScriptedModel({ steps: [{ text: 'Done.' }] }).model })) types.push(chunk.type);
    expect(types).toEqual(['start', 'start-step', 'text-start', 'text-delta', 'text-end', 'finish-step', 'finish']);
  });
});
