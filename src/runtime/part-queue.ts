/**
 * A single-reader async queue of parts: `push` never blocks, the reader gets every part in
 * order, and iteration ends after `end()`. Parts pushed before anyone reads are buffered for
 * the turn's life (a turn's parts are few; they go when the turn is dropped).
 */
export interface PartQueue<T> extends AsyncIterable<T> {
  push(part: T): void;
  end(): void;
}

/** Creates a {@link PartQueue}. A second `for await` over it throws: the stream can be read once. */
export function createPartQueue<T>(): PartQueue<T> {
  const buffered: T[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  let claimed = false;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  return {
    push(part) {
      if (ended) return;
      buffered.push(part);
      notify();
    },
    end() {
      ended = true;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      if (claimed) throw new Error('A turn stream can be read once; it is already being read.');
      claimed = true;
      while (true) {
        if (buffered.length > 0) {
          yield buffered.shift() as T;
          continue;
        }
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
