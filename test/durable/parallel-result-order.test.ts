import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryStepRunner } from '../../src/durable/create-memory-step-runner.js';
import type { DurableStepRunner } from '../../src/durable/durable-step-runner.js';
import { runDurableTurn } from '../../src/durable/run-durable-turn.js';
import { createScriptedModel } from '../../src/testing/index.js';

/** `wait` answers after `ms` of wall time (a timer), `note` at once. */
const tools: ToolSet = {
  wait: tool({ description: 'Wait a while.', inputSchema: z.object({ ms: z.number() }), execute: async ({ ms }) => (await new Promise((resolve) => setTimeout(resolve, ms)), `waited ${ms}`) }),
  note: tool({ description: 'Note a text.', inputSchema: z.object({ text: z.string() }), execute: async ({ text }) => `noted ${text}` }),
};
// three parallel calls that finish in another order than they started: 2nd, 3rd, 1st
const steps = [
  { toolCalls: [{ toolName: 'wait', input: { ms: 60 } }, { toolName: 'note', input: { text: 'early' } }, { toolName: 'wait', input: { ms: 20 } }] },
  { text: 'in order' },
];
const turnOf = (runner: DurableStepRunner) =>
  runDurableTurn({ runner, runtime: { tools, direct: ['wait', 'note'] }, model: createScriptedModel({ steps }).model, input: { prompt: 'three at once' } });

/** A runner over `inner` whose steps settle in `order` (indices of the steps as `run` was asked for them), each a macrotask after the one before. */
function settlingIn(inner: DurableStepRunner, order: readonly number[]): DurableStepRunner {
  const held: { settle: () => void }[] = [];
  return {
    ...inner,
    run<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const step = inner.run(name, fn);
      if (!name.startsWith('tool:')) return step;
      return new Promise<T>((resolve, reject) => {
        held.push({ settle: () => void step.then(resolve, reject) });
        if (held.length === order.length) void (async () => {
          for (const index of order) {
            await new Promise((next) => setImmediate(next));
            held[index]!.settle();
          }
        })();
      });
    },
  };
}

describe('parallel tool results reach a durable turn in call order, however their steps settle (C29, S18)', () => {
  it('a replay whose recorded steps all answer at once gives the durations, trace and snapshot of the first execution, whose calls finished 2nd, 3rd, 1st', async () => {
    const first = createMemoryStepRunner();
    const live = await turnOf(first);
    expect(live.steps[0]!.toolResults.map((result) => result.output)).toEqual(['waited 60', 'noted early', 'waited 20']);
    const replay = createMemoryStepRunner({ records: first.records });
    const again = await turnOf(replay);
    expect(replay.calls.every((call) => !call.ran)).toBe(true);
    expect(again).toEqual(live);
    expect(replay.snapshots).toEqual(first.snapshots);
  });

  it('an engine that hands the recorded results back in any order, one at a time or together, gives the same turn', async () => {
    const reference = createMemoryStepRunner();
    const expected = await turnOf(reference);
    for (const order of [[0, 1, 2], [1, 2, 0], [2, 1, 0], [1, 0, 2]]) {
      const runner = createMemoryStepRunner({ records: reference.records });
      expect(await turnOf(settlingIn(runner, order)), `settled in order ${order.join(',')}`).toEqual(expected);
      expect(runner.snapshots, `settled in order ${order.join(',')}`).toEqual(reference.snapshots);
    }
  });
});
