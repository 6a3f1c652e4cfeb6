import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, type RequiredToolsFunction } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

// A requiredTools function that fails fails the turn (execution-error) the same way whether it
// fails before step 0 (asked inside send()) or before a later step: send() never throws for it.

const failures: [string, (stepIndex: number) => unknown, RegExp][] = [
  ['throws', () => { throw new Error('orchestrator lost its plan'); }, /^requiredTools threw: orchestrator lost its plan \(step \d\)$/],
  ['is async (returns a Promise)', async () => ['Read'], /^requiredTools returned a Promise; it must return an array of names synchronously \(step \d\)$/],
  ['is async and rejects', async () => { throw new Error('later'); }, /^requiredTools returned a Promise; it must return an array of names synchronously/],
  ['returns a string', () => 'Read', /^requiredTools returned "Read"; it must return an array of tool names \(step \d\)$/],
  ['returns undefined', () => undefined, /^requiredTools returned undefined; it must return an array of tool names/],
  ['returns an array holding a number', () => [42, 'Read'], /^requiredTools returned an array holding 42; it must hold tool names \(strings\) only \(step \d\)$/],
];

describe('send({ requiredTools }): a function that fails ends the turn failed, at every step', () => {
  it.each(failures)('before step 0, a function that %s fails the turn before any request; send() does not throw', async (_case, answer, message) => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const scripted = createScriptedModel({ steps: [{ text: 'never asked' }] });
    const requiredTools = ((state) => answer(state.stepIndex)) as RequiredToolsFunction;

    const turn = runtime.send({ model: scripted.model, prompt: 'x', requiredTools });
    const parts = [];
    for await (const part of turn.stream) parts.push(part.type);
    const result = await turn.result;

    expect(result).toMatchObject({ status: 'failed', reason: 'execution-error', steps: [], text: '', error: { name: 'RequiredToolsError', code: 'required-tools', message: expect.stringMatching(message) } });
    expect(result.error!.message).toContain('(step 0)');
    expect(result.messages).toEqual([{ role: 'user', content: 'x' }]);
    expect(scripted.requests).toHaveLength(0);
    expect(parts).toEqual(['turn-end']);
  });

  it.each(failures)('before step 1, a function that %s fails the turn with step 0\'s results kept', async (_case, answer, message) => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Read', input: { path: '/a' } }] }, { text: 'never asked' }] });
    const requiredTools = ((state) => (state.stepIndex === 0 ? ['Read'] : answer(state.stepIndex))) as RequiredToolsFunction;

    const result = await runtime.send({ model: scripted.model, prompt: 'x', requiredTools }).result;

    expect(result).toMatchObject({ status: 'failed', reason: 'execution-error', error: { name: 'RequiredToolsError', code: 'required-tools', message: expect.stringMatching(message) } });
    expect(result.error!.message).toContain('(step 1)');
    expect(scripted.requests).toHaveLength(1);
    expect(result.steps[0]!.toolResults[0]!.outcome).toBe('ok');
    expect(result.messages.at(-1)?.role).toBe('tool');
  });
});
