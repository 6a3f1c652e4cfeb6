import type { AsyncIterableStream } from 'ai';

/**
 * The same `ReadableStream`, also async-iterable: ai's `AsyncIterableStream` (the type of
 * `streamText`'s `fullStream`), made the way ai's own `asAsyncIterableStream` makes it (which
 * `ai` does not export). `for await` takes a reader with the stream's `getReader()` (so its
 * locked errors apply), and leaving the loop early (`break`, `return`, a throw) cancels the
 * stream and releases the reader; a loop that reads to the end releases it too.
 */
export function asAsyncIterableStream<T>(stream: ReadableStream<T>): AsyncIterableStream<T> {
  const iterable = stream as AsyncIterableStream<T>;
  Object.defineProperty(iterable, Symbol.asyncIterator, {
    configurable: true,
    value(this: ReadableStream<T>): AsyncIterator<T> {
      const reader = this.getReader();
      let finished = false;
      const cleanup = async (cancel: boolean) => {
        if (finished) return;
        finished = true;
        try {
          if (cancel) await reader.cancel();
        } finally {
          reader.releaseLock();
        }
      };
      return {
        async next() {
          if (finished) return { done: true, value: undefined };
          let next: Awaited<ReturnType<typeof reader.read>>;
          try {
            next = await reader.read();
          } catch (error) {
            await cleanup(false);
            throw error;
          }
          if (next.done) {
            await cleanup(false);
            return { done: true, value: undefined };
          }
          return { done: false, value: next.value };
        },
        async return() {
          await cleanup(true);
          return { done: true, value: undefined };
        },
        async throw(error: unknown) {
          await cleanup(true);
          throw error;
        },
      };
    },
  });
  return iterable;
}
