// A small HTTP/2 balancer for Restate workers that serve HTTP/2: each incoming stream (one
// invocation attempt, bidirectional) is forwarded whole to the next worker, round robin. A
// worker that is down fails the stream (Restate retries the invocation, and the next attempt
// goes to the next worker). Used by the durable bench and the tests that need several HTTP/2
// workers behind one deployment.
import { connect, constants, createServer, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

export async function startH2StreamProxy(port: number, workers: () => readonly { readonly name: string; readonly port: number }[], counts: Map<string, number>): Promise<{ close(): Promise<void> }> {
  const sessions = new Map<string, ClientHttp2Session>();
  let next = 0;
  const sessionOf = (worker: { name: string; port: number }) => {
    let session = sessions.get(worker.name);
    if (session === undefined || session.closed || session.destroyed) {
      session = connect(`http://127.0.0.1:${worker.port}`);
      session.on('error', () => sessions.delete(worker.name));
      session.on('close', () => sessions.delete(worker.name));
      sessions.set(worker.name, session);
    }
    return session;
  };
  const server = createServer();
  server.on('stream', (stream, headers) => {
    const all = workers();
    const worker = all[next++ % all.length]!;
    counts.set(worker.name, (counts.get(worker.name) ?? 0) + 1);
    const fail = () => {
      if (!stream.destroyed) stream.close(constants.NGHTTP2_INTERNAL_ERROR);
    };
    let upstream;
    try {
      upstream = sessionOf(worker).request(forwardable(headers));
    } catch {
      return fail();
    }
    upstream.on('response', (answer) => {
      if (stream.destroyed) return;
      stream.respond(forwardable(answer));
      upstream.pipe(stream);
    });
    upstream.on('error', fail);
    upstream.on('close', () => {
      if (upstream.rstCode !== undefined && upstream.rstCode !== constants.NGHTTP2_NO_ERROR) fail();
    });
    stream.on('error', () => upstream.close(constants.NGHTTP2_CANCEL));
    stream.on('close', () => upstream.close());
    stream.pipe(upstream);
  });
  server.on('sessionError', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: async () => {
      for (const session of sessions.values()) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
