import { afterEach, beforeEach } from 'vitest';

/**
 * Collects what the process emits as `event` (`'warning'`, `'unhandledRejection'`) during each
 * test of the calling file: the returned array is emptied before each test and the listener
 * removed after it.
 */
export function captureProcessEvents<T = unknown>(event: 'warning' | 'unhandledRejection'): T[] {
  const seen: T[] = [];
  const listener = (value: unknown) => seen.push(value as T);
  beforeEach(() => {
    seen.length = 0;
    process.on(event, listener);
  });
  afterEach(() => {
    process.off(event, listener);
  });
  return seen;
}
