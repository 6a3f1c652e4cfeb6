import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { LiveTrace } from './create-live-trace.js';
import type { MachineGraph } from './machine-graph.js';
import type { VisualizerSession } from './visualizer-session.js';
import { describeThrown } from '../errors/describe-thrown.js';

/** What the page replays: nothing yet (the page offers a file picker), a JSONL file, or a live run. */
export type VisualizerSource =
  | { readonly kind: 'none' }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'live'; readonly trace: LiveTrace };

/** Options of {@link startVisualizerServer}. */
export interface VisualizerServerOptions {
  /** The built page: a directory holding `index.html` and `assets/`. */
  readonly pageDir: string;
  /** The machine structure served at `/api/machine`. */
  readonly machineGraph: MachineGraph;
  readonly source: VisualizerSource;
  /** TCP port on 127.0.0.1. Default 0: a free port chosen by the system. */
  readonly port?: number;
  /** The page served at `/`, a file of `pageDir`. Default `index.html` (the visualizer); `turnscope chat` serves `chat.html`. */
  readonly page?: string;
  /**
   * More endpoints, path → a fetch-style handler (`(request: Request) => Promise<Response>`,
   * the shape of a Next.js route), for any method: `turnscope chat`'s `POST /api/chat`. The
   * request's `signal` fires when the client disconnects. Default: none.
   */
  readonly routes?: ReadonlyMap<string, (request: Request) => Promise<Response>>;
}

/** A running visualizer server. */
export interface VisualizerServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  readonly port: number;
  /** Stops listening and ends open event streams. */
  close(): Promise<void>;
}

/** File extension → content type; a Map, so a request path can never reach an inherited key. */
const CONTENT_TYPES: ReadonlyMap<string, string> = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.json', 'application/json; charset=utf-8'],
  ['.woff2', 'font/woff2'],
  ['.woff', 'font/woff'],
  ['.ttf', 'font/ttf'],
]);

/**
 * Serves the visualizer on 127.0.0.1 only (never another interface):
 * - `/` and `/assets/*` — the built page from `pageDir`;
 * - `/api/session` — {@link VisualizerSession};
 * - `/api/machine` — the {@link MachineGraph} as JSON;
 * - `/api/trace` — the trace file as it is on disk now (read on every request), `text/plain`;
 * - `/api/events` — live mode: server-sent events, `record` (data: one JSONL line) for each
 *   record so far and then as they come, and `end` (data: `{status, error?}`) when the run ends;
 * - each of `routes`, any method, answered by its handler (its `Response` streamed back as it comes).
 *
 * A failure to read the trace answers 404 or 500 with a one-line message the page shows.
 *
 * @throws the listen error (e.g. `EADDRINUSE`) when the port is taken.
 */
export async function startVisualizerServer(options: VisualizerServerOptions): Promise<VisualizerServer> {
  const pageDir = resolve(options.pageDir);
  const closeStreams = new Set<() => void>();
  const server = createServer((request, response) => {
    handle({ request, response, options, pageDir, closeStreams }).catch((error: unknown) => {
      if (!response.headersSent) sendText(response, 500, `turnscope visualize: ${describeThrown(error)}`);
      else response.end();
    });
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolveClose) => {
        for (const close of closeStreams) close();
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

async function handle(context: {
  request: IncomingMessage;
  response: ServerResponse;
  options: VisualizerServerOptions;
  pageDir: string;
  closeStreams: Set<() => void>;
}): Promise<void> {
  const { request, response, options } = context;
  let path: string;
  try {
    path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
  } catch {
    return sendText(response, 400, 'Malformed path.');
  }
  const route = options.routes?.get(path);
  if (route !== undefined) return answerWithRoute(request, response, route, context.closeStreams);
  if (request.method !== 'GET' && request.method !== 'HEAD') return sendText(response, 405, 'Only GET and HEAD are served.');
  const { source } = options;
  switch (path) {
    case '/api/session': {
      const session: VisualizerSession = { mode: source.kind, traceName: source.kind === 'file' ? basename(source.path) : null };
      return sendJson(response, session);
    }
    case '/api/machine':
      return sendJson(response, options.machineGraph);
    case '/api/trace':
      if (source.kind !== 'file') return sendText(response, 404, 'No trace file: this visualizer was started without one.');
      return sendTraceFile(response, source.path);
    case '/api/events':
      if (source.kind !== 'live') return sendText(response, 404, 'No live run: start the visualizer with --live.');
      return streamEvents(response, source.trace, context.closeStreams);
    default:
      return sendAsset(response, context.pageDir, path === '/' ? `/${options.page ?? 'index.html'}` : path);
  }
}

/** Hands the request to a fetch-style handler and streams its `Response` back, aborting the handler's request when the client goes away. */
async function answerWithRoute(
  request: IncomingMessage,
  response: ServerResponse,
  route: (request: Request) => Promise<Response>,
  closeStreams: Set<() => void>,
): Promise<void> {
  const disconnected = new AbortController();
  const close = () => {
    closeStreams.delete(close);
    disconnected.abort(new Error('the client disconnected'));
  };
  closeStreams.add(close);
  response.on('close', close);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const answer = await route(
    new Request(new URL(request.url ?? '/', 'http://127.0.0.1'), {
      method: request.method ?? 'GET',
      headers: Object.entries(request.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]])),
      signal: disconnected.signal,
      ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit),
  );
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.flushHeaders();
  if (answer.body === null) return void response.end();
  try {
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) response.write(chunk);
  } finally {
    response.end();
  }
}

async function sendTraceFile(response: ServerResponse, path: string): Promise<void> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const status = code === 'ENOENT' ? 404 : 500;
    return sendText(response, status, `Cannot read the trace ${path}: ${code === 'ENOENT' ? 'no such file' : describeThrown(error)}.`);
  }
  response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(text);
}

function streamEvents(response: ServerResponse, trace: LiveTrace, closeStreams: Set<() => void>): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  response.flushHeaders();
  let unsubscribe = () => {};
  const close = () => {
    unsubscribe();
    closeStreams.delete(close);
    response.end();
  };
  closeStreams.add(close);
  response.on('close', close);
  unsubscribe = trace.subscribe((event) => {
    if (event.type === 'record') response.write(`event: record\ndata: ${event.line}\n\n`);
    else response.write(`event: end\ndata: ${JSON.stringify({ status: event.status, error: event.error })}\n\n`);
  });
}

async function sendAsset(response: ServerResponse, pageDir: string, path: string): Promise<void> {
  const file = resolve(join(pageDir, path));
  if (!file.startsWith(`${pageDir}${sep}`)) return sendText(response, 404, 'Not found.');
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return sendText(response, 404, 'Not found.');
  }
  response.writeHead(200, { 'content-type': CONTENT_TYPES.get(extname(file)) ?? 'application/octet-stream', 'cache-control': 'no-cache' });
  response.end(body);
}

function sendJson(response: ServerResponse, value: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(value));
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(text);
}

