// Per-step overhead of a turnscope turn against a bare AI SDK streamText loop, both driven by
// the same scripted model (part of `npm run bench`). Prints a table; asserts nothing.
//
// Both loops run the same script: STEPS steps that each call one tool (which returns at once),
// then a text answer. The bare loop is one streamText call with the tools' execute and
// stopWhen: isStepCount(STEPS + 1); turnscope runs a turn with the same tools bound as direct
// tools, so each step adds what turnscope does around the model call: the turn machine's
// transitions, the projection of the visible set, the availability guard, input validation
// and the pipeline. Turns alternate between the two loops, so load on the machine hits both.
import { isStepCount, streamText, tool, type ToolSet } from 'ai';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { percentile } from '../../src/eval/run-eval.js';
import { createScriptedModel } from '../../src/testing/index.js';

const STEPS = 8;
const WARM_UP_TURNS = 30;
const TURNS = 300;

export interface TurnOverheadResult {
  readonly steps: number;
  readonly turns: number;
  /** Median time of one whole turn, in ms. */
  readonly bareTurnMs: number;
  readonly turnscopeTurnMs: number;
  /** Median per step (turn time / steps including the answer), in ms. */
  readonly bareStepMs: number;
  readonly turnscopeStepMs: number;
  /** turnscope / bare − 1, from the medians. */
  readonly overhead: number;
  readonly bareP95TurnMs: number;
  readonly turnscopeP95TurnMs: number;
}

function tools(): ToolSet {
  return {
    lookup_order: tool({ description: 'Look up an order by id.', inputSchema: z.object({ id: z.string() }), execute: async ({ id }) => ({ id, status: 'shipped' }) }),
    get_weather: tool({ description: 'Weather for a city.', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => `${city}: sunny` }),
  };
}

function script() {
  return createScriptedModel({
    steps: [
      ...Array.from({ length: STEPS }, (_, index) => ({
        toolCalls: [index % 2 === 0 ? { toolName: 'lookup_order', input: { id: `o${index}` } } : { toolName: 'get_weather', input: { city: 'Paris' } }],
      })),
      { text: 'done' },
    ],
  });
}

async function bareTurn(): Promise<void> {
  const result = streamText({ model: script().model, tools: tools(), prompt: 'go', stopWhen: isStepCount(STEPS + 1) });
  for await (const _ of result.fullStream);
  if ((await result.steps).length !== STEPS + 1) throw new Error('the bare loop did not run every step');
}

export async function runTurnOverheadBench(): Promise<TurnOverheadResult> {
  const boundTools = tools();
  const runtime = createToolSearchRuntime({ tools: boundTools, direct: Object.keys(boundTools) });
  const turnscopeTurn = async () => {
    const result = await runtime.send({ model: script().model, prompt: 'go' }).result;
    if (result.status !== 'completed' || result.steps.length !== STEPS + 1) throw new Error(`turnscope turn ended ${result.status} after ${result.steps.length} steps`);
  };
  for (let turn = 0; turn < WARM_UP_TURNS; turn += 1) {
    await bareTurn();
    await turnscopeTurn();
  }
  const bare: number[] = [];
  const ours: number[] = [];
  for (let turn = 0; turn < TURNS; turn += 1) {
    let startedAt = performance.now();
    await bareTurn();
    bare.push(performance.now() - startedAt);
    startedAt = performance.now();
    await turnscopeTurn();
    ours.push(performance.now() - startedAt);
  }
  const bareTurnMs = percentile(bare, 0.5);
  const turnscopeTurnMs = percentile(ours, 0.5);
  return {
    steps: STEPS + 1,
    turns: TURNS,
    bareTurnMs,
    turnscopeTurnMs,
    bareStepMs: bareTurnMs / (STEPS + 1),
    turnscopeStepMs: turnscopeTurnMs / (STEPS + 1),
    overhead: turnscopeTurnMs / bareTurnMs - 1,
    bareP95TurnMs: percentile(bare, 0.95),
    turnscopeP95TurnMs: percentile(ours, 0.95),
  };
}

export function formatTurnOverhead(result: TurnOverheadResult): string {
  const ms = (value: number) => value.toFixed(2);
  return [
    `| loop | median turn ms (${result.steps} steps) | p95 turn ms | median per step ms |`,
    '|---|---:|---:|---:|',
    `| bare AI SDK streamText | ${ms(result.bareTurnMs)} | ${ms(result.bareP95TurnMs)} | ${ms(result.bareStepMs)} |`,
    `| turnscope runtime | ${ms(result.turnscopeTurnMs)} | ${ms(result.turnscopeP95TurnMs)} | ${ms(result.turnscopeStepMs)} |`,
    '',
    `Per-step overhead of turnscope over the bare loop: ${(result.overhead * 100).toFixed(1)}% (${ms(result.turnscopeStepMs - result.bareStepMs)} ms per step), ${result.turns} turns each, medians.`,
  ].join('\n');
}
