import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { thrownBy } from '../helpers/thrown-by.js';

// createScriptedModel({ steps }) called with a wrong shape throws at construction, saying how to
// call it, instead of a TypeError from the model in the middle of a turn.

const USAGE = "createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'x' } }] }, { text: 'done' }] })";

describe('createScriptedModel: a wrong shape is a typed error at construction', () => {
  it.each([
    ['an array of steps', [{ text: 'hi' }], 'options', 'object'],
    ['a model where steps were expected', { steps: createScriptedModel({ steps: [] }).model }, 'steps', 'object'],
    ['no options', undefined, 'options', 'undefined'],
    ['steps as one step', { steps: { text: 'hi' } }, 'steps', 'object'],
    ['a step that is a string', { steps: ['hi'] }, 'steps[0]', '"hi"'],
    ['a step that is null', { steps: [{ text: 'a' }, null] }, 'steps[1]', 'null'],
    ['a tool call given as a step', { steps: [{ toolName: 'tool_search', input: {} }] }, 'steps[0].toolName', '"tool_search"'],
    ['toolCalls not an array', { steps: [{ toolCalls: { toolName: 'x', input: {} } }] }, 'steps[0].toolCalls', 'object'],
    ['a tool call without a toolName', { steps: [{ toolCalls: [{ name: 'x', input: {} }] }] }, 'steps[0].toolCalls[0].toolName', 'undefined'],
    ['text not a string', { steps: [{ text: 42 }] }, 'steps[0].text', '42'],
    ['delayMs negative', { steps: [{ delayMs: -1 }] }, 'steps[0].delayMs', '-1'],
  ])('%s', (_label, options, option, given) => {
    const error = thrownBy(() => createScriptedModel(options as never));
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect((error as InvalidOptionError).option).toBe(option);
    expect((error as Error).message).toContain(`Option \`${option}\` is ${given}; expected `);
    expect((error as Error).message).toContain(USAGE);
  });

  it('accepts steps, step functions and an empty script', () => {
    expect(() => createScriptedModel({ steps: [] })).not.toThrow();
    expect(() => createScriptedModel({ steps: [{ text: 'a', toolCalls: [{ toolName: 'x', input: '{' }], delayMs: 0, parts: [], error: new Error('e') }, () => ({ text: 'b' })] })).not.toThrow();
  });
});
