/** How one stage of the pipeline ended; see {@link runStage}. */
export type StageRun<T> =
  | { readonly status: 'done'; readonly value: T }
  | { readonly status: 'threw'; readonly error: unknown }
  /** `signal` aborted before the stage began, while it was pending, or as it settled. */
  | { readonly status: 'stopped' };

/**
 * Runs one stage of the execution pipeline (C4, C17) under the call's `signal`
 * (see {@link createCallBudget}): user code — a permission check, a journal, a tool — is called
 * only while the signal is not aborted (checked right before, in the same synchronous run), and
 * the stage is given up as soon as the signal aborts, whether or not `run` ever settles. A value
 * `run` settles with after the signal aborted counts as `stopped` too: the pipeline checks the
 * signal after every await. Never rejects: a throw or a rejection — of any value, an `Error` or
 * not — is `threw`, and a thenable whose `then` throws is one too.
 *
 * While `run` is pending this adds one `abort` listener to `signal`, removed when the stage ends.
 */
export function runStage<T>(signal: AbortSignal, run: (signal: AbortSignal) => T | PromiseLike<T>): Promise<StageRun<T>> {
  if (signal.aborted) return Promise.resolve({ status: 'stopped' });
  let running: T | PromiseLike<T>;
  try {
    running = run(signal);
  } catch (error) {
    return Promise.resolve(signal.aborted ? { status: 'stopped' } : { status: 'threw', error });
  }
  return new Promise<StageRun<T>>((resolve) => {
    const onAbort = () => resolve({ status: 'stopped' });
    signal.addEventListener('abort', onAbort, { once: true });
    const end = (outcome: StageRun<T>) => {
      signal.removeEventListener('abort', onAbort);
      resolve(signal.aborted ? { status: 'stopped' } : outcome);
    };
    // Promise.resolve adopts a thenable (and turns a throwing `then` into a rejection)
    let settled: Promise<T>;
    try {
      settled = Promise.resolve(running);
    } catch (error) {
      end({ status: 'threw', error });
      return;
    }
    settled.then(
      (value) => end({ status: 'done', value }),
      (error: unknown) => end({ status: 'threw', error }),
    );
  });
}
