import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TurnStreamPart } from '../runtime/turn-stream-part.js';
import { createLivePartMerger } from './create-live-part-merger.js';

/**
 * Where the workers of durable turns publish stream parts as a turn runs (issue 15, item 3);
 * {@link createLiveTurnHub} and {@link httpLivePublisher} implement it. `key` names the turn
 * (the Restate object uses the invocation id), `execution` one execution of it (a random id per
 * handler attempt); parts are plain JSON, in the order the execution told them. Publishing is
 * best effort: a failure loses live parts, never the turn.
 */
export interface LivePublisher {
  publish(key: string, execution: string, parts: readonly TurnStreamPart[]): void | Promise<void>;
}

/** A {@link LivePublisher} that clients read from, in one process. */
export interface LiveTurnHub extends LivePublisher {
  /**
   * The turn's merged stream (see {@link createLivePartMerger}): the parts delivered so far,
   * then each new one as it is published; closes after `turn-end`, or when `signal` aborts.
   * Subscribe before or after the turn starts. The same `TurnStreamPart`s a turn's `stream`
   * yields, except that `step-end` carries no `snapshot` (the Restate object's `status` has it).
   */
  subscribe(key: string, signal?: AbortSignal): ReadableStream<TurnStreamPart>;
  /**
   * A Node `http` request listener: `POST /live/<key>` takes NDJSON lines
   * `{ "execution": "…", "part": {…} }` (what {@link httpLivePublisher} sends; answers 204), and
   * `GET /live/<key>` answers the merged stream as NDJSON, one part a line (what
   * `readLiveTurn` reads). Anything else answers 404.
   */
  readonly handler: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * A live-output hub in memory: merges what every execution of a turn publishes (replays
 * deduplicated, lost text replaced, see {@link createLivePartMerger}) and serves it to any
 * number of subscribers. Run one where both the workers and the clients reach it (serve
 * `handler` with `http.createServer`); with several hub processes, route a turn's key to one.
 *
 * @param options.maxTurns turns kept (their delivered parts, for late subscribers); the oldest
 *   is forgotten beyond it. Default 1,000.
 */
export function createLiveTurnHub(options: { readonly maxTurns?: number } = {}): LiveTurnHub {
  const maxTurns = options.maxTurns ?? 1_000;
  const turns = new Map<string, { merger: ReturnType<typeof createLivePartMerger>; parts: TurnStreamPart[]; listeners: Set<(part: TurnStreamPart | undefined) => void> }>();
  const turnOf = (key: string) => {
    let turn = turns.get(key);
    if (turn === undefined) {
      turn = { merger: createLivePartMerger(), parts: [], listeners: new Set() };
      turns.set(key, turn);
      for (const old of turns.keys()) {
        if (turns.size <= maxTurns) break;
        if (old !== key) turns.delete(old);
      }
    }
    return turn;
  };
  const publish = (key: string, execution: string, parts: readonly TurnStreamPart[]) => {
    const turn = turnOf(key);
    for (const part of parts) {
      for (const out of turn.merger.accept(execution, part)) {
        turn.parts.push(out);
        for (const listener of turn.listeners) listener(out);
      }
    }
    if (turn.merger.ended) for (const listener of turn.listeners) listener(undefined);
  };
  const subscribe = (key: string, signal?: AbortSignal): ReadableStream<TurnStreamPart> => {
    const turn = turnOf(key);
    let listener: ((part: TurnStreamPart | undefined) => void) | undefined;
    const stop = () => listener !== undefined && turn.listeners.delete(listener);
    return new ReadableStream<TurnStreamPart>({
      start(controller) {
        for (const part of turn.parts) controller.enqueue(part);
        if (turn.merger.ended) return controller.close();
        listener = (part) => {
          if (part !== undefined) return controller.enqueue(part);
          stop();
          controller.close();
        };
        turn.listeners.add(listener);
        signal?.addEventListener('abort', () => {
          if (!turn.listeners.has(listener!)) return;
          stop();
          controller.close();
        }, { once: true });
      },
      cancel: () => void stop(),
    });
  };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/live\/([^/?]+)$/.exec(req.url ?? '');
    if (match === null) return void res.writeHead(404).end();
    const key = decodeURIComponent(match[1]!);
    if (req.method === 'POST') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        try {
          for (const line of body.split('\n')) {
            if (line === '') continue;
            const message = JSON.parse(line) as { execution: string; part: TurnStreamPart };
            publish(key, message.execution, [message.part]);
          }
          res.writeHead(204).end();
        } catch (error) {
          res.writeHead(400).end(String(error));
        }
      });
      return;
    }
    if (req.method !== 'GET') return void res.writeHead(404).end();
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' });
    void (async () => {
      for await (const part of subscribe(key, aborted.signal) as unknown as AsyncIterable<TurnStreamPart>) res.write(`${JSON.stringify(part)}\n`);
      res.end();
    })();
  };
  return { publish, subscribe, handler };
}
