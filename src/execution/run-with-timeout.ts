/** The result of {@link runWithTimeout}. */
export type TimedRun<T> = { readonly timedOut: false; readonly value: T } | { readonly timedOut: true };

/**
 * Runs `run` with its own abort signal, which fires when `timeoutMs` pass (with a
 * `TimeoutError` reason) or when `signal` (the turn's) aborts. On timeout this resolves with
 * `{ timedOut: true }` at once and stops waiting for `run`; whatever `run` settles with later
 * is ignored. An error thrown by `run` before the timeout rejects as usual.
 *
 * @param options.timeoutMs milliseconds; `0` means no timeout.
 */
export async function runWithTimeout<T>(options: {
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  readonly run: (signal: AbortSignal) => Promise<T>;
}): Promise<TimedRun<T>> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) forwardAbort();
  else options.signal.addEventListener('abort', forwardAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<{ timedOut: true }>((resolve) => {
    if (options.timeoutMs <= 0) return;
    timer = setTimeout(() => {
      controller.abort(timeoutError(options.timeoutMs));
      resolve({ timedOut: true });
    }, options.timeoutMs);
  });
  const running = options.run(controller.signal);
  // a run that rejects after its timeout must not surface as an unhandled rejection
  running.catch(() => undefined);
  try {
    return await Promise.race([running.then((value) => ({ timedOut: false as const, value })), timedOut]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal.removeEventListener('abort', forwardAbort);
  }
}

function timeoutError(timeoutMs: number): Error {
  const error = new Error(`timed out after ${timeoutMs} ms`);
  error.name = 'TimeoutError';
  return error;
}
