import { describe, expect, it } from 'vitest';
import { runWithTimeout } from '../../src/execution/run-with-timeout.js';

describe('runWithTimeout', () => {
  it('resolves with the value when the run finishes first', async () => {
    const result = await runWithTimeout({ timeoutMs: 1_000, signal: new AbortController().signal, run: async () => 42 });
    expect(result).toEqual({ timedOut: false, value: 42 });
  });

  it('on timeout resolves timedOut and aborts the run’s signal with a TimeoutError', async () => {
    let seen: AbortSignal | undefined;
    const result = await runWithTimeout({
      timeoutMs: 20,
      signal: new AbortController().signal,
      run: (signal) => {
        seen = signal;
        return new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      },
    });
    expect(result).toEqual({ timedOut: true });
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toMatchObject({ name: 'TimeoutError', message: 'timed out after 20 ms' });
  });

  it('0 means no timeout; the outer signal still aborts the run', async () => {
    const outer = new AbortController();
    const running = runWithTimeout({
      timeoutMs: 0,
      signal: outer.signal,
      run: (signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(String(signal.reason)))),
    });
    setTimeout(() => outer.abort('turn cancelled'), 10);
    expect(await running).toEqual({ timedOut: false, value: 'turn cancelled' });
  });

  it('an error thrown before the timeout rejects', async () => {
    await expect(
      runWithTimeout({ timeoutMs: 1_000, signal: new AbortController().signal, run: async () => Promise.reject(new Error('boom')) }),
    ).rejects.toThrow('boom');
  });
});
