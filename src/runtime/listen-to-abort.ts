/** A signal's one 'abort' listener and the callbacks it runs. */
interface AbortListener {
  readonly callbacks: Set<() => void>;
  readonly dispatch: () => void;
}

/** Per caller's signal; weak, so a signal that is dropped takes its entry with it. */
const listeners = new WeakMap<AbortSignal, AbortListener>();

/**
 * Calls `onAbort` once when `signal` aborts, like `signal.addEventListener('abort', onAbort,
 * { once: true })`, but through one 'abort' listener per signal, however many callbacks wait on
 * it. Many turns sharing one caller's signal (e.g. a server's shutdown signal) so add one
 * listener in all, and Node prints no `MaxListenersExceededWarning` past 10 turns, without
 * changing the limit of the caller's signal.
 *
 * Callbacks run in the order they were added; one removed by an earlier one is skipped. One
 * that throws does not stop the others: the first error is rethrown from the listener once all
 * ran. A signal that is already aborted never fires again: the caller checks `signal.aborted`.
 *
 * @returns a function that removes `onAbort` (a no-op once it ran or was removed). The signal's
 *   listener goes with its last callback, so a signal that outlives its turns keeps none.
 */
export function listenToAbort(options: { readonly signal: AbortSignal; readonly onAbort: () => void }): () => void {
  const { signal, onAbort } = options;
  let listener = listeners.get(signal);
  if (listener === undefined) {
    const callbacks = new Set<() => void>();
    listener = { callbacks, dispatch: () => runAll(signal, callbacks) };
    listeners.set(signal, listener);
    signal.addEventListener('abort', listener.dispatch, { once: true });
  }
  const { callbacks, dispatch } = listener;
  callbacks.add(onAbort);
  return () => {
    if (!callbacks.delete(onAbort) || callbacks.size > 0 || listeners.get(signal)?.callbacks !== callbacks) return;
    listeners.delete(signal);
    signal.removeEventListener('abort', dispatch);
  };
}

function runAll(signal: AbortSignal, callbacks: Set<() => void>): void {
  // the listener is spent ({ once: true }): a callback added while these run gets a new entry
  if (listeners.get(signal)?.callbacks === callbacks) listeners.delete(signal);
  const errors: unknown[] = [];
  for (const callback of [...callbacks]) {
    if (!callbacks.delete(callback)) continue;
    try {
      callback();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}
