import { request } from 'node:http';
import type { TurnStreamPart } from '../runtime/turn-stream-part.js';
import type { LivePublisher } from './create-live-turn-hub.js';

/**
 * A {@link LivePublisher} that POSTs parts to a live-turn hub over HTTP (`POST <url>/live/<key>`,
 * NDJSON `{ execution, part }` lines: what `createLiveTurnHub().handler` serves). One request
 * per call, with a 5 s timeout; a failed request resolves (live output is best effort, the
 * turn's result does not depend on it). `url` is `http://host:port`, no trailing slash.
 */
export function httpLivePublisher(url: string): LivePublisher {
  const base = new URL(url);
  return {
    publish: (key, execution, parts) =>
      new Promise<void>((resolve) => {
        const body = parts.map((part) => `${JSON.stringify({ execution, part })}\n`).join('');
        const req = request(
          { host: base.hostname, port: base.port, method: 'POST', path: `/live/${encodeURIComponent(key)}`, headers: { 'content-type': 'application/x-ndjson', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => resolve());
            res.on('error', () => resolve());
          },
        );
        req.setTimeout(5_000, () => req.destroy());
        req.on('error', () => resolve());
        req.end(body);
      }),
  };
}

/**
 * The `onPart` of one execution of a durable turn that publishes to `publisher` under `key`:
 * parts are copied as plain JSON (a `step-end` without its `snapshot`) and sent in order, the
 * ones told while a send is in flight batched into the next. `flush()` resolves once everything
 * told so far was sent (or failed). `execution` defaults to a random id (`crypto.randomUUID`).
 */
export function livePartSink(publisher: LivePublisher, key: string, execution: string = crypto.randomUUID()): { readonly onPart: (part: TurnStreamPart) => void; readonly flush: () => Promise<void> } {
  let queued: TurnStreamPart[] = [];
  let sending: Promise<void> = Promise.resolve();
  const send = () => {
    sending = sending.then(async () => {
      if (queued.length === 0) return;
      const batch = queued;
      queued = [];
      try {
        await publisher.publish(key, execution, batch);
      } catch {
        // best effort: the durable result does not depend on live output
      }
    });
  };
  return {
    onPart(part) {
      const plain = part.type === 'step-end' ? { type: part.type, stepIndex: part.stepIndex, finishReason: part.finishReason } : part;
      queued.push(JSON.parse(JSON.stringify(plain)) as TurnStreamPart);
      if (queued.length === 1) send();
    },
    flush: async () => {
      send();
      await sending;
    },
  };
}
