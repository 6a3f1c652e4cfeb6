import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { createTurnUIMessageStream } from '../../src/ui/index.js';
import { collect, sampleTools } from '../helpers/sample-tools.js';

// C17: a turn whose abortSignal aborted before send() is cancelled before its first request,
// whatever runs between the signal and send() (the UI stream validates and converts first).

describe('a signal already aborted when the turn starts', () => {
  it('send(): cancelled with the signal\'s reason, the model never called, no step', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Bash', input: { command: 'rm -rf /tmp/x' } }] }] });
    const turn = runtime.send({ model: scripted.model, prompt: 'clean up', abortSignal: AbortSignal.abort('user left') });
    const parts = [];
    for await (const part of turn.stream) parts.push(part.type);
    const result = await turn.result;
    expect(result).toMatchObject({ status: 'cancelled', reason: 'cancelled', error: { message: 'aborted: user left' } });
    expect(scripted.requests).toEqual([]);
    expect(result.steps).toEqual([]);
    expect(parts.at(-1)).toBe('turn-end');
  });

  it('createTurnUIMessageStream: an abort chunk and no request to the model', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const scripted = createScriptedModel({ steps: [{ text: 'never sent' }] });
    const chunks = await collect(
      createTurnUIMessageStream({ runtime, uiMessages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }], model: scripted.model, abortSignal: AbortSignal.abort() }),
    );
    expect(chunks.map((chunk) => chunk.type)).toContain('abort');
    expect(scripted.requests).toEqual([]);
  });
});
