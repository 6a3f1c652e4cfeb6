import type { AsyncIterableStream } from 'ai';
import { asAsyncIterableStream } from './as-async-iterable-stream.js';

/**
 * A single-reader queue of parts: `push` never blocks, and `stream` — a `ReadableStream` that is
 * also async-iterable, as `streamText`'s `fullStream` — gives every part in order and closes
 * after `end()`. Parts pushed before anyone reads are buffered until they are read (reading
 * after the turn ended still gives every part); once the reader cancels (`reader.cancel()`, a
 * `break` out of `for await`) the buffer is dropped and later parts are not kept.
 */
export interface PartQueue<T> {
  readonly stream: AsyncIterableStream<T>;
  push(part: T): void;
  end(): void;
}

/**
 * Creates a {@link PartQueue}. Its stream can be read once: `getReader()` (and so `for await`)
 * throws a `TypeError` saying so while another reader, pipe or tee holds it, and once an earlier
 * reader read it to its end or cancelled it. `pipeTo`, `pipeThrough` and `tee` keep the
 * platform's own locked errors.
 */
export function createPartQueue<T>(): PartQueue<T> {
  let buffered: T[] = [];
  let head = 0;
  let ended = false;
  /** The stream closed (every part delivered) or was cancelled: a new reader gets nothing. */
  let finished = false;
  let wake: (() => void) | undefined;
  const deliver = (controller: ReadableStreamDefaultController<T>): boolean => {
    if (finished) return true;
    if (head < buffered.length) {
      const part = buffered[head] as T;
      buffered[head++] = undefined as T;
      // compact now and then, so a long turn read as it runs keeps only the unread parts
      if (head > 1024 && head * 2 > buffered.length) {
        buffered = buffered.slice(head);
        head = 0;
      }
      controller.enqueue(part);
      return true;
    }
    if (!ended) return false;
    finished = true;
    controller.close();
    return true;
  };
  const stream = new ReadableStream<T>(
    {
      pull(controller) {
        if (deliver(controller)) return undefined;
        return new Promise<void>((resolve) => {
          wake = () => {
            wake = undefined;
            deliver(controller);
            resolve();
          };
        });
      },
      cancel() {
        finished = true;
        buffered = [];
        head = 0;
        wake?.();
      },
    },
    // nothing is pulled ahead: the parts wait in `buffered`, which a cancel empties
    { highWaterMark: 0 },
  );
  const getReader: (...options: unknown[]) => unknown = stream.getReader.bind(stream);
  Object.defineProperty(stream, 'getReader', {
    value: (...options: unknown[]) => {
      if (stream.locked) {
        throw new TypeError('A turn stream can be read once: it is already being read (locked to a reader, a pipe or a tee). Read it with that reader, or tee() the stream first for two readers.');
      }
      if (finished) {
        throw new TypeError('A turn stream can be read once: it was already read to its end or cancelled. Keep the parts as you read them, or tee() the stream before reading it.');
      }
      return getReader(...options);
    },
  });
  return {
    stream: asAsyncIterableStream(stream),
    push(part) {
      if (ended || finished) return;
      buffered.push(part);
      wake?.();
    },
    end() {
      ended = true;
      wake?.();
    },
  };
}
