import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { durableModel } from '../../src/durable/durable-model.js';
import type { DurableStepRunner } from '../../src/durable/durable-step-runner.js';

/** A provider that has its whole answer at once: a text of `words` deltas, then finish. */
function instantModel(words: number): MockLanguageModelV4 {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    ...Array.from({ length: words }, (_, index): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't', delta: `w${index} ` })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage: { inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: words, text: words, reasoning: 0 } } },
  ];
  return new MockLanguageModelV4({
    doStream: async () => ({
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    }),
  });
}

/** A runner that logs when a step's result is handed to it and acknowledges it only when `acknowledge` is called. */
function gatedRunner(events: string[]): { readonly runner: DurableStepRunner; readonly acknowledge: () => void } {
  let acknowledge!: () => void;
  const acknowledged = new Promise<void>((resolve) => (acknowledge = resolve));
  const runner: DurableStepRunner = {
    async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const value = await fn();
      events.push(`${name} handed to the engine`);
      await acknowledged;
      events.push(`${name} acknowledged`);
      return value;
    },
    all: (steps) => Promise.all(steps),
    saveSnapshot: () => {},
    now: () => 0,
    generateId: () => 'id',
  };
  return { runner, acknowledge: () => acknowledge() };
}

describe('durableModel: the pass-through of a model call (issue 15 items 3 and 4)', () => {
  it('a provider that answers at once has its whole response handed to the engine before the turn reads the first part, which still arrives before the record is acknowledged', async () => {
    const events: string[] = [];
    const { runner, acknowledge } = gatedRunner(events);
    const model = durableModel(instantModel(40), runner);
    const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
    const reader = stream.getReader();
    const first = await reader.read();
    events.push(`the turn reads ${first.done ? 'the end' : first.value.type}`);
    acknowledge();
    const rest: string[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest.push(next.value.type === 'text-delta' ? next.value.delta : next.value.type);
    expect(events).toEqual(['model:0 handed to the engine', 'the turn reads stream-start', 'model:0 acknowledged']);
    expect(rest).toEqual(['text-start', ...Array.from({ length: 40 }, (_, index) => `w${index} `), 'text-end', 'finish']);
  });
});
