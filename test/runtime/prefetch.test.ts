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

  it('is skipped with an asynchronous ranker and for a message without text', async () => {
    const runtime = createToolSearchRuntime({ ...binding(), prefetch: { limit: 3 }, ranker: () => ({ name: 'slow', rank: async () => [{ name: 'slack_post_message', score: 1 }] }) });
    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    const turn = runtime.send({ model: scripted.model, prompt: PROMPT });
    expect((await collect(turn.stream)).some((part) => part.type === 'search')).toBe(false);
    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);

    const sync = createToolSearchRuntime({ ...binding(), prefetch: { limit: 3 } });
    const empty = createScriptedModel({ steps: [{ text: 'ok' }] });
    await sync.send({ model: empty.model, messages: [{ role: 'user', content: [{ type: 'image', image: new Uint8Array([1]) }] }] }).result;
    expect(empty.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
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
