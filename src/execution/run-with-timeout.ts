/** The result of {@link runWithTimeout}. */
export type TimedRun<T> = { readonly timedOut: false; readonly value: T } | { readonly timedOut: true };

/**
 * Runs `run` with its own abort signal, which fires when `timeoutMs` pass (with a
 * `TimeoutError` reason) or when `signal` (the turn's) aborts. On timeout this resolves with
 * `{ timedOut: true }` at once and stops waiting for `run`; whatever `run` settles with later
 * is ignored. An error thrown by `run` before the timeout rejects as usual.
 *
 * While `run` is pending this adds one `abort` listener to `signal` (removed when it settles):
 * whoever runs many at once on one signal raises that signal's listener limit, as `startTurn`
 * does for a step's signal, or Node warns past 10 (`MaxListenersExceededWarning`).
 *
 * @param options.timeoutMs milliseconds; `0` means no timeout.
 */
export function runWithTimeout<T>(options: {
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  readonly run: (signal: AbortSignal) => Promise<T>;
}): Promise<TimedRun<T>> {
  const { signal, timeoutMs } = options;
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(signal.reason);
  if (signal.aborted) forwardAbort();
  else signal.addEventListener('abort', forwardAbort, { once: true });
  return new Promise<TimedRun<T>>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      if (timer !== undefined) clearTimeout(timer);
      signal.removeEventListener('abort', forwardAbort);
    };
    if (timeoutMs > 0) {
      timer = setTimeout(() => {
        settle();
        controller.abort(timeoutError(timeoutMs));
        resolve({ timedOut: true });
      }, timeoutMs);
    }
    // after a timeout these settle a promise that is already resolved: ignored, never unhandled
    let running: Promise<T>;
    try {
      running = options.run(controller.signal);
    } catch (error) {
      settle();
      reject(error);
      return;
    }
    running.then(
      (value) => {
        settle();
        resolve({ timedOut: false, value });
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}

function timeoutError(timeoutMs: number): Error {
  const error = new Error(`timed out after ${timeoutMs} ms`);
  error.name = 'TimeoutError';
  return error;
}
