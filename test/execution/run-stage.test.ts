import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createCallBudget } from '../../src/execution/create-call-budget.js';
import { runStage } from '../../src/execution/run-stage.js';
import { timeoutSignal } from '../../src/execution/timeout-signal.js';

const never = <T,>(): Promise<T> => new Promise<T>(() => undefined);

describe('runStage: one stage of the pipeline under the call signal', () => {
  it('gives the value, or a throw or rejection of any value as threw', async () => {
    const signal = new AbortController().signal;
    expect(await runStage(signal, () => 42)).toEqual({ status: 'done', value: 42 });
    expect(await runStage(signal, async () => 'later')).toEqual({ status: 'done', value: 'later' });
    const hostile = Object.create(null) as object;
    expect(
      await runStage(signal, () => {
        throw hostile;
      }),
    ).toEqual({ status: 'threw', error: hostile });
    expect(await runStage(signal, () => Promise.reject(Symbol.for('x')))).toEqual({ status: 'threw', error: Symbol.for('x') });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect((await runStage(signal, () => proxy)).status).toBe('threw');
  });

  it('does not call run once the signal has aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    let called = false;
    expect(
      await runStage(controller.signal, () => {
        called = true;
      }),
    ).toEqual({ status: 'stopped' });
    expect(called).toBe(false);
  });

  it('stops waiting when the signal aborts, and a value settled after the abort is stopped too', async () => {
    const controller = new AbortController();
    const pending = runStage(controller.signal, () => never());
    controller.abort(new Error('cancelled'));
    expect(await pending).toEqual({ status: 'stopped' });

    const late = new AbortController();
    const settling = runStage(late.signal, (signal) => {
      // the callback aborts the signal itself (e.g. it calls turn.cancel()) and then answers
      late.abort(new Error('cancelled'));
      return signal.aborted ? 'answered after the abort' : 'not aborted';
    });
    expect(await settling).toEqual({ status: 'stopped' });
  });
});

describe('createCallBudget: the time budget of one call', () => {
  it('aborts its signal with a TimeoutError once the budget is spent', async () => {
    const budget = createCallBudget({ turnSignal: new AbortController().signal, timeoutMs: 20 });
    expect(await runStage(budget.signal, () => never())).toEqual({ status: 'stopped' });
    expect(budget.timedOut()).toBe(true);
    expect((budget.signal.reason as Error).name).toBe('TimeoutError');
  });

  it('its timeout fires, also across garbage collections (Node 20 holds AbortSignal.timeout weakly)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const turn = new AbortController();
    const held = timeoutSignal(turn.signal, 100);
    const budget = createCallBudget({ turnSignal: turn.signal, timeoutMs: 100 });
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(held.signal.aborted).toBe(true);
    expect(budget.timedOut()).toBe(true);
  });

  it('follows the turn: a cancel is not a timeout, and 0 means no budget', async () => {
    const turn = new AbortController();
    const budget = createCallBudget({ turnSignal: turn.signal, timeoutMs: 0 });
    expect(budget.signal).toBe(turn.signal);
    turn.abort(new Error('stop'));
    expect(budget.timedOut()).toBe(false);
    const bounded = createCallBudget({ turnSignal: turn.signal, timeoutMs: 1_000 });
    expect(bounded.signal.aborted).toBe(true);
    expect(bounded.timedOut()).toBe(false);
  });

  it('excluding: the time of run is not counted, and the budget goes on with what was left', async () => {
    const budget = createCallBudget({ turnSignal: new AbortController().signal, timeoutMs: 40 });
    await budget.excluding(() => new Promise((resolve) => setTimeout(resolve, 120)));
    expect(budget.signal.aborted).toBe(false);
    expect(await runStage(budget.signal, () => never())).toEqual({ status: 'stopped' });
    expect(budget.timedOut()).toBe(true);
  });

  it('excluding: the turn ending meanwhile still aborts the signal', async () => {
    const turn = new AbortController();
    const budget = createCallBudget({ turnSignal: turn.signal, timeoutMs: 1_000 });
    const inside = budget.excluding(() => runStage(budget.signal, () => never()));
    turn.abort(new Error('stop'));
    expect(await inside).toEqual({ status: 'stopped' });
    expect(budget.signal.aborted).toBe(true);
    expect(budget.timedOut()).toBe(false);
  });
});
