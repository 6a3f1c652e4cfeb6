import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { formatReport } from '../../src/report/format-report.js';
import { summarizeTrace } from '../../src/report/summarize-trace.js';
import { createScriptedModel, type ScriptedStep } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

async function traceOf(turns: { prompt: string; steps: ScriptedStep[]; cancelAfterMs?: number; requiredTools?: string[] }[], prefetch?: { limit: number }, toolMode?: 'code') {
  const records: TelemetryRecord[] = [];
  const { tools, groups } = sampleTools();
  let next = 0;
  const runtime = createToolSearchRuntime({
    tools,
    groups,
    telemetry: callbackSink((record) => void records.push(record)),
    generateId: () => `T${next++}`,
    ...(prefetch === undefined ? {} : { prefetch }),
    ...(toolMode === undefined ? {} : { toolMode }),
  });
  for (const turn of turns) {
    const running = runtime.send({ model: createScriptedModel({ steps: turn.steps }).model, prompt: turn.prompt, ...(turn.requiredTools === undefined ? {} : { requiredTools: turn.requiredTools }) });
    if (turn.cancelAfterMs !== undefined) setTimeout(() => running.cancel(), turn.cancelAfterMs);
    await running.result;
  }
  return summarizeTrace({ records });
}

const SLACK = 'Post a message to the Slack channel #ops';

