import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { callTurnFactories } from '../../src/restate/call-turn-factories.js';

// The factories of one execution, without a server: what they are called with and what the run gets.
const model = new MockLanguageModelV4();
const runtime = { tools: {} };

describe('callTurnFactories', () => {
  it('a factory that answered keeps an abortSignal that never aborts: what it handed out (a client, a connection) outlives factoryTimeoutMs', async () => {
    let kept: AbortSignal | undefined;
    const answered = await callTurnFactories({
      runtime: (_input, { abortSignal }) => {
        kept = abortSignal;
        return runtime;
      },
      model,
      input: { prompt: 'hi' },
      timeoutMs: 20,
    });
    expect(answered).toMatchObject({ ok: true, runtime, model, send: {} });
    // a later call with the same timeout that never answers: its timeout fires after the first call's would have
    const never = await callTurnFactories({ runtime: () => new Promise<never>(() => {}), model, input: { prompt: 'hi' }, timeoutMs: 20 });
    expect(never).toMatchObject({ ok: false, factory: 'runtime', error: { message: 'it did not answer within factoryTimeoutMs, 20 ms' } });
    // before: AbortSignal.timeout aborted it 20 ms after the call, answered or not
    expect(kept!.aborted).toBe(false);
  });

  it('a factory that has not answered in factoryTimeoutMs sees its abortSignal abort with a TimeoutError, and the attempt fails', async () => {
    let seen: AbortSignal | undefined;
    const outcome = await callTurnFactories({
      runtime,
      model: (_input, { abortSignal }) => {
        seen = abortSignal;
        return new Promise<never>(() => {});
      },
      input: { prompt: 'hi' },
      timeoutMs: 10,
    });
    expect(outcome).toMatchObject({ ok: false, factory: 'model', error: { message: 'it did not answer within factoryTimeoutMs, 10 ms' } });
    expect(seen!.aborted).toBe(true);
    expect((seen!.reason as Error).name).toBe('TimeoutError');
  });

  it('a send that throws is the failure of `send`; values that are not functions are answered as they are', async () => {
    const thrown = new Error('the policy service is down');
    expect(await callTurnFactories({ runtime, model, input: {}, timeoutMs: 0, send: () => { throw thrown; } })).toEqual({ ok: false, factory: 'send', error: thrown });
    expect(await callTurnFactories({ runtime, model, input: {}, timeoutMs: 0, send: () => ({ requiredTools: ['Read'] }) })).toEqual({ ok: true, runtime, model, send: { requiredTools: ['Read'] } });
  });
});
