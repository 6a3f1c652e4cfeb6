import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, InvalidOptionError } from '../../src/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect, sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';

/** The sample catalog's binding options (without its log). */
function binding(log: ExecutionLog = []) {
  const { tools, groups } = sampleTools(log);
  return { tools, groups };
}

const PROMPT = 'Post a message to the Slack channel #ops';

describe('options.prefetch (C25)', () => {
  it('is off by default: step 0 carries no deferred definition and no prefetch search is recorded (S1)', async () => {
    const records: TelemetryRecord[] = [];
    const runtime = createToolSearchRuntime({ ...binding(), telemetry: callbackSink((record) => void records.push(record)) });
    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    const turn = runtime.send({ model: scripted.model, prompt: PROMPT });
    const parts = await collect(turn.stream);
    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
    expect(parts.some((part) => part.type === 'search')).toBe(false);
    expect(records.some((record) => record.type === 'search.end')).toBe(false);
  });

  it("makes the matches of the user's message visible and callable from step 0, recorded as a search with origin prefetch", async () => {
    const log: ExecutionLog = [];
    const records: TelemetryRecord[] = [];
    const runtime = createToolSearchRuntime({ ...binding(log), prefetch: { limit: 1 }, telemetry: callbackSink((record) => void records.push(record)) });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'slack_post_message', input: { channel: '#ops', text: 'hi' } }] }, { text: 'posted' }] });
    const turn = runtime.send({ model: scripted.model, prompt: PROMPT });
    const parts = await collect(turn.stream);
    const result = await turn.result;

    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search', 'slack_post_message']);
    expect(result.steps[0]!.toolResults[0]!.outcome).toBe('ok');
    expect(log).toEqual([{ toolName: 'slack_post_message', input: { channel: '#ops', text: 'hi' } }]);
    expect(result.activated).toEqual(['slack_post_message']);
    expect(parts.slice(0, 3).map((part) => part.type)).toEqual(['search', 'activation', 'step-start']);
    const search = parts[0]!;
    expect(search).toMatchObject({ type: 'search', stepIndex: 0, toolCallId: 'prefetch', origin: 'prefetch', query: PROMPT, effectiveLimit: 1, activated: ['slack_post_message'] });
    const end = records.find((record) => record.type === 'search.end');
    expect(end).toMatchObject({ origin: 'prefetch', toolCallId: 'prefetch', activated: ['slack_post_message'], stepIndex: 0 });
    expect(records.findIndex((record) => record.type === 'turn.start')).toBeLessThan(records.indexOf(end!));
  });

  it("is set per send(): { limit } turns it on, false turns the runtime's off", async () => {
    const runtime = createToolSearchRuntime({ ...binding(), prefetch: { limit: 2 } });
    const off = createScriptedModel({ steps: [{ text: 'ok' }] });
    await runtime.send({ model: off.model, prompt: PROMPT, prefetch: false }).result;
    expect(off.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);

    const plain = createToolSearchRuntime(binding());
    const on = createScriptedModel({ steps: [{ text: 'ok' }] });
    await plain.send({ model: on.model, prompt: 'click the button on the browser page', prefetch: { limit: 1 } }).result;
    expect(on.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search', 'browser_click']);
  });

  it('stays inside the turn ceiling and the schema budget, and never activates a required tool (C1, C10)', async () => {
    const runtime = createToolSearchRuntime({ ...binding(), prefetch: { limit: 20 } });
    const ceiling = createScriptedModel({ steps: [{ text: 'ok' }] });
    const result = await runtime.send({ model: ceiling.model, prompt: PROMPT, boundTools: ['Read', 'browser_click', 'github_create_issue'] }).result;
    for (const name of result.activated) expect(['browser_click', 'github_create_issue']).toContain(name);
    expect(ceiling.requests[0]!.toolNames).not.toContain('slack_post_message');

    const required = createScriptedModel({ steps: [{ text: 'ok' }] });
    const withRequired = await runtime.send({ model: required.model, prompt: PROMPT, requiredTools: ['slack_post_message'] }).result;
    expect(withRequired.activated).not.toContain('slack_post_message');

    const tight = createToolSearchRuntime({ ...binding(), prefetch: { limit: 5 }, search: { maxSchemaChars: 10 } });
    const budget = createScriptedModel({ steps: [{ text: 'ok' }] });
    const turn = tight.send({ model: budget.model, prompt: PROMPT });
    const parts = await collect(turn.stream);
    expect((await turn.result).activated).toEqual([]);
    expect(parts[0]).toMatchObject({ type: 'search', origin: 'prefetch', activated: [] });
  });

  it('is skipped for a message without text', async () => {
    const sync = createToolSearchRuntime({ ...binding(), prefetch: { limit: 3 } });
    const empty = createScriptedModel({ steps: [{ text: 'ok' }] });
    const turn = sync.send({ model: empty.model, messages: [{ role: 'user', content: [{ type: 'image', image: new Uint8Array([1]) }] }] });
    expect((await collect(turn.stream)).some((part) => part.type === 'search')).toBe(false);
    expect(empty.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
  });

  it('awaits an asynchronous ranker: send() returns at once, and the matches are visible from step 0, recorded as the prefetch search', async () => {
    const records: TelemetryRecord[] = [];
    const queries: string[] = [];
    const ranker = () => ({
      name: 'embedding',
      rank: async (query: string) => {
        queries.push(query);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [{ name: 'slack_post_message', score: 0.9 }, { name: 'browser_click', score: 0.1 }];
      },
    });
    const runtime = createToolSearchRuntime({ ...binding(), prefetch: { limit: 1 }, ranker, telemetry: callbackSink((record) => void records.push(record)) });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'slack_post_message', input: { channel: '#ops', text: 'hi' } }] }, { text: 'posted' }] });
    const turn = runtime.send({ model: scripted.model, prompt: PROMPT });
    expect(typeof turn.turnId).toBe('string');
    expect(scripted.requests).toHaveLength(0);
    const parts = await collect(turn.stream);
    const result = await turn.result;

    expect(queries).toEqual([PROMPT]);
    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search', 'slack_post_message']);
    expect(result.status).toBe('completed');
    expect(result.steps[0]!.toolResults[0]!.outcome).toBe('ok');
    expect(result.activated).toEqual(['slack_post_message']);
    expect(parts.slice(0, 3).map((part) => part.type)).toEqual(['search', 'activation', 'step-start']);
    expect(parts[0]).toMatchObject({ type: 'search', stepIndex: 0, toolCallId: 'prefetch', origin: 'prefetch', query: PROMPT, effectiveLimit: 1, activated: ['slack_post_message'] });
    expect(parts[0]).not.toHaveProperty('failure');
    expect(records.find((record) => record.type === 'search.end')).toMatchObject({ origin: 'prefetch', toolCallId: 'prefetch', activated: ['slack_post_message'], stepIndex: 0 });
    expect(turn.actor.getSnapshot().status).toBe('done');
  });

  it("reports the names a ranker made up in the prefetch record's rankerDrops, as the model's search of the same words does", async () => {
    const ranker = () => ({ name: 'made-up', rank: () => [{ name: 'no_such_tool', score: 2 }, { name: '__proto__', score: 1 }, { name: 'slack_post_message', score: 0.9 }] });
    const records: TelemetryRecord[] = [];
    const runtime = createToolSearchRuntime({ ...binding(), prefetch: { limit: 1 }, ranker, telemetry: callbackSink((record) => void records.push(record)) });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: PROMPT } }] }, { text: 'ok' }] });
    await runtime.send({ model: scripted.model, prompt: PROMPT }).result;

    const ends = records.filter((record) => record.type === 'search.end');
    expect(ends.map((record) => record.origin)).toEqual(['prefetch', 'model']);
    for (const end of ends) {
      expect(end).toMatchObject({ activated: ['slack_post_message'], rankerDrops: { malformed: 0, unknown: ['no_such_tool', '__proto__'], duplicates: [], excess: 0 } });
    }
  });

  it('goes on without prefetched tools when a ranker throws a non-Error, rejects, rejects with a non-Error or never answers, the reason on the search record', async () => {
    const cases: { rank: () => Promise<never>; timeout: object; failure: RegExp }[] = [
      {
        rank: () => {
          throw 'index not built';
        },
        timeout: {},
        failure: /^prefetch failed: .*index not built/,
      },
      { rank: async () => Promise.reject(new Error('embedding endpoint answered 503')), timeout: {}, failure: /^prefetch failed: .*embedding endpoint answered 503/ },
      { rank: async () => Promise.reject('quota'), timeout: {}, failure: /^prefetch failed: .*quota/ },
      { rank: () => new Promise<never>(() => {}), timeout: { perToolMs: { tool_search: 20 } }, failure: /^prefetch timed out after 20 ms/ },
      { rank: () => new Promise<never>(() => {}), timeout: { toolMs: 30 }, failure: /^prefetch timed out after 30 ms/ },
    ];
    for (const { rank, timeout, failure } of cases) {
      const records: TelemetryRecord[] = [];
      const runtime = createToolSearchRuntime({ ...binding(), prefetch: { limit: 3 }, ranker: () => ({ name: 'flaky', rank }), timeout, telemetry: callbackSink((record) => void records.push(record)) });
      const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
      const turn = runtime.send({ model: scripted.model, prompt: PROMPT });
      const parts = await collect(turn.stream);
      const result = await turn.result;
      expect(result.status).toBe('completed');
      expect(result.text).toBe('ok');
      expect(result.activated).toEqual([]);
      expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
      const search = parts.find((part) => part.type === 'search');
      expect(search).toMatchObject({ origin: 'prefetch', toolCallId: 'prefetch', query: PROMPT, activated: [], ranked: [] });
      expect((search as { failure?: string }).failure).toMatch(failure);
      expect(parts.some((part) => part.type === 'activation')).toBe(false);
      expect((records.find((record) => record.type === 'search.end') as { failure?: string }).failure).toMatch(failure);
    }
  });

  it('ends the turn cancelled with no model request when cancelled while the prefetch ranks, and stops the ranking', async () => {
    const signals: AbortSignal[] = [];
    const ranker = () => ({
      name: 'hanging',
      rank: (_query: string, _limit: number, options?: { abortSignal?: AbortSignal }) => {
        signals.push(options!.abortSignal!);
        return new Promise<never>(() => {});
      },
    });
    const runtime = createToolSearchRuntime({ ...binding(), prefetch: { limit: 3 }, ranker });
    const byCancel = createScriptedModel({ steps: [{ text: 'never' }] });
    const turn = runtime.send({ model: byCancel.model, prompt: PROMPT });
    turn.cancel('the user left');
    const parts = await collect(turn.stream);
    const result = await turn.result;
    expect(result.status).toBe('cancelled');
    expect(result.error).toMatchObject({ name: 'TurnCancelled', message: 'the user left' });
    expect(result.steps).toEqual([]);
    expect(byCancel.requests).toHaveLength(0);
    expect(signals[0]!.aborted).toBe(true);
    expect(parts.map((part) => part.type)).not.toContain('step-start');
    expect(parts.find((part) => part.type === 'search')).toMatchObject({ origin: 'prefetch', activated: [], failure: expect.stringMatching(/cancelled during the prefetch/) });
    expect(parts.at(-1)).toMatchObject({ type: 'turn-end', status: 'cancelled' });

    const controller = new AbortController();
    const bySignal = createScriptedModel({ steps: [{ text: 'never' }] });
    const aborted = runtime.send({ model: bySignal.model, prompt: PROMPT, abortSignal: controller.signal });
    setTimeout(() => controller.abort(new Error('server shutting down')), 5);
    const abortedResult = await aborted.result;
    expect(abortedResult.status).toBe('cancelled');
    expect(abortedResult.error?.message).toBe('aborted: server shutting down');
    expect(bySignal.requests).toHaveLength(0);
  });

  it('rejects a prefetch that is not false or { limit } with a whole limit ≥ 1', () => {
    const { tools } = sampleTools();
    for (const prefetch of [{ limit: 0 }, { limit: 1.5 }, {}, true, null]) {
      expect(() => createToolSearchRuntime({ tools, prefetch: prefetch as never })).toThrow(InvalidOptionError);
    }
    expect(() => createToolSearchRuntime({ tools, prefetch: { limt: 2 } as never })).toThrow(/prefetch\.limit/);
    const runtime = createToolSearchRuntime({ tools });
    expect(() => runtime.send({ model: createScriptedModel({ steps: [] }).model, prompt: 'x', prefetch: { limit: -1 } })).toThrow(/prefetch\.limit/);
  });
});
