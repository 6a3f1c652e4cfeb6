import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../machines/retry-delay-ms.js';

describe('retryDelayMs (C16)', () => {
  it('waits 500, 1000, then 2000 ms after attempts 1, 2 and 3 with the default policy', () => {
    const retry = { maxAttempts: 4, initialDelayMs: 500 };
    expect([1, 2, 3].map((attempt) => retryDelayMs(retry, attempt))).toEqual([500, 1000, 2000]);
  });

  it('doubles from the configured initialDelayMs', () => {
    expect(retryDelayMs({ maxAttempts: 3, initialDelayMs: 40 }, 1)).toBe(40);
    expect(retryDelayMs({ maxAttempts: 3, initialDelayMs: 40 }, 4)).toBe(320);
  });

  it('is 0 for every attempt when initialDelayMs is 0', () => {
    expect(retryDelayMs({ maxAttempts: 3, initialDelayMs: 0 }, 3)).toBe(0);
  });
});
