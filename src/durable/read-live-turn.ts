import type { TurnStreamPart } from '../runtime/turn-stream-part.js';

/**
 * A client's view of a running durable turn: `GET <url>/live/<key>` on a live-turn hub
 * (`createLiveTurnHub().handler`), as a `ReadableStream` of the turn's `TurnStreamPart`s — the
 * parts delivered so far, then each as it happens, replays deduplicated (see
 * `createLivePartMerger`); it closes after `turn-end`. A `ReadableStream` is also an async
 * iterable (`for await`), so it plugs in where a turn's `stream` does. With the Restate object,
 * `key` is the turn's invocation id (`…/run/send` answers it). `signal` aborts the request.
 * The stream errors if the hub cannot be reached or answers other than 200.
 */
export function readLiveTurn(options: { readonly url: string; readonly key: string; readonly signal?: AbortSignal }): ReadableStream<TurnStreamPart> {
  let reader: ReadableStreamDefaultReader<string> | undefined;
  let buffer = '';
  return new ReadableStream<TurnStreamPart>({
    async pull(controller) {
      if (reader === undefined) {
        const response = await fetch(`${options.url}/live/${encodeURIComponent(options.key)}`, options.signal === undefined ? {} : { signal: options.signal });
        if (response.status !== 200 || response.body === null) throw new Error(`live-turn hub answered ${response.status} for ${options.key}`);
        reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      }
      for (;;) {
        const newline = buffer.indexOf('\n');
        if (newline >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line !== '') return controller.enqueue(JSON.parse(line) as TurnStreamPart);
          continue;
        }
        const next = await reader.read();
        if (next.done) return controller.close();
        buffer += next.value;
      }
    },
    cancel: () => reader?.cancel(),
  });
}
