// Per-step overhead of a turnscope turn against a bare AI SDK streamText loop, all driven by
// the same scripted model (part of `npm run bench`; `npm run bench -- --turn` runs only this).
// Prints a table; asserts nothing.
//
// Every loop runs the same script: STEPS steps that each call one tool (which returns at once),
// then a text answer; the same model calls, the same tool executions. The bare loop is one
// streamText call with the tools' execute and stopWhen: isStepCount(STEPS + 1). The per-step
// bare loop is what the design requires of any loop that sets the visible tools per step: one
// streamText call per step (stopWhen: isStepCount(1), activeTools), its response messages appended
// to the next call's messages; what it costs over the bare loop is the design's, not turnscope's.
// turnscope runs a turn with the same tools bound as direct tools, its stream read like the bare
// loops' fullStream, so each step adds what turnscope does around the model call: the turn
// machine's transitions, the projection of the visible set, the availability guard, input
// validation and the pipeline. Not the same work: the bare loops convert the zod schemas to
// JSON schema on every step (the SDK does not cache it), turnscope once per runtime; turnscope
// also journals every call (a sha256 of its input). A last row runs the turnscope turn with
// 10,000 more (deferred, never searched) tools bound: a step must cost the same with a large
// catalog. Turns rotate between the loops, so load on the machine hits all of them.
import { isStepCount, jsonSchema, streamText, tool, type ModelMessage, type ToolSet } from 'ai';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { percentile } from '../../src/eval/run-eval.js';
import { createScriptedModel } from '../../src/testing/index.js';

const STEPS = 8;
const WARM_UP_TURNS = 30;
const TURNS = 300;
/** Deferred tools bound beside the two of the large-catalog turnscope row (never searched or called). */
const LARGE_CATALOG_EXTRA_TOOLS = 10_000;

