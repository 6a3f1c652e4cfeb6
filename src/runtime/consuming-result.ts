/**
 * `result`, as a promise that calls `onAwait` the first time anyone waits for it (`await`,
 * `then`, `catch`, `finally`, `Promise.all` …), then settles as `result` does. A turn hands
 * it out as `turn.result`, with the stream's `lift` as `onAwait`: waiting for the result ends
 * the stream's backpressure, as `streamText`'s result getters call `consumeStream()` (ai
 * 7.0.173), so a caller that holds `turn.stream` and awaits `turn.result` before reading on gets
 * its result instead of a turn that waits for its reader forever. Taking the promise without
 * waiting (`const { result } = turn`) changes nothing.
 *
 * It is a `Promise` (`instanceof Promise`), of a subclass whose derived promises are plain ones.
 */
export function consumingResult<T>(result: Promise<T>, onAwait: () => void): Promise<T> {
  let awaited = false;
  const notify = () => {
    if (awaited) return;
    awaited = true;
    onAwait();
  };
  return new (consumingPromiseClass<T>(notify))((resolve, reject) => {
    result.then(resolve, reject);
  });
}

function consumingPromiseClass<T>(notify: () => void) {
  return class TurnResultPromise extends Promise<T> {
    // `then` of derived promises (and `await`'s own, which finds a subclass) builds plain promises
    static override get [Symbol.species]() {
      return Promise;
    }

    override then<A = T, B = never>(onFulfilled?: ((value: T) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
      notify();
      return super.then(onFulfilled, onRejected);
    }
  };
}
