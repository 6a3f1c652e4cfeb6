import { jsonSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

// C24 against a custom ranker's scores: NaN, infinite, negative, zero, all equal, one match, not
// sorted. The floor is a fraction of the first clean score; it never reorders, never loads a
// malformed entry, and is reported like the other bounds.

const NAMES = ['t0', 't1', 't2', 't3', 't4', 't5', 't6'];
const shared = tool({ description: 'A tool', inputSchema: jsonSchema({ type: 'object', properties: {} }), execute: async () => 'ok' });
const tools: ToolSet = Object.fromEntries(NAMES.map((name) => [name, shared]));

async function searchWith(scores: readonly (readonly [string, unknown])[], input: { query: string; limit?: number } = { query: 'anything' }) {
  const records: TelemetryRecord[] = [];
  const runtime = createToolSearchRuntime({
    tools,
    ranker: () => ({ name: 'hostile', rank: () => scores.map(([name, score]) => ({ name, score }) as never) }),
    telemetry: callbackSink((record) => void records.push(record)),
  });
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input }] }, { text: 'done' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  const output = result.steps[0]!.toolResults[0]!.output as { activated: string[]; reason?: string };
  const search = records.find((record) => record.type === 'search.end') as { skipped: { name: string; reason: string }[]; rankerDrops?: { malformed: number } } | undefined;
  return { output, search: search!, nextTools: scripted.requests[1]!.toolNames };
}

describe('the relevance floor against hostile scores (C24)', () => {
  it('drops NaN and infinite scores as malformed and floors the rest against the best finite score', async () => {
    const { output, search } = await searchWith([['t0', Number.NaN], ['t1', Number.POSITIVE_INFINITY], ['t2', 10], ['t3', 7], ['t4', 6], ['t5', Number.NEGATIVE_INFINITY]]);
    expect(output.activated).toEqual(['t2', 't3']);
    expect(search.rankerDrops?.malformed).toBe(3);
    expect(search.skipped).toEqual([{ name: 't4', reason: 'below-relevance-floor' }]);
    expect(output.reason).toContain('Stopped before t4: it scores below 62% of the best match (relevance floor)');
  });

  it('gives no floor when the best score is zero or negative: the limit alone bounds the search', async () => {
    const negative = await searchWith([['t0', -1], ['t1', -50], ['t2', -1e9], ['t3', 0], ['t4', -0.5], ['t5', -2]]);
    expect(negative.output.activated).toEqual(['t0', 't1', 't2', 't3', 't4']);
    const zero = await searchWith([['t0', 0], ['t1', 0], ['t2', -3]]);
    expect(zero.output.activated).toEqual(['t0', 't1', 't2']);
    // a positive best floors every match below it, negative ones too
    const mixed = await searchWith([['t0', 2], ['t1', -2], ['t2', 1.9]]);
    expect(mixed.output.activated).toEqual(['t0']);
    expect(mixed.search.skipped.map((skip) => skip.name)).toEqual(['t1', 't2']);
  });

  it('loads every match of equal score up to the limit, and a single match alone', async () => {
    const equal = await searchWith(NAMES.map((name) => [name, 0.42] as const));
    expect(equal.output.activated).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(equal.output.reason).toBeUndefined();
    const one = await searchWith([['t3', 1e-300]]);
    expect(one.output).toEqual({ activated: ['t3'] });
    expect(one.nextTools).toEqual(['tool_search', 't3']);
  });

  it('never reorders a ranking that is not sorted: the floor is a fraction of the first score, and the walk stops at the first match below it', async () => {
    const { output, search } = await searchWith([['t0', 1], ['t1', 100], ['t2', 0.1], ['t3', 100]]);
    expect(output.activated).toEqual(['t0', 't1']);
    expect(search.skipped).toEqual([{ name: 't2', reason: 'below-relevance-floor' }, { name: 't3', reason: 'below-relevance-floor' }]);
  });

  it('takes a limit the model asks for as asked, whatever the scores, and extreme finite scores stay finite floors', async () => {
    const asked = await searchWith([['t0', 10], ['t1', 0.001], ['t2', -4]], { query: 'anything', limit: 3 });
    expect(asked.output.activated).toEqual(['t0', 't1', 't2']);
    const huge = await searchWith([['t0', Number.MAX_VALUE], ['t1', Number.MAX_VALUE * 0.7], ['t2', Number.MAX_VALUE * 0.5]]);
    expect(huge.output.activated).toEqual(['t0', 't1']);
  });
});