export interface TurnOverheadResult {
  readonly steps: number;
  readonly turns: number;
  /** Median time of one whole turn, in ms. */
  readonly bareTurnMs: number;
  /** The same turn as one streamText call per step (the design's loop without turnscope). */
  readonly perStepTurnMs: number;
  readonly turnscopeTurnMs: number;
  /** Median per step (turn time / steps including the answer), in ms. */
  readonly bareStepMs: number;
  readonly perStepStepMs: number;
  readonly turnscopeStepMs: number;
  /** turnscope / bare − 1, from the medians. */
  readonly overhead: number;
  /** per-step bare / bare − 1: what one streamText call per step costs, inherent to the design. */
  readonly perStepOverhead: number;
  /** turnscope / per-step bare − 1: what turnscope adds to a loop of one streamText call per step. */
  readonly turnscopeOverPerStep: number;
  readonly bareP95TurnMs: number;
  readonly perStepP95TurnMs: number;
  readonly turnscopeP95TurnMs: number;
  /** The turnscope turn with LARGE_CATALOG_EXTRA_TOOLS more deferred tools bound: a step's cost must not grow with B. */
  readonly largeCatalogTools: number;
  readonly largeCatalogTurnMs: number;
  readonly largeCatalogStepMs: number;
  readonly largeCatalogP95TurnMs: number;
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

async function perStepTurn(): Promise<void> {
  const model = script().model;
  const boundTools = tools();
  const names = Object.keys(boundTools);
  const messages: ModelMessage[] = [{ role: 'user', content: 'go' }];
  for (let step = 0; ; step += 1) {
    const result = streamText({ model, tools: boundTools, messages, activeTools: names, stopWhen: isStepCount(1) });
    for await (const _ of result.fullStream);
    const [last] = await result.steps;
    if (last === undefined) throw new Error('the per-step loop got no step');
    messages.push(...last.response.messages);
    if (last.toolCalls.length > 0) continue;
    if (step !== STEPS) throw new Error(`the per-step loop ended after ${step + 1} steps`);
    return;
  }
}

function largeCatalog(): ToolSet {
  const catalog: ToolSet = tools();
  for (let index = 0; index < LARGE_CATALOG_EXTRA_TOOLS; index += 1) {
    catalog[`catalog_tool_${index}`] = tool({
      description: `Catalog tool ${index}: does task ${index % 97} for resource ${index % 89}.`,
      inputSchema: jsonSchema<{ query: string }>({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }),
      execute: async () => 'ok',
    });
  }
  return catalog;
}

export async function runTurnOverheadBench(): Promise<TurnOverheadResult> {
  const boundTools = tools();
  const direct = Object.keys(boundTools);
  const runtime = createToolSearchRuntime({ tools: boundTools, direct });
  const largeRuntime = createToolSearchRuntime({ tools: largeCatalog(), direct });
  const turnscopeTurnOf = (on: typeof runtime) => async () => {
    const turn = on.send({ model: script().model, prompt: 'go' });
    // read like the bare loops read fullStream: every part of the turn's stream
    for await (const _ of turn.stream);
    const result = await turn.result;
    if (result.status !== 'completed' || result.steps.length !== STEPS + 1) throw new Error(`turnscope turn ended ${result.status} after ${result.steps.length} steps`);
  };
  const turnscopeTurn = turnscopeTurnOf(runtime);
  const largeCatalogTurn = turnscopeTurnOf(largeRuntime);
  for (let turn = 0; turn < WARM_UP_TURNS; turn += 1) {
    await bareTurn();
    await perStepTurn();
    await turnscopeTurn();
    await largeCatalogTurn();
  }
  const bare: number[] = [];
  const perStep: number[] = [];
  const ours: number[] = [];
  const large: number[] = [];
  const timed = async (times: number[], run: () => Promise<void>) => {
    const startedAt = performance.now();
    await run();
    times.push(performance.now() - startedAt);
  };
  for (let turn = 0; turn < TURNS; turn += 1) {
    await timed(bare, bareTurn);
    await timed(perStep, perStepTurn);
    await timed(ours, turnscopeTurn);
    await timed(large, largeCatalogTurn);
  }
  const bareTurnMs = percentile(bare, 0.5);
  const perStepTurnMs = percentile(perStep, 0.5);
  const turnscopeTurnMs = percentile(ours, 0.5);
  const largeCatalogTurnMs = percentile(large, 0.5);
  return {
    steps: STEPS + 1,
    turns: TURNS,
    bareTurnMs,
    perStepTurnMs,
    turnscopeTurnMs,
    bareStepMs: bareTurnMs / (STEPS + 1),
    perStepStepMs: perStepTurnMs / (STEPS + 1),
    turnscopeStepMs: turnscopeTurnMs / (STEPS + 1),
    overhead: turnscopeTurnMs / bareTurnMs - 1,
    perStepOverhead: perStepTurnMs / bareTurnMs - 1,
    turnscopeOverPerStep: turnscopeTurnMs / perStepTurnMs - 1,
    bareP95TurnMs: percentile(bare, 0.95),
    perStepP95TurnMs: percentile(perStep, 0.95),
    turnscopeP95TurnMs: percentile(ours, 0.95),
    largeCatalogTools: largeRuntime.catalog.bound.length,
    largeCatalogTurnMs,
    largeCatalogStepMs: largeCatalogTurnMs / (STEPS + 1),
    largeCatalogP95TurnMs: percentile(large, 0.95),
  };
}

export function formatTurnOverhead(result: TurnOverheadResult): string {
  const ms = (value: number) => value.toFixed(2);
  const percent = (ratio: number) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}%`;
  return [
    `| loop | median turn ms (${result.steps} steps) | p95 turn ms | median per step ms |`,
    '|---|---:|---:|---:|',
    `| bare AI SDK streamText | ${ms(result.bareTurnMs)} | ${ms(result.bareP95TurnMs)} | ${ms(result.bareStepMs)} |`,
    `| bare AI SDK, one streamText call per step | ${ms(result.perStepTurnMs)} | ${ms(result.perStepP95TurnMs)} | ${ms(result.perStepStepMs)} |`,
    `| turnscope runtime | ${ms(result.turnscopeTurnMs)} | ${ms(result.turnscopeP95TurnMs)} | ${ms(result.turnscopeStepMs)} |`,
    `| turnscope runtime, ${result.largeCatalogTools.toLocaleString('en-US')} tools bound, ${(result.largeCatalogTools - 2).toLocaleString('en-US')} of them deferred | ${ms(result.largeCatalogTurnMs)} | ${ms(result.largeCatalogP95TurnMs)} | ${ms(result.largeCatalogStepMs)} |`,
    '',
    `Per-step overhead of turnscope over the bare loop: ${percent(result.overhead)} (${ms(result.turnscopeStepMs - result.bareStepMs)} ms per step), ${result.turns} turns each, medians.`,
    `Of that, one streamText call per step (the design) costs ${percent(result.perStepOverhead)} (${ms(result.perStepStepMs - result.bareStepMs)} ms per step); ` +
      `turnscope over that per-step loop: ${percent(result.turnscopeOverPerStep)} (${ms(result.turnscopeStepMs - result.perStepStepMs)} ms per step).`,
    `With ${result.largeCatalogTools.toLocaleString('en-US')} tools bound (the extra ones deferred and never searched; tool_search is offered) a turnscope step takes ${ms(result.largeCatalogStepMs)} ms: ` +
      `${percent(result.largeCatalogStepMs / result.turnscopeStepMs - 1)} against the same turn with 2 tools bound.`,
  ].join('\n');
}
