/**
 * Calls `onEnd` each time a pipe of `stream` settles (`pipeTo`, and `pipeThrough`, which this
 * makes go through `pipeTo` as the Streams standard defines it: a `pipeTo` whose promise is
 * marked handled, returning the transform's readable). A pipe holds the stream with a reader of
 * its own, which the stream's `getReader` never sees; when its destination ends, fails or
 * aborts, the stream is unlocked (with `preventCancel`) or cancelled, and a turn's part queue
 * (part-queue.ts) must look again whether its producer may go on. A locked stream or
 * destination gets the platform's own `TypeError` from `pipeThrough`, and `pipeTo`'s promise is
 * returned as the platform's is.
 */
export function watchPipeEnds<T>(stream: ReadableStream<T>, onEnd: () => void): void {
  type PipeOptions = Parameters<ReadableStream<T>['pipeTo']>[1];
  const pipeTo: ReadableStream<T>['pipeTo'] = stream.pipeTo.bind(stream);
  Object.defineProperty(stream, 'pipeTo', {
    value: (destination: WritableStream<T>, options?: PipeOptions) => {
      const piped = pipeTo(destination, options);
      piped.then(onEnd, onEnd);
      return piped;
    },
  });
  const pipeThrough: ReadableStream<T>['pipeThrough'] = stream.pipeThrough.bind(stream);
  Object.defineProperty(stream, 'pipeThrough', {
    value: <R>(transform: { readonly writable: WritableStream<T>; readonly readable: ReadableStream<R> }, options?: PipeOptions): ReadableStream<R> => {
      if (stream.locked || transform.writable.locked) return pipeThrough(transform, options);
      stream.pipeTo(transform.writable, options).catch(() => {});
      return transform.readable;
    },
  });
}
