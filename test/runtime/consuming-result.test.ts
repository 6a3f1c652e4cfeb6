import { describe, expect, it } from 'vitest';
import { consumingResult } from '../../src/runtime/consuming-result.js';

describe('consumingResult (turn.result: waiting for it lifts the stream bound)', () => {
  it('is a Promise that settles as the one it wraps, and tells once, on the first wait, never on access', async () => {
    let told = 0;
    const result = consumingResult(Promise.resolve({ status: 'completed' }), () => told++);
    expect(result).toBeInstanceOf(Promise);
    const { then } = result; // taking it, or a method of it, is not waiting
    expect(typeof then).toBe('function');
    await new Promise((resolve) => setImmediate(resolve));
    expect(told).toBe(0);

    expect(await result).toEqual({ status: 'completed' });
    expect(told).toBe(1);
    await result.then((value) => value);
    await Promise.all([result, result]);
    expect(told).toBe(1);
  });

  it.each([
    ['await', async (promise: Promise<unknown>) => { await promise.catch(() => {}); }],
    ['then', async (promise: Promise<unknown>) => { promise.then(() => {}, () => {}); }],
    ['Promise.all', async (promise: Promise<unknown>) => { await Promise.all([promise]).catch(() => {}); }],
    ['finally', async (promise: Promise<unknown>) => { await promise.finally(() => {}).catch(() => {}); }],
  ] as const)('tells on %s, and passes a rejection on as it is (a thrown string stays a string)', async (_name, wait) => {
    let told = 0;
    const result = consumingResult(Promise.reject('not an Error'), () => told++);
    await wait(result);
    expect(told).toBe(1);
    await expect(result).rejects.toBe('not an Error');
  });

  it('gives plain promises from then (a chain does not tell again)', async () => {
    let told = 0;
    const chained = consumingResult(Promise.resolve(1), () => told++).then((value) => value + 1);
    expect(Object.getPrototypeOf(chained)).toBe(Promise.prototype);
    expect(await chained).toBe(2);
    expect(told).toBe(1);
  });
});
