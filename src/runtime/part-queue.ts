import type { AsyncIterableStream } from 'ai';
import { asAsyncIterableStream } from './as-async-iterable-stream.js';
import { listenToAbort } from './listen-to-abort.js';
import { watchPipeEnds } from './watch-pipe-ends.js';

/**
 * How many parts a turn's stream holds unread, while a reader holds it, before the turn stops
 * reading the model's stream until the reader catches up: 64 parts.
 *
 * Why 64: `streamText`'s own pipeline reads about a dozen parts of the provider's stream ahead
 * of a slow `fullStream` reader (12, measured with ai 7.0.173 and a pull-counting
 * `MockLanguageModelV4` stream); 64 lets a burst of a provider's chunks (one network read often
 * carries several deltas) through without a wait, and keeps a slow reader's backlog at a few
 * tens of kilobytes (a `text-delta` part holds ≈370 bytes of heap: 100,000 unread ones took
 * ≈37 MB, measured with `--expose-gc`).
 */
export const DEFAULT_MAX_UNREAD_PARTS = 64;

/**
 * A single-reader queue of parts: `push` never blocks, and `stream` — a `ReadableStream` that is
 * also async-iterable, as `streamText`'s `fullStream` — gives every part in order and closes
 * after `end()`. Parts pushed before anyone reads are buffered until they are read (reading
 * after the turn ended still gives every part); once the reader cancels (`reader.cancel()`, a
 * `break` out of `for await`) the buffer is dropped and later parts are not kept.
 *
 * Backpressure is the producer's to apply: {@link PartQueue.whenRoom} says when to wait.
 */
export interface PartQueue<T> {
  readonly stream: AsyncIterableStream<T>;
  /** Parts pushed and not yet read; 0 once the reader cancelled. */
  readonly unread: number;
  push(part: T): void;
  /**
   * `undefined` when the producer may go on now: nobody holds the stream (no reader yet, or the
   * reader released it or cancelled), fewer than `maxUnreadParts` parts are unread, or the queue
   * ended. Otherwise a promise that resolves once one of those holds, or when `signal` aborts
   * (it never rejects). A reader that holds the stream and does not read keeps it pending.
   */
  whenRoom(signal?: AbortSignal): Promise<void> | undefined;
  /**
   * Stops the backpressure for good: from now on `whenRoom` never waits and unread parts are
   * kept however many there are. What awaiting a turn's `result` does, as `streamText`'s result
   * getters (`text`, `steps`…) call `consumeStream()`, which reads the whole stream while its
   * `fullStream` branch keeps what its reader has not read (ai 7.0.173, stream-text.ts).
   */
  lift(): void;
  end(): void;
}

/**
 * Creates a {@link PartQueue}. Its stream can be read once: `getReader()` (and so `for await`)
 * throws a `TypeError` saying so while another reader, pipe or tee holds it, and once an earlier
 * reader read it to its end or cancelled it. `pipeTo`, `pipeThrough` and `tee` keep the
 * platform's own locked errors.
 *
 * `maxUnreadParts`: see {@link DEFAULT_MAX_UNREAD_PARTS} (the default). An integer ≥ 1.
 */
export function createPartQueue<T>(options: { readonly maxUnreadParts?: number } = {}): PartQueue<T> {
  const maxUnreadParts = options.maxUnreadParts ?? DEFAULT_MAX_UNREAD_PARTS;
  let buffered: T[] = [];
  let head = 0;
  let ended = false;
  /** {@link PartQueue.lift} was called: the producer never waits. */
  let lifted = false;
  /** The stream closed (every part delivered) or was cancelled: a new reader gets nothing. */
  let finished = false;
  let wake: (() => void) | undefined;
  /** Producers waiting in whenRoom; told each time a part is read or the reader leaves. */
  const waiting = new Set<() => void>();
  const mustWait = () => !ended && !finished && !lifted && stream.locked && buffered.length - head >= maxUnreadParts;
  const checkRoom = () => {
    if (waiting.size === 0 || mustWait()) return;
    for (const resume of [...waiting]) resume();
  };
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
      checkRoom();
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
        checkRoom();
      },
    },
    // nothing is pulled ahead: the parts wait in `buffered`, which a cancel empties
    { highWaterMark: 0 },
  );
  const getReader: (...options: unknown[]) => ReadableStreamDefaultReader<T> = stream.getReader.bind(stream);
  Object.defineProperty(stream, 'getReader', {
    value: (...options: unknown[]) => {
      if (stream.locked) {
        throw new TypeError('A turn stream can be read once: it is already being read (locked to a reader, a pipe or a tee). Read it with that reader, or tee() the stream first for two readers.');
      }
      if (finished) {
        throw new TypeError('A turn stream can be read once: it was already read to its end or cancelled. Keep the parts as you read them, or tee() the stream before reading it.');
      }
      const reader = getReader(...options);
      // a reader that lets go of the stream without reading on no longer holds the turn back
      const releaseLock = reader.releaseLock.bind(reader);
      Object.defineProperty(reader, 'releaseLock', {
        configurable: true,
        value: () => {
          releaseLock();
          checkRoom();
        },
      });
      return reader;
    },
  });
  watchPipeEnds(stream, checkRoom);
  return {
    stream: asAsyncIterableStream(stream),
    get unread() {
      return buffered.length - head;
    },
    push(part) {
      if (ended || finished) return;
      buffered.push(part);
      wake?.();
    },
    whenRoom(signal) {
      if (!mustWait() || signal?.aborted === true) return undefined;
      return new Promise<void>((resolve) => {
        let stopListening = () => {};
        const resume = () => {
          waiting.delete(resume);
          stopListening();
          resolve();
        };
        waiting.add(resume);
        if (signal !== undefined) stopListening = listenToAbort({ signal, onAbort: resume });
      });
    },
    lift() {
      lifted = true;
      checkRoom();
    },
    end() {
      ended = true;
      wake?.();
      checkRoom();
    },
  };
}
