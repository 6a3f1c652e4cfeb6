import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.js';
import { createTurnObject, DEFAULT_FACTORY_TIMEOUT_MS, DEFAULT_MAX_FACTORY_ATTEMPTS } from '../../src/restate/index.js';

// Construction only: what the object refuses before any worker serves it. How its handlers
// behave is tested against a real restate-server (run-failures.test.ts, hostile-turn-inputs.test.ts).
const base = { runtime: { tools: {} }, model: new MockLanguageModelV4() };

describe('createTurnObject: options.maxFactoryAttempts and options.factoryTimeoutMs', () => {
  it('defaults to 5 attempts and 10,000 ms', () => {
    expect([DEFAULT_MAX_FACTORY_ATTEMPTS, DEFAULT_FACTORY_TIMEOUT_MS]).toEqual([5, 10_000]);
    expect(createTurnObject(base).name).toBe('turnscope');
    expect(createTurnObject({ ...base, maxFactoryAttempts: 1, factoryTimeoutMs: 0 }).name).toBe('turnscope');
  });

  it.each([0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '3'])('refuses maxFactoryAttempts %s with an InvalidOptionError that says what to give', (value) => {
    const make = () => createTurnObject({ ...base, maxFactoryAttempts: value as number });
    expect(make).toThrow(InvalidOptionError);
    expect(make).toThrow('; expected an integer of at least 1 (the attempts of a failing factory, the first included), or leave it out for 5.');
  });

  it.each([-1, 1.5, 2_147_483_648, Number.NaN, '100'])('refuses factoryTimeoutMs %s with an InvalidOptionError that says what to give', (value) => {
    const make = () => createTurnObject({ ...base, factoryTimeoutMs: value as number });
    expect(make).toThrow(InvalidOptionError);
    expect(make).toThrow('Option `factoryTimeoutMs` is ');
    expect(make).toThrow('; expected an integer of milliseconds from 0 (no limit) to 2147483647, or leave it out for 10000.');
  });
});

describe('createTurnObject: options.runtime, options.model and options.send given as values', () => {
  it.each([
    ['runtime undefined', { runtime: undefined }, 'Option `runtime` is undefined; expected an object of runtime options'],
    ['runtime without tools', { runtime: {} }, 'Option `tools` is undefined; expected an AI SDK ToolSet'],
    ['model undefined', { model: undefined }, 'Option `model` is undefined; expected an AI SDK LanguageModelV4 object with doStream'],
    ['a model id string', { model: 'openai/gpt-5' }, 'Option `model` is "openai/gpt-5"'],
    ['send not a function', { send: { requiredTools: ['Read'] } }, "Option `send` is object; expected a function of the run's input"],
    ['live without publish', { live: { write: () => {} } }, 'Option `live` is object; expected a LivePublisher, an object with publish(key, execution, parts)'],
  ])('refuses %s at construction with an InvalidOptionError (before: each run refused it, retried it without end, or, for live, dropped every batch)', (_, options, message) => {
    const make = () => createTurnObject({ ...base, ...options } as never);
    expect(make).toThrow(InvalidOptionError);
    expect(make).toThrow(message);
  });

  it('takes factories as they are: what they answer is checked per run', () => {
    expect(createTurnObject({ runtime: () => undefined as never, model: () => undefined as never }).name).toBe('turnscope');
  });
});
