import { describe, expect, it } from 'vitest';
import { raceAbort } from '../../src/search/race-abort.js';

describe('raceAbort', () => {
  it("rejects with the signal's reason when it aborts before an answer that never settles", async () => {
    const controller = new AbortController();
    const raced = raceAbort(new Promise<never>(() => {}), controller.signal);
    controller.abort(new Error('The turn was cancelled.'));
    await expect(raced).rejects.toThrow('The turn was cancelled.');
  });

  it('rejects at once for a signal already aborted, and the ignored answer rejecting is not unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(raceAbort(Promise.reject(new Error('late failure')), AbortSignal.abort('stop'))).rejects.toBe('stop');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('passes an answer or a rejection that comes first through, and a later abort changes nothing', async () => {
    const controller = new AbortController();
    await expect(raceAbort(Promise.resolve([1, 2]), controller.signal)).resolves.toEqual([1, 2]);
    await expect(raceAbort([3], controller.signal)).resolves.toEqual([3]);
    await expect(raceAbort(Promise.reject(new Error('service down')), controller.signal)).rejects.toThrow('service down');
    controller.abort();
    await expect(raceAbort(Promise.resolve('no signal'), undefined)).resolves.toBe('no signal');
  });
});
