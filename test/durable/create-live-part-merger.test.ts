import { describe, expect, it } from 'vitest';
import { createLivePartMerger, LOST_EXECUTION_ERROR } from '../../src/durable/create-live-part-merger.js';
import { createLiveTurnHub } from '../../src/durable/create-live-turn-hub.js';
import { createMemoryStepRunner } from '../../src/durable/create-memory-step-runner.js';
import { livePartSink } from '../../src/durable/http-live-publisher.js';
import { runDurableTurn } from '../../src/durable/run-durable-turn.js';
import type { TurnStreamPart } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { MockLanguageModelV4 } from 'ai/test';

const turn: TurnStreamPart[] = [
  { type: 'step-start', stepIndex: 0, attempt: 1, visible: ['tool_search'], schemaChars: {} },
  { type: 'tool-call', stepIndex: 0, toolCallId: 'c0', toolName: 'note', input: {} },
  { type: 'tool-result', stepIndex: 0, toolCallId: 'c0', toolName: 'note', outcome: 'ok', output: 'noted', durationMs: 1 } as TurnStreamPart,
  { type: 'step-end', stepIndex: 0, finishReason: 'tool-calls' },
  { type: 'step-start', stepIndex: 1, attempt: 1, visible: ['tool_search'], schemaChars: {} },
  { type: 'text-delta', stepIndex: 1, attempt: 1, id: 't', text: 'hel' },
  { type: 'text-delta', stepIndex: 1, attempt: 1, id: 't', text: 'lo' },
  { type: 'step-end', stepIndex: 1, finishReason: 'stop' },
  { type: 'turn-end', status: 'completed', reason: 'completed' } as TurnStreamPart,
];

const accept = (merger: ReturnType<typeof createLivePartMerger>, execution: string, parts: readonly TurnStreamPart[]) => parts.flatMap((part) => merger.accept(execution, part));

describe('createLivePartMerger (issue 15, live output)', () => {
  it('delivers each part once when every execution tells the turn again from the start (replays after suspensions and crashes)', () => {
    const merger = createLivePartMerger();
    const delivered = [...accept(merger, 'e1', turn.slice(0, 3)), ...accept(merger, 'e2', turn.slice(0, 6)), ...accept(merger, 'e3', turn)];
    expect(delivered).toEqual(turn);
    expect(merger.ended).toBe(true);
    expect(accept(merger, 'e4', turn)).toEqual([]);
  });

  it('replaces the text of a lost execution with a retry part and the next execution\'s text, one attempt higher; later parts of the step follow the new numbering', () => {
    const merger = createLivePartMerger();
    const lost = accept(merger, 'e1', [...turn.slice(0, 5), { type: 'text-delta', stepIndex: 1, attempt: 1, id: 't', text: 'bye' }]);
    expect(lost.at(-1)).toEqual({ type: 'text-delta', stepIndex: 1, attempt: 1, id: 't', text: 'bye' });
    const next = accept(merger, 'e2', [...turn.slice(0, 7), { type: 'retry', stepIndex: 1, attempt: 1, delayMs: 5, error: 'overloaded' }, { type: 'step-start', stepIndex: 1, attempt: 2, visible: [], schemaChars: {} }]);
    expect(next).toEqual([
      { type: 'retry', stepIndex: 1, attempt: 1, delayMs: 0, error: LOST_EXECUTION_ERROR },
      { type: 'text-delta', stepIndex: 1, attempt: 2, id: 't', text: 'hel' },
      { type: 'text-delta', stepIndex: 1, attempt: 2, id: 't', text: 'lo' },
      { type: 'retry', stepIndex: 1, attempt: 2, delayMs: 5, error: 'overloaded' },
      { type: 'step-start', stepIndex: 1, attempt: 3, visible: [], schemaChars: {} },
    ]);
  });

  it('when the next execution ends the step with fewer deltas than were delivered, the step end brings a retry part and its shorter text', () => {
    const merger = createLivePartMerger();
    accept(merger, 'e1', [...turn.slice(0, 7), { type: 'text-delta', stepIndex: 1, attempt: 1, id: 't', text: ' world' }]);
    const next = accept(merger, 'e2', turn.slice(0, 8));
    expect(next).toEqual([
      { type: 'retry', stepIndex: 1, attempt: 1, delayMs: 0, error: LOST_EXECUTION_ERROR },
      { type: 'text-delta', stepIndex: 1, attempt: 2, id: 't', text: 'hel' },
      { type: 'text-delta', stepIndex: 1, attempt: 2, id: 't', text: 'lo' },
      { type: 'step-end', stepIndex: 1, finishReason: 'stop' },
    ]);
  });
});

describe('live output of a durable turn through a hub (issue 15, live output)', () => {
  it('a subscriber reads the text deltas of a model call before the call is recorded, and a re-execution adds nothing twice', async () => {
    const hub = createLiveTurnHub();
    const runner = createMemoryStepRunner();
    const order: string[] = [];
    const watched = { ...runner, run: async <T>(name: string, fn: () => Promise<T>) => { const value = await runner.run(name, fn); order.push(`recorded ${name}`); return value; } };
    let seen!: () => void;
    const clientSawText = new Promise<void>((resolve) => (seen = resolve));
    const reading = (async () => {
      const parts: TurnStreamPart[] = [];
      for await (const part of hub.subscribe('turn-1') as unknown as AsyncIterable<TurnStreamPart>) {
        parts.push(part);
        if (part.type === 'text-delta') order.push(`client text ${part.text}`), seen();
      }
      return parts;
    })();
    // the provider's stream finishes only once the client has read its delta: without live output this would never end
    const model = new MockLanguageModelV4({
      doStream: async () => ({
        stream: new ReadableStream({
          async start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'streamed' });
            await clientSawText;
            controller.enqueue({ type: 'text-end', id: 't' });
            controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } } });
            controller.close();
          },
        }),
      }),
    });
    const first = livePartSink(hub, 'turn-1', 'e1');
    const result = await runDurableTurn({ runner: watched, runtime: { tools: {} }, model, input: { prompt: 'hi' }, onPart: first.onPart });
    await first.flush();
    const again = livePartSink(hub, 'turn-1', 'e2');
    await runDurableTurn({ runner: createMemoryStepRunner({ records: runner.records }), runtime: { tools: {} }, model: createScriptedModel({ steps: [] }).model, input: { prompt: 'hi' }, onPart: again.onPart });
    await again.flush();
    const parts = await reading;
    expect(result.text).toBe('streamed');
    expect(order).toEqual(['client text streamed', 'recorded model:0']);
    expect(parts.map((part) => part.type)).toEqual(['step-start', 'text-start', 'text-delta', 'text-end', 'step-end', 'turn-end']);
  });
});
