import type { AsyncIterableStream } from 'ai';

/**
 * The same `ReadableStream`, also async-iterable: ai's `AsyncIterableStream` (the type of
 * `streamText`'s `fullStream`), made the way ai's own `asAsyncIterableStream` makes it (which
 * `ai` does not export). `for await` takes a reader with the stream's `getReader()` (so its
 * locked errors apply), and leaving the loop early (`break`, `return`, a throw) cancels the
 * stream and releases the reader; a loop that reads to the end releases it too.
 *
 * `values({ preventCancel })` (the Streams standard's async iterator) is made the same way, so
 * it too reads through `getReader()`: with `preventCancel: true`, leaving the loop early only
 * releases the reader (the stream can be read on), through the reader's own `releaseLock` — the
 * platform's `values()` takes a reader the stream's `getReader()` never sees, and its release
 * would leave a turn waiting on a reader that has gone (part-queue.ts).
 */
export function asAsyncIterableStream<T>(stream: ReadableStream<T>): AsyncIterableStream<T> {
  const iterable = stream as AsyncIterableStream<T>;
  Object.defineProperty(iterable, Symbol.asyncIterator, {
    configurable: true,
    value(this: ReadableStream<T>): AsyncIterableIterator<T> {
      return readerIterator(this.getReader(), false);
    },
  });
  Object.defineProperty(iterable, 'values', {
    configurable: true,
    value(this: ReadableStream<T>, options?: { readonly preventCancel?: boolean }): AsyncIterableIterator<T> {
      return readerIterator(this.getReader(), options?.preventCancel === true);
    },
  });
  return iterable;
}

/** An async iterator over `reader`'s chunks that releases it at the end, and cancels the stream on an early exit unless `preventCancel`. */
function readerIterator<T>(reader: ReadableStreamDefaultReader<T>, preventCancel: boolean): AsyncIterableIterator<T> {
  let finished = false;
  const cleanup = async (cancel: boolean) => {
    if (finished) return;
    finished = true;
    try {
      if (cancel && !preventCancel) await reader.cancel();
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
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
