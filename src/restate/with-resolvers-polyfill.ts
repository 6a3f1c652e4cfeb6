/**
 * `Promise.withResolvers` for Node 20 (the Restate SDK calls it; Node 22 has it). Imported by
 * `turnscope/restate` before the SDK loads; a no-op where it exists.
 */
const promiseConstructor = Promise as unknown as { withResolvers?: unknown };
promiseConstructor.withResolvers ??= function withResolvers<T>() {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};
export {};
