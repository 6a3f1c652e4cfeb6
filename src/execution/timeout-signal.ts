/**
 * `AbortSignal.any([signal, AbortSignal.timeout(ms)])` (STYLE 19) that fires even when nothing
 * else holds it: Node 20 holds a timeout signal only weakly, and a signal composed with
 * `AbortSignal.any` does not hold its sources, so after a garbage collection a timeout that only
 * a composite refers to never fires — exactly the case of a stage awaiting a promise that never
 * settles. An `abort` listener on the timeout signal makes Node keep it (and, through the
 * listener, the composite) until it fires or `dispose()` removes the listener.
 *
 * @param ms milliseconds, ≥ 1; the reason on timeout is a `DOMException` named `TimeoutError`.
 * @returns the composite signal, and `dispose()` to call once it is no longer waited on (idempotent).
 */
export function timeoutSignal(signal: AbortSignal, ms: number): { readonly signal: AbortSignal; dispose(): void } {
  const timeout = AbortSignal.timeout(ms);
  const composite = AbortSignal.any([signal, timeout]);
  const keepAlive = () => void composite;
  timeout.addEventListener('abort', keepAlive, { once: true });
  return { signal: composite, dispose: () => timeout.removeEventListener('abort', keepAlive) };
}
