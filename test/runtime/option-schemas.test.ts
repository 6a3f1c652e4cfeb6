import { describe, expect, it } from 'vitest';
import { TURN_DEFAULTS } from '../../machines/turn-defaults.js';
import { createToolSearchRuntime, InvalidOptionError, UnboundToolError, type ToolSearchRuntimeOptions, type TurnSnapshot } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { parseRuntimeOptions } from '../../src/runtime/runtime-options-schema.js';
import { parseResumeInput, parseSendInput } from '../../src/runtime/send-input-schema.js';
import { sampleTools } from '../helpers/sample-tools.js';

const { tools } = sampleTools();
const { model } = createScriptedModel({ steps: [] });
const build = (options: Record<string, unknown>) => () => createToolSearchRuntime({ tools, ...options } as unknown as ToolSearchRuntimeOptions);
const runtime = createToolSearchRuntime({ tools });
const send = (input: Record<string, unknown>) => () => runtime.send({ model, prompt: 'go', ...input } as never);
const resume = (input: Record<string, unknown>) => () => runtime.resume({ snapshot: {} as TurnSnapshot, model, ...input } as never);

describe('the option schemas: a misspelled key names the likely one', () => {
  it.each([
    ['runtime options', build({ maxStpes: 3 }), 'Option `maxStpes` is 3; expected `maxSteps` (unknown option; a typo?).'],
    ['send() input', () => runtime.send({ model, promt: 'go' } as never), 'Option `promt` is "go"; expected `prompt` (unknown option; a typo?).'],
    ['resume() input', resume({ requiredTool: ['Read'] }), 'Option `requiredTool` is object; expected `requiredTools` (unknown option; a typo?).'],
    ['resume() input, a snapshot misspelled', () => runtime.resume({ snapshto: {}, model } as never), 'Option `snapshto` is object; expected `snapshot` (unknown option; a typo?).'],
  ])('%s', (_case, run, message) => {
    expect(run).toThrow(InvalidOptionError);
    expect(run).toThrow(message);
  });

  it.each([
    ['timeout.toolMS', build({ timeout: { toolMS: 5 } }), 'Option `timeout.toolMS` is 5; expected `timeout.toolMs` (unknown option; a typo?).'],
    ['search.maxlimt', build({ search: { maxlimt: 5 } }), 'Option `search.maxlimt` is 5; expected `search.maxLimit` (unknown option; a typo?).'],
    ['codeMode.timeLimitMS', build({ codeMode: { timeLimitMS: 5 } }), 'Option `codeMode.timeLimitMS` is 5; expected `codeMode.timeLimitMs`'],
    ['inventory.maxChar', build({ inventory: { maxChar: 500 } }), 'Option `inventory.maxChar` is 500; expected `inventory.maxChars`'],
    ['runtime prefetch.limt', build({ prefetch: { limt: 2 } }), 'Option `prefetch.limt` is 2; expected `prefetch.limit` (unknown option; a typo?).'],
    ['send() prefetch.limt', send({ prefetch: { limt: 2 } }), 'Option `prefetch.limt` is 2; expected `prefetch.limit` (unknown option; a typo?).'],
    ['an unknown nested key near nothing lists the known ones', build({ outputLimit: { width: 80 } }), 'expected one of the known options: outputLimit.maxBytes, outputLimit.maxLines.'],
    ['send() toolChoice without toolName', send({ toolChoice: { type: 'tool' } }), 'Option `toolChoice.toolName` is undefined; expected the name of a tool bound to the turn (a string).'],
  ])('nested: %s', (_case, run, message) => {
    expect(run).toThrow(InvalidOptionError);
    expect(run).toThrow(message);
  });

  it('an unknown key is reported before a bad value, and a runtime option given to resume() is named as misplaced', () => {
    expect(build({ maxSteps: 0, retyr: {} })).toThrow('Option `retyr` is object; expected `retry`');
    expect(resume({ maxSteps: 3 })).toThrow('Option `maxSteps` is 3; expected `maxSteps` in createToolSearchRuntime(options), where it belongs, not in resume(input).');
    expect(resume({ prompt: 'again' })).toThrow('Option `prompt` is "again"; expected nothing: a resumed turn continues the transcript of its snapshot.');
  });

  it('resume() refuses a prefetch it could not run (a resumed turn is past step 0, C25), and takes false', () => {
    expect(resume({ prefetch: { limit: 3 } })).toThrow(InvalidOptionError);
    expect(resume({ prefetch: { limit: 3 } })).toThrow("Option `prefetch` is object; expected false or nothing: the prefetch runs before a new turn's step 0 (C25) and a resumed turn is past it; give prefetch to send().");
    expect(parseResumeInput({ snapshot: {} as TurnSnapshot, model, prefetch: false }, { toolMode: 'direct', prefetch: { limit: 2 }, includeRawChunks: false, callSettings: {}, maxSteps: 20 }).input.prefetch).toBeUndefined();
  });

  it('an input that is not an object names the call', () => {
    expect(() => createToolSearchRuntime(null as never)).toThrow('Option `options` is null; expected an object with at least `tools`.');
    expect(() => runtime.send(5 as never)).toThrow('Option `send(input)` is 5; expected an object with model and prompt or messages.');
    expect(() => runtime.resume('snapshot' as never)).toThrow('Option `resume(input)` is "snapshot"; expected an object with snapshot and model.');
  });
});

