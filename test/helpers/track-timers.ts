/**
 * Tracks the timers created through the global setTimeout until they fire or are cleared
 * (xstate's delays, the AI SDK, the MCP client and the scripted model all use it; vitest keeps
 * its own). Call `restore()` before the test's own waits.
 */
export function trackTimers(): { pending: () => number; restore: () => void } {
  const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;
  const pending = new Set<unknown>();
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const handle = realSetTimeout((...callbackArgs: unknown[]) => {
      pending.delete(handle);
      callback(...callbackArgs);
    }, ms, ...args);
    pending.add(handle);
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle?: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(handle);
    realClearTimeout(handle);
  }) as typeof clearTimeout;
  return {
    pending: () => pending.size,
    restore: () => {
      globalThis.setTimeout = realSetTimeout;
      globalThis.clearTimeout = realClearTimeout;
    },
  };
}
