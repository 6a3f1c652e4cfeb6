/**
 * Backpressure across the SDK's `createUIMessageStream`, whose writer enqueues every chunk it is
 * given at once (ai 7.0.173, `create-ui-message-stream.ts`, `safeEnqueue`): the stream a route
 * returns forwards the SDK stream with {@link ChunkDemand.read}, and the code that writes a
 * turn's chunks awaits {@link ChunkDemand.wait} after each part, so it reads the turn's next part
 * only once the route's reader (the HTTP response, a `ChatTransport`) asked for a chunk that the
 * SDK stream did not have ready. A slow client so holds the turn's stream back, and with it the
 * model (`maxUnreadParts`), as it holds `streamText` back through `toUIMessageStreamResponse()`.
 * Internal to turnscope/ui.
 */
export interface ChunkDemand {
  /**
   * `undefined` when the writer may go on now: the reader is waiting for a chunk, or the demand
   * was released. Otherwise a promise that resolves at the reader's next read (never rejects).
   */
  wait(): Promise<void> | undefined;
  /** `reader.read()`, with demand open while it is pending: what the forwarding stream's `pull` calls. */
  read<T>(reader: ReadableStreamDefaultReader<T>): ReturnType<ReadableStreamDefaultReader<T>['read']>;
  /** Never wait again: the reader left (the stream was cancelled), the stream ended or failed. */
  release(): void;
}

/** Creates a {@link ChunkDemand}: closed until the first read. */
export function createChunkDemand(): ChunkDemand {
  let reading = false;
  let released = false;
  const waiting = new Set<() => void>();
  const open = () => {
    for (const resume of [...waiting]) resume();
  };
  return {
    wait() {
      if (reading || released) return undefined;
      return new Promise<void>((resolve) => {
        const resume = () => {
          waiting.delete(resume);
          resolve();
        };
        waiting.add(resume);
      });
    },
    async read(reader) {
      reading = true;
      open();
      try {
        return await reader.read();
      } finally {
        reading = false;
      }
    },
    release() {
      released = true;
      open();
    },
  };
}
