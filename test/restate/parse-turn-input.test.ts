import { describe, expect, it } from 'vitest';
import { parseTurnInput } from '../../src/restate/parse-turn-input.js';

describe('the run handler\'s input (parseTurnInput, issue 15)', () => {
  it('accepts the JSON fields of send(): prompt or messages, instructions, tool names, profile, tool mode', () => {
    const parsed = parseTurnInput({ messages: [{ role: 'user', content: 'hi' }], instructions: 'be brief', requiredTools: ['Read'], boundTools: ['Read', 'Bash'], profile: 'ops', toolMode: 'code' });
    expect(parsed).toEqual({ ok: true, input: { messages: [{ role: 'user', content: 'hi' }], instructions: 'be brief', requiredTools: ['Read'], boundTools: ['Read', 'Bash'], profile: 'ops', toolMode: 'code' } });
  });

  it('turns client tool definitions into AI SDK tools without execute (the client runs them), a tool named __proto__ included', () => {
    const input = JSON.parse('{"prompt":"go","clientId":"web","clientTools":{"show_chart":{"description":"Show a chart.","inputSchema":{"type":"object","properties":{"series":{"type":"string"}}}},"__proto__":{"inputSchema":{"type":"object"}}}}') as unknown;
    const parsed = parseTurnInput(input);
    if (!parsed.ok) throw new Error(parsed.message);
    const tools = parsed.input.clientTools!;
    expect(Object.keys(tools).sort()).toEqual(['__proto__', 'show_chart']);
    expect(tools.show_chart!.description).toBe('Show a chart.');
    expect(tools.show_chart!.execute).toBeUndefined();
    expect(parsed.input.clientId).toBe('web');
  });

  it('refuses what cannot be journaled, saying what to use instead: abortSignal (the cancel handler), inspect and model (the worker\'s options)', () => {
    expect(parseTurnInput({ prompt: 'go', abortSignal: {} })).toEqual({ ok: false, message: expect.stringContaining('`abortSignal` is not accepted: a signal cannot be journaled: cancel the turn with the object\'s `cancel` handler') });
    expect(parseTurnInput({ prompt: 'go', inspect: {} })).toEqual({ ok: false, message: expect.stringContaining('createTurnObject\'s `send` option') });
    expect(parseTurnInput({ prompt: 'go', model: 'gpt' })).toEqual({ ok: false, message: expect.stringContaining('createTurnObject\'s `model`') });
  });

  it('refuses an unknown key, a value of the wrong type, and an input with neither prompt nor messages', () => {
    const unknown = parseTurnInput({ prompt: 'go', temperature: 2 });
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.message).toContain('temperature');
    const wrong = parseTurnInput({ prompt: 'go', requiredTools: 'graph' });
    expect(!wrong.ok && wrong.message).toContain('requiredTools');
    expect(parseTurnInput({ instructions: 'x' })).toEqual({ ok: false, message: 'turnscope run input: give `prompt` or `messages`.' });
    expect(parseTurnInput('go').ok).toBe(false);
  });
});
