import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { listenToAbort } from '../../src/runtime/listen-to-abort.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('send({ abortSignal }): many turns sharing one signal', () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => void warnings.push(warning);
  beforeEach(() => {
    warnings.length = 0;
    process.on('warning', onWarning);
  });
  afterEach(() => {
    process.off('warning', onWarning);
  });

  it('12 concurrent turns add one listener in all, print no warning, are all cancelled by one abort, and leave none behind', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const shutdown = new AbortController();
    const turns = Array.from({ length: 12 }, () =>
      runtime.send({
        model: createScriptedModel({ steps: [{ delayMs: 10_000, text: 'too late' }] }).model,
        prompt: 'go',
        abortSignal: shutdown.signal,
      }),
    );
    expect(abortListeners(shutdown.signal)).toBe(1);
    // Node emits the warning on a later tick
    await new Promise((resolve) => setImmediate(resolve));

    shutdown.abort(new Error('server shutting down'));
    const results = await Promise.all(turns.map((turn) => turn.result));

    expect(results.map((result) => result.status)).toEqual(Array(12).fill('cancelled'));
    expect(results[0]).toMatchObject({ error: { message: 'aborted: server shutting down' } });
    expect(abortListeners(shutdown.signal)).toBe(0);
    expect(warnings.map((warning) => warning.name)).toEqual([]);
  });

  it('turns that end on their own remove the shared listener with the last of them', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const shared = new AbortController();
    const turns = Array.from({ length: 12 }, () =>
      runtime.send({ model: createScriptedModel({ steps: [{ text: 'done' }] }).model, prompt: 'go', abortSignal: shared.signal }),
    );
    const results = await Promise.all(turns.map((turn) => turn.result));

    expect(results.map((result) => result.status)).toEqual(Array(12).fill('completed'));
    expect(abortListeners(shared.signal)).toBe(0);
    expect(warnings).toEqual([]);
  });
});

describe('listenToAbort', () => {
  it('runs every callback once, in the order they were added, through one listener', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    for (const name of ['first', 'second', 'third']) listenToAbort({ signal: controller.signal, onAbort: () => calls.push(name) });
    expect(abortListeners(controller.signal)).toBe(1);
    controller.abort();
    controller.abort();

    expect(calls).toEqual(['first', 'second', 'third']);
    expect(abortListeners(controller.signal)).toBe(0);
  });

  it('a removed callback is not called; removing the last one removes the listener', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const stopFirst = listenToAbort({ signal: controller.signal, onAbort: () => calls.push('first') });
    const stopSecond = listenToAbort({ signal: controller.signal, onAbort: () => calls.push('second') });
    stopFirst();
    stopFirst();
    expect(abortListeners(controller.signal)).toBe(1);
    stopSecond();
    expect(abortListeners(controller.signal)).toBe(0);

    listenToAbort({ signal: controller.signal, onAbort: () => calls.push('third') });
    controller.abort();
    expect(calls).toEqual(['third']);
  });
});