describe('turnscope report: silent misses', () => {
  it('flags a turn that ended without a search while deferred tools matched the message, with the best matches', async () => {
    const summary = await traceOf([
      { prompt: 'Post a message to the Slack channel #ops', steps: [{ text: 'I have no tool for that.' }] },
      { prompt: 'Post a message to the Slack channel #ops', steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'slack' } }] }, { text: 'found it' }] },
      { prompt: 'List the pull requests of turnscope', steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'group:github' } }] }, { text: 'listed' }] },
    ]);
    const [miss, searched, listed] = summary.turns;
    expect(miss!.silentMiss?.matches[0]?.name).toBe('slack_post_message');
    expect(miss!.silentMiss!.matches.length).toBeLessThanOrEqual(3);
    expect(miss!.silentMiss!.prefetched).toEqual([]);
    expect(searched!.silentMiss).toBeNull();
    expect(listed!.silentMiss).toBeNull();
    expect(summary.totals.silentMisses).toBe(1);
    const text = formatReport(summary);
    expect(text).toMatch(/no search, tools matched\s+1\n/);
    expect(text).toContain('T0  completed (stop), 1 step, ');
    expect(text).toMatch(/T0 .*SILENT MISS: no search, the message matched slack_post_message/);
    expect(text).not.toMatch(/T1 .*SILENT MISS/);
  });

  it('does not flag a turn whose message matched nothing, nor one that called a prefetched tool; counts the prefetch apart', async () => {
    const quiet = await traceOf([{ prompt: 'zzqx', steps: [{ text: 'hello' }] }]);
    expect(quiet.turns[0]!.silentMiss).toBeNull();

    const prefetched = await traceOf(
      [
        { prompt: 'Post a message to the Slack channel #ops', steps: [{ toolCalls: [{ toolName: 'slack_post_message', input: { channel: '#ops', text: 'hi' } }] }, { text: 'posted' }] },
        { prompt: 'Post a message to the Slack channel #ops', steps: [{ text: 'I cannot.' }] },
      ],
      { limit: 1 },
    );
    expect(prefetched.turns.map((turn) => [turn.searches, turn.prefetches])).toEqual([[0, 1], [0, 1]]);
    expect(prefetched.turns[0]!.silentMiss).toBeNull();
    expect(prefetched.turns[1]!.silentMiss?.matches[0]?.name).toBe('slack_post_message');
    // the model had the tool from step 0 and answered without it: the report says so (before, it
    // read as if the tool had never been in reach)
    expect(prefetched.turns[1]!.silentMiss?.prefetched).toEqual(['slack_post_message']);
    expect(formatReport(prefetched)).toMatch(/T1 .*SILENT MISS: no search, the message matched slack_post_message.*; prefetched, visible from step 0, not called: slack_post_message$/m);
    expect(prefetched.turns[0]!.recall).toEqual({ called: ['slack_post_message'], inTopK: ['slack_post_message'], value: 1 });
    expect(formatReport(prefetched)).toMatch(/searches\s+0 \(0 repeated, 0 revised\), 2 prefetched/);
  });

  it('does not flag a turn the model never answered: failed on a provider error at step 0, or cancelled before its answer', async () => {
    const summary = await traceOf([
      { prompt: SLACK, steps: [{ error: new APICallError({ message: 'HTTP 400', url: 'https://provider.test/v1', requestBodyValues: {}, statusCode: 400, isRetryable: false }) }] },
      { prompt: SLACK, steps: [{ text: 'too late', delayMs: 5_000 }], cancelAfterMs: 20 },
      { prompt: SLACK, steps: [{ text: 'I have no tool for that.' }] },
    ]);
    expect(summary.turns.map((turn) => turn.status)).toEqual(['failed', 'cancelled', 'completed']);
    expect(summary.turns.map((turn) => turn.silentMiss?.matches[0]?.name ?? null)).toEqual([null, null, 'slack_post_message']);
    expect(summary.totals.silentMisses).toBe(1);
  });

  it("code mode: an exec call's code that calls a prefetched tool, or searches, is no miss; an exec that calls only a direct tool is one", async () => {
    const summary = await traceOf(
      [
        { prompt: SLACK, steps: [{ toolCalls: [{ toolName: 'exec', input: { code: 'return await tools.slack_post_message({ channel: "#ops", text: "hi" })' } }] }, { text: 'posted' }] },
        { prompt: SLACK, steps: [{ toolCalls: [{ toolName: 'exec', input: { code: 'return await tools.tool_search({ query: "slack post" })' } }] }, { text: 'found' }] },
        { prompt: SLACK, steps: [{ toolCalls: [{ toolName: 'exec', input: { code: 'return await tools.Read({ path: "notes.txt" })' } }] }, { text: 'I cannot post.' }] },
      ],
      { limit: 1 },
      'code',
    );
    expect(summary.turns.map((turn) => turn.status)).toEqual(['completed', 'completed', 'completed']);
    expect(summary.turns[0]!.recall.called).toEqual(['slack_post_message']);
    expect(summary.turns.map((turn) => turn.silentMiss?.matches[0]?.name ?? null)).toEqual([null, null, 'slack_post_message']);
  });

  it('a turn that called the required tool its message matched is no miss; one that left it uncalled says it was visible without a search', async () => {
    const summary = await traceOf([
      { prompt: SLACK, requiredTools: ['slack_post_message'], steps: [{ toolCalls: [{ toolName: 'slack_post_message', input: { channel: '#ops', text: 'hi' } }] }, { text: 'posted' }] },
      { prompt: SLACK, requiredTools: ['slack_post_message'], steps: [{ text: 'I cannot.' }] },
    ]);
    expect(summary.turns.map((turn) => turn.status)).toEqual(['completed', 'completed']);
    // before: the first turn read 'SILENT MISS: no search, the message matched slack_post_message'
    // though the model had called that tool (origin required)
    expect(summary.turns[0]!.silentMiss).toBeNull();
    expect(summary.turns[1]!.silentMiss?.matches[0]?.name).toBe('slack_post_message');
    expect(summary.turns[1]!.silentMiss?.required).toEqual(['slack_post_message']);
    expect(summary.turns[1]!.silentMiss?.prefetched).toEqual([]);
    expect(summary.totals.silentMisses).toBe(1);
    expect(formatReport(summary)).toMatch(/T1 .*SILENT MISS: no search, the message matched slack_post_message.*; required, visible without a search, not called: slack_post_message$/m);
  });
});
