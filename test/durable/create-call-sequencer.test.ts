import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { z } from 'zod';
import { createCallSequencer } from '../../src/durable/create-call-sequencer.js';
import { createMemoryStepRunner } from '../../src/durable/create-memory-step-runner.js';
import { runDurableTurn } from '../../src/durable/run-durable-turn.js';
import { createScriptedModel } from '../../src/testing/index.js';

/** A turn of three parallel calls c0, c1, c2 whose permission answers after `delays[i]` ms (c0 the slowest), then text. */
async function parallelTurn(decide: (toolCallId: string) => 'allow' | 'deny', delays = [40, 20, 0]) {
  const ran: string[] = [];
  const note = tool({ description: 'Note.', inputSchema: z.object({ text: z.string() }), execute: async ({ text }) => (ran.push(text), `noted ${text}`) });
  const runner = createMemoryStepRunner();
  const model = createScriptedModel({ steps: [{ toolCalls: [0, 1, 2].map((index) => ({ toolName: 'note', input: { text: `c${index}` }, toolCallId: `c${index}` })) }, { text: 'done' }] });
  const seen: string[] = [];
  const result = await runDurableTurn({
    runner,
    runtime: {
      tools: { note },
      direct: ['note'],
      permission: async ({ toolCallId }) => {
        await new Promise((resolve) => setTimeout(resolve, delays[Number(toolCallId.slice(1))]));
        return decide(toolCallId) === 'allow' ? { type: 'allow' } : { type: 'deny', reason: 'no' };
      },
    },
    model: model.model,
    input: { prompt: 'go', inspect: (event) => void (event.type === '@xstate.event' && seen.push(event.event.type)) },
  });
  return { result, ran, steps: runner.calls.map((call) => call.name.replace(/^tool:[^:]+:\d+:/, 'tool:')), seen };
}

describe('the parallel calls of a step are journaled in call order (C29)', () => {
  it('calls that pass permission in reverse order start their steps in call order', async () => {
    const { result, ran, steps } = await parallelTurn(() => 'allow');
    expect(steps).toEqual(['model:0', 'tool:c0', 'tool:c1', 'tool:c2', 'model:1']);
    expect(ran).toEqual(['c0', 'c1', 'c2']);
    expect(result.steps[0]!.toolResults.map((entry) => entry.output)).toEqual(['noted c0', 'noted c1', 'noted c2']);
  });

  it('a call denied after the others does not hold them for ever: they start once it has its result, in order; the caller\'s inspect still sees every event', async () => {
    const { result, steps, seen } = await parallelTurn((id) => (id === 'c0' ? 'deny' : 'allow'));
    expect(steps).toEqual(['model:0', 'tool:c1', 'tool:c2', 'model:1']);
    expect(result.steps[0]!.toolResults.map((entry) => entry.outcome)).toEqual(['denied', 'ok', 'ok']);
    expect(seen.filter((type) => type === 'TOOL_CALL_STARTED')).toHaveLength(3);
  });
});

describe('the results of a step\'s parallel calls reach the turn in call order (S18)', () => {
  const event = (inner: Record<string, unknown>) => ({ type: '@xstate.event', rootId: 'root', actorRef: { sessionId: 'root' }, event: inner }) as unknown as InspectionEvent;
  const started = (sequencer: ReturnType<typeof createCallSequencer>, ids: string[]) => {
    for (const toolCallId of ids) sequencer.observe(event({ type: 'TOOL_CALL_STARTED', toolCallId }));
  };

  it('a result waits until every call of the step started its step and the calls before it have results; a call the turn did not start waits for nothing', async () => {
    const sequencer = createCallSequencer();
    started(sequencer, ['a', 'b', 'c']);
    const order: string[] = [];
    const c = sequencer.resultTurnOf('c').then(() => order.push('c'));
    const b = sequencer.resultTurnOf('b').then(() => order.push('b'));
    await sequencer.turnOf('a');
    await sequencer.turnOf('b');
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    // c has not started its step yet: a's result waits for it too
    const a = sequencer.resultTurnOf('a').then(() => order.push('a'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    await sequencer.turnOf('c');
    await a;
    expect(order).toEqual(['a']);
    sequencer.observe(event({ type: 'TOOL_RESULT', result: { toolCallId: 'a' } }));
    await b;
    expect(order).toEqual(['a', 'b']);
    sequencer.observe(event({ type: 'TOOL_RESULT', result: { toolCallId: 'b' } }));
    await c;
    expect(order).toEqual(['a', 'b', 'c']);
    await expect(sequencer.resultTurnOf('nested-call')).resolves.toBeUndefined();
  });

  it('a result held for an earlier call is released with the abort reason when the turn aborts', async () => {
    const sequencer = createCallSequencer();
    started(sequencer, ['a', 'b']);
    await sequencer.turnOf('a');
    await sequencer.turnOf('b');
    const controller = new AbortController();
    const held = sequencer.resultTurnOf('b', controller.signal);
    controller.abort(new Error('turn cancelled'));
    await expect(held).rejects.toThrow('turn cancelled');
  });
});
