import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One scripted reply: tool calls (each with its arguments as the JSON text the model streams,
 * and the call id the server gives it: default one unique per request and call), text, or an
 * HTTP error.
 */
export type FakeReply =
  | { toolCalls: { name: string; arguments: string; id?: string }[] }
  | { text: string }
  | { status: number; body: string };

/** What every fake provider server records and how it is stopped. */
export interface FakeProviderServer {
  /** The base URL to give the provider's `create…({ baseURL })`. */
  readonly baseURL: string;
  /** Every request body, parsed, in arrival order. */
  readonly bodies: Record<string, unknown>[];
  /** Every request body exactly as it arrived: the bytes that went out. */
  readonly rawBodies: string[];
  /** Every request's path (e.g. `/v1/responses`). */
  readonly paths: string[];
  /** Every request's HTTP headers (lower-case names). */
  readonly headers: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** One server-sent event: `event: <name>` (when given) and `data: <json>`. */
export function sseEvent(data: unknown, event?: string): string {
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/**
 * A local HTTP server on 127.0.0.1 for the real provider clients: it answers request k with
 * `replies[k]` (an HTTP error as it is, anything else as the events `streamReply` renders)
 * and records every request. A request past the script is answered with the text
 * `(no more replies)`.
 */
export async function startFakeProviderServer(options: {
  readonly replies: readonly FakeReply[];
  /** The server-sent events that answer one request with a tool-call or text reply. */
  readonly streamReply: (reply: Exclude<FakeReply, { status: number }>, requestIndex: number) => string[];
}): Promise<FakeProviderServer> {
  const bodies: Record<string, unknown>[] = [];
  const rawBodies: string[] = [];
  const paths: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response: ServerResponse) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const index = bodies.length;
      rawBodies.push(raw);
      bodies.push(JSON.parse(raw) as Record<string, unknown>);
      paths.push(request.url ?? '');
      headers.push(request.headers);
      const reply = options.replies[index] ?? { text: '(no more replies)' };
      if ('status' in reply) {
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(reply.body);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const event of options.streamReply(reply, index)) response.write(event);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    bodies,
    rawBodies,
    paths,
    headers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