describe('the resolved objects: frozen, defaults applied', () => {
  it('runtime options resolve to one frozen object carrying every default of TURN_DEFAULTS', () => {
    const resolved = parseRuntimeOptions({ tools });
    expect(resolved).toMatchObject({
      availability: 'search',
      toolMode: 'direct',
      maxSteps: 20,
      retry: { maxAttempts: 3, initialDelayMs: 500 },
      search: TURN_DEFAULTS.search,
      timeout: { toolMs: 120_000, approvalMs: 300_000 },
      outputLimit: { maxBytes: 51_200, maxLines: 2_000 },
      codeMode: TURN_DEFAULTS.codeMode,
      telemetry: [],
      now: Date.now,
    });
    expect(resolved.prefetch).toBeUndefined();
    expect(typeof resolved.generateId()).toBe('string');
    for (const part of [resolved, resolved.search, resolved.retry, resolved.timeout, resolved.timeout.perToolMs, resolved.outputLimit, resolved.codeMode, resolved.inventory, resolved.telemetry]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
    expect(resolved.tools).toBe(tools);
    expect(Object.isFrozen(tools)).toBe(false);
  });

  it('given values win over the defaults and undefined fields mean the default', () => {
    const resolved = parseRuntimeOptions({ tools, search: { maxLimit: 7, defaultLimit: undefined }, timeout: { perToolMs: { Bash: 10 } }, prefetch: { limit: 2 } });
    expect(resolved.search).toEqual({ ...TURN_DEFAULTS.search, maxLimit: 7 });
    expect(resolved.timeout.perToolMs.Bash).toBe(10);
    expect(resolved.prefetch).toEqual({ limit: 2 });
    expect(Object.isFrozen(resolved.prefetch)).toBe(true);
  });

  it('a send() input resolves to a frozen object with the runtime defaults of toolMode and prefetch', () => {
    const defaults = { toolMode: 'code' as const, prefetch: Object.freeze({ limit: 3 }), includeRawChunks: false, callSettings: {}, maxSteps: 20 };
    const resolved = parseSendInput({ model, prompt: 'hello' }, defaults);
    expect(resolved).toMatchObject({ model, toolMode: 'code', prefetch: { limit: 3 }, messages: [{ role: 'user', content: 'hello' }] });
    expect(Object.isFrozen(resolved)).toBe(true);
    expect(Object.isFrozen(resolved.messages)).toBe(true);
    const history = [{ role: 'user' as const, content: 'a' }];
    const overridden = parseSendInput({ model, messages: history, toolMode: 'direct', prefetch: false }, defaults);
    expect(overridden).toMatchObject({ toolMode: 'direct', prefetch: undefined, includeRawChunks: false, callSettings: {}, maxSteps: 20 });
    expect(overridden.messages).toEqual(history);
    expect(overridden.messages).not.toBe(history);
  });

  it('a resume() input resolves without a transcript and hands the snapshot on unread', () => {
    const snapshot = { version: 1 } as unknown as TurnSnapshot;
    const { input, snapshot: given } = parseResumeInput({ snapshot, model, boundTools: ['Read'] }, { toolMode: 'direct', prefetch: undefined, includeRawChunks: false, callSettings: {}, maxSteps: 20 });
    expect(given).toBe(snapshot);
    expect(input.messages).toEqual([]);
    expect(input.boundTools).toEqual(['Read']);
    expect(Object.isFrozen(input.boundTools)).toBe(true);
  });
});

describe('hostile keys are refused or kept as data, never a crash or a polluted prototype', () => {
  const hostile = (json: string) => JSON.parse(json) as Record<string, unknown>;

  it('an own __proto__ key (as JSON.parse makes it) or constructor in any of the three inputs is an unknown option', () => {
    expect(build(hostile('{"__proto__": {"polluted": true}}'))).toThrow('Option `__proto__` is object; expected one of the known options: tools,');
    expect(build({ constructor: 1 })).toThrow('Option `constructor` is 1; expected one of the known options');
    expect(build({ timeout: hostile('{"__proto__": 5}') })).toThrow('Option `timeout.__proto__` is 5');
    expect(send(hostile('{"__proto__": 1}'))).toThrow('Option `__proto__` is 1; expected one of the known options: model,');
    expect(send({ constructor: 'x' })).toThrow(InvalidOptionError);
    expect(resume(hostile('{"__proto__": 1}'))).toThrow(InvalidOptionError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a per-tool timeout or group description keyed __proto__ is data: unbound, or kept as given', () => {
    expect(build({ timeout: { perToolMs: hostile('{"__proto__": 10}') } })).toThrow(UnboundToolError);
    const resolved = parseRuntimeOptions({ tools, inventory: { groupDescriptions: hostile('{"__proto__": "odd group", "constructor": "another"}') as Record<string, string> } });
    expect(Object.entries(resolved.inventory.groupDescriptions!)).toEqual([
      ['__proto__', 'odd group'],
      ['constructor', 'another'],
    ]);
    expect(build({ inventory: { groupDescriptions: hostile('{"__proto__": 5}') } })).toThrow('Option `inventory.groupDescriptions.__proto__` is 5; expected a string.');
  });
});
