import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, DEFAULT_MAX_UNREAD_PARTS, type TurnResult } from '../../src/index.js';
import { createTurnUIMessageStream, type TurnUIMessage } from '../../src/ui/index.js';
import { longTextModel } from '../helpers/long-text-model.js';
import { sampleTools } from '../helpers/sample-tools.js';

// A slow reader of a turn's UI message stream (a slow HTTP client) holds the model back, as a
// slow reader of streamText's toUIMessageStream() does; a reader that leaves still cancels the
// turn and onEnd still gets the whole answer. No timing: the slow reader yields to the event
// loop between reads.

const DELTAS = 2_000;
/** streamText's read-ahead (about 12 parts) plus the few chunks between the SDK's writer and the reader. */
const PIPELINE_SLACK = 24;
type Ended = { messages: TurnUIMessage[]; result: TurnResult | undefined };
const userMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'write a long answer' }] };
const eventLoopTurns = async (count: number) => {
  for (let index = 0; index < count; index++) await new Promise((resolve) => setImmediate(resolve));
};

describe('createTurnUIMessageStream backpressure', () => {
  it('a slow reader of the UI stream holds the model stream back, and gets every delta', async () => {
    const long = longTextModel({ deltas: DELTAS });
    const runtime = createToolSearchRuntime({ tools: sampleTools().tools });
    let ended: Ended | undefined;
    const reader = createTurnUIMessageStream({ runtime, uiMessages: [userMessage], model: long.model, onEnd: (event) => { ended = event; } }).getReader();
    let deltasRead = 0;
    let largestLead = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      if (next.value.type === 'text-delta') deltasRead++;
      largestLead = Math.max(largestLead, long.pulled() - deltasRead);
      await eventLoopTurns(3);
    }

    expect(deltasRead).toBe(DELTAS);
    expect(largestLead).toBeLessThanOrEqual(DEFAULT_MAX_UNREAD_PARTS + PIPELINE_SLACK);
    expect(ended!.result).toMatchObject({ status: 'completed' });
    expect(ended!.messages.at(-1)!.parts.at(-1)).toEqual({ type: 'text', text: 'word '.repeat(DELTAS), state: 'done' });
  });

  it('a reader that stops reading and then cancels: the turn is cancelled at once and onEnd gets the answer so far', async () => {
    const long = longTextModel({ deltas: DELTAS });
    const runtime = createToolSearchRuntime({ tools: sampleTools().tools });
    let onEnd: (event: Ended) => void = () => {};
    const ending = new Promise<Ended>((resolve) => { onEnd = resolve; });
    const reader = createTurnUIMessageStream({ runtime, uiMessages: [userMessage], model: long.model, onEnd: (event) => onEnd(event) }).getReader();
    for (let index = 0; index < 5; index++) await reader.read();
    await eventLoopTurns(50);
    expect(long.pulled()).toBeLessThan(DELTAS);

    await reader.cancel('the client went away');
    const ended = await ending;
    expect(ended.result).toMatchObject({ status: 'cancelled' });
    expect(ended.messages.at(-1)!.metadata).toMatchObject({ status: 'cancelled' });
    const text = ended.messages.at(-1)!.parts.find((part) => part.type === 'text') as { text: string } | undefined;
    expect(text!.text.length).toBeGreaterThan(0);
    expect(text!.text.length).toBeLessThan('word '.repeat(DELTAS).length);
  });
});
