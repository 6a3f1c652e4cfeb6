import { describe, expect, it } from 'vitest';
import { APICallError } from 'ai';
import { createToolSearchRuntime, type TurnStreamPart } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect, sampleTools } from '../helpers/sample-tools.js';

function runtimeOf() {
  const { tools } = sampleTools();
  return createToolSearchRuntime({ tools, retry: { maxAttempts: 1, initialDelayMs: 1 } });
}

const types = (parts: readonly TurnStreamPart[]) => parts.map((part) => part.type);
const providerError = (statusCode: number) => new APICallError({ message: `HTTP ${statusCode}`, url: 'https://provider.test', requestBodyValues: {}, statusCode, isRetryable: statusCode >= 500 });

describe('turn.stream, an AsyncIterableStream as streamText fullStream', () => {
  it('read after result settled still gives every part, ending with turn-end', async () => {
    const turn = runtimeOf().send({ model: createScriptedModel({ steps: [{ text: 'Done.' }] }).model, prompt: 'go' });
    const result = await turn.result;
    const parts = await collect(turn.stream);
    expect(result.status).toBe('completed');
    expect(types(parts)).toEqual(['step-start', 'text-start', 'text-delta', 'text-end', 'step-end', 'turn-end']);
  });

  it('is a ReadableStream: getReader, pipeThrough and locked work, and a second getReader throws a TypeError', async () => {
    const turn = runtimeOf().send({ model: createScriptedModel({ steps: [{ text: 'Done.' }] }).model, prompt: 'go' });
    expect(turn.stream).toBeInstanceOf(ReadableStream);
    const piped = turn.stream.pipeThrough(new TransformStream<TurnStreamPart, string>({ transform: (part, controller) => controller.enqueue(part.type) }));
    expect(turn.stream.locked).toBe(true);
    expect(() => turn.stream.getReader()).toThrow(TypeError);
    expect(() => turn.stream.getReader()).toThrow(/can be read once/);
    const reader = piped.getReader();
    const seen: string[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) seen.push(next.value);
    expect(seen.at(-1)).toBe('turn-end');
    expect(seen).toContain('text-delta');
  });

  it('tee() gives both branches every part', async () => {
    const turn = runtimeOf().send({ model: createScriptedModel({ steps: [{ text: 'Done.' }] }).model, prompt: 'go' });
    const [left, right] = turn.stream.tee();
    const read = async (stream: ReadableStream<TurnStreamPart>) => {
      const reader = stream.getReader();
      const parts: TurnStreamPart[] = [];
      for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
      return parts;
    };
    const [fromLeft, fromRight] = await Promise.all([read(left), read(right)]);
    expect(types(fromLeft)).toEqual(['step-start', 'text-start', 'text-delta', 'text-end', 'step-end', 'turn-end']);
    expect(fromRight).toEqual(fromLeft);
  });

  it('cancelling the reader with a reason ends the reading, not the turn', async () => {
    const turn = runtimeOf().send({ model: createScriptedModel({ steps: [{ text: 'Done.' }] }).model, prompt: 'go' });
    const reader = turn.stream.getReader();
    expect((await reader.read()).value).toMatchObject({ type: 'step-start' });
    await reader.cancel('no longer interested');
    expect(await turn.result).toMatchObject({ status: 'completed', text: 'Done.' });
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });

  it('a request that fails after reasoning and text started closes both blocks before turn-end', async () => {
    const scripted = createScriptedModel({
      steps: [{
        parts: [
          { type: 'reasoning-start', id: 'r' }, { type: 'reasoning-delta', id: 'r', delta: 'thinking' },
          { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Hal' },
          { type: 'error', error: providerError(400) },
        ],
      }],
    });
    const turn = runtimeOf().send({ model: scripted.model, prompt: 'go' });
    const parts = await collect(turn.stream);
    expect(types(parts)).toEqual(['step-start', 'reasoning-start', 'reasoning-delta', 'text-start', 'text-delta', 'reasoning-end', 'text-end', 'turn-end']);
    expect(parts.find((part) => part.type === 'reasoning-end')).toEqual({ type: 'reasoning-end', id: 'r', stepIndex: 0, attempt: 1 });
    expect(parts.at(-1)).toMatchObject({ type: 'turn-end', status: 'failed', reason: 'model-error' });
  });
});
