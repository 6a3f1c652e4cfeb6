import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A route handler in either of the two shapes a server has: fetch-style or Node's. */
export type ChatRoute =
  | { readonly kind: 'fetch'; readonly handle: (request: Request) => Response | Promise<Response> }
  | { readonly kind: 'node'; readonly handle: (request: IncomingMessage & { body: unknown }, response: ServerResponse) => Promise<void> };

/**
 * A local HTTP server on 127.0.0.1 serving `route` at `POST /api/chat`: a fetch-style handler
 * gets a web `Request` (with an abort signal that fires when the client goes away) and its
 * `Response` is written back as it streams; a Node handler gets the request (body parsed) and
 * the `ServerResponse`. Every parsed request body is recorded.
 */
export async function startChatRouteServer(route: ChatRoute): Promise<{ url: string; bodies: Record<string, unknown>[]; close(): Promise<void> }> {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    bodies.push(JSON.parse(text) as Record<string, unknown>);
    if (route.kind === 'node') return void (await route.handle(Object.assign(req, { body: JSON.parse(text) as unknown }), res));
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: text, signal: aborted.signal });
    const response = await route.handle(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    for await (const chunk of response.body!) res.write(chunk);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/chat`,
    bodies,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
