import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

describe('TurnResult.messages', () => {
  it('goes as it is to the AI SDK (streamText takes a mutable messages array) and to the next send()', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const first = await runtime.send({ model: createScriptedModel({ steps: [{ text: 'hello' }] }).model, prompt: 'hi' }).result;

    // type-checked by `tsc --noEmit` in npm test: no spread or cast needed
    const streamed = streamText({ model: createScriptedModel({ steps: [{ text: 'streamed' }] }).model, messages: first.messages });
    const second = await runtime.send({ model: createScriptedModel({ steps: [{ text: 'bye' }] }).model, messages: first.messages }).result;

    expect(await streamed.text).toBe('streamed');
    expect(second.messages.slice(0, first.messages.length)).toEqual(first.messages);
    expect(second.messages).not.toBe(first.messages);
  });
});
