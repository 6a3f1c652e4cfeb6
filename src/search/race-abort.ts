/**
 * `answer`, unless `signal` aborts first: then a rejection with the signal's `reason` (the
 * turn's cancellation, a search's timeout), and `answer`'s own outcome is ignored. An already
 * aborted signal rejects at once. `signal` `undefined`: `answer` itself. The abort listener is
 * removed once either settles, so a signal shared by many searches keeps none.
 *
 * Used by createSemanticRanker for its `lexical` ranker, by `runToolSearch` for any ranker and by
 * the MCP server start: a caller's code whose promise may never
 * settle: with a signal, the search still ends when it aborts (C12: the search is then a tool
 * error, and the turn goes on).
 */
export function raceAbort<T>(answer: T | PromiseLike<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return Promise.resolve(answer);
  if (signal.aborted) {
    // a rejection of `answer` that nobody awaits would be reported as unhandled
    void Promise.resolve(answer).catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(answer).then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}
