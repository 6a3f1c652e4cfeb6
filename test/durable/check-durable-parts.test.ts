import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryStepRunner } from '../../src/durable/create-memory-step-runner.js';
import { runDurableTurn } from '../../src/durable/run-durable-turn.js';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { HOSTILE_NAMES, HOSTILE_VALUES } from '../helpers/hostile-values.js';

// What a Restate turn object's `runtime` and `model` factories answer reaches runDurableTurn as
// it is. Before the check, `undefined` or `{}` was a TypeError (which Restate retries without
// end, the conversation's next run waiting behind it), a Map of tools a turn with no tools.
const Read = tool({ description: 'Read a file.', inputSchema: z.object({ path: z.string() }), execute: async ({ path }) => `contents of ${path}` });
const turnWith = (runtime: unknown, model: unknown = createScriptedModel({ steps: [{ text: 'ok' }] }).model) =>
  runDurableTurn({ runner: createMemoryStepRunner(), runtime: runtime as never, model: model as never, input: { prompt: 'read /a' } });

describe('runDurableTurn: the runtime and model it is given', () => {
  it.each([
    ['undefined', undefined, 'Option `runtime` is undefined; expected an object of runtime options'],
    ['a number', 42, 'Option `runtime` is 42; expected an object of runtime options'],
    ['an object without tools', {}, 'Option `tools` is undefined; expected an AI SDK ToolSet'],
    ['tools as a Map', { tools: new Map([['Read', Read]]) }, 'Option `tools` is object; expected an AI SDK ToolSet'],
    ['tools as an array', { tools: [Read] }, 'expected an AI SDK ToolSet: a plain object whose keys are tool names (not an array or a Map)'],
    ['a null tool', { tools: { Read: null } }, 'Option `tools.Read` is null; expected an AI SDK tool'],
  ])('refuses a runtime that is %s with an InvalidOptionError naming the option, not a TypeError', async (_, runtime, message) => {
    const refused = await turnWith(runtime).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidOptionError);
    expect((refused as Error).message).toContain(message);
  });

  it.each([
    ['undefined', undefined, 'Option `model` is undefined'],
    ['a model id string', 'openai/gpt-5', 'Option `model` is "openai/gpt-5"'],
    ['an object without doStream', { provider: 'x', modelId: 'y' }, 'expected an AI SDK LanguageModelV4 object with doStream'],
  ])('refuses a model that is %s with an InvalidOptionError, before any step is recorded', async (_, model, message) => {
    const runner = createMemoryStepRunner();
    const refused = await runDurableTurn({ runner, runtime: { tools: { Read } }, model: model as never, input: { prompt: 'read /a' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidOptionError);
    expect((refused as Error).message).toContain(message);
    expect(runner.calls).toEqual([]);
  });

  it('takes a runtime of plain tools and a model object, and the turn completes', async () => {
    expect(await turnWith({ tools: { Read } })).toMatchObject({ status: 'completed', text: 'ok' });
  });
});

describe('runDurableTurn: hostile runtime and model values', () => {
  it.each(HOSTILE_NAMES)('refuses %s as the runtime, and as the model, with an InvalidOptionError (never a TypeError)', async (name) => {
    const asRuntime = await turnWith(HOSTILE_VALUES[name]!()).catch((error: unknown) => error);
    expect(asRuntime).toBeInstanceOf(InvalidOptionError);
    const asModel = await runDurableTurn({ runner: createMemoryStepRunner(), runtime: { tools: { Read } }, model: HOSTILE_VALUES[name]!() as never, input: { prompt: 'read /a' } }).catch((error: unknown) => error);
    expect(asModel).toBeInstanceOf(InvalidOptionError);
  });
});
