import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnMachine } from '../../machines/turn-machine.js';
import { createLiveTrace } from '../../src/visualizer/create-live-trace.js';
import { deriveMachineGraph } from '../../src/visualizer/derive-machine-graph.js';
import { startVisualizerServer, type VisualizerServer, type VisualizerSource } from '../../src/visualizer/start-visualizer-server.js';

const graph = deriveMachineGraph({ machine: turnMachine });
let workDir: string;
let pageDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'turnscope-visualizer-server-'));
  pageDir = join(workDir, 'page');
  await mkdir(join(pageDir, 'assets'), { recursive: true });
  await writeFile(join(pageDir, 'index.html'), '<!doctype html><title>page</title>');
  await writeFile(join(pageDir, 'assets', 'main.js'), 'console.log(1)');
  await writeFile(join(workDir, 'secret.txt'), 'not served');
  await writeFile(join(workDir, 'trace.jsonl'), '{"type":"turn.start"}\n');
});

afterAll(() => rm(workDir, { recursive: true, force: true }));

async function withServer(source: VisualizerSource, run: (server: VisualizerServer) => Promise<void>): Promise<void> {
  const server = await startVisualizerServer({ pageDir, machineGraph: graph, source });
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

/** A raw GET, so `..` segments reach the server as sent. */
function get(url: string, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(url), { path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startVisualizerServer', () => {
  it('listens on 127.0.0.1 and serves the page, the session and the machine graph', async () => {
    await withServer({ kind: 'file', path: join(workDir, 'trace.jsonl') }, async (server) => {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(await get(server.url, '/')).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><title>page</title>' });
      expect(await get(server.url, '/assets/main.js')).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
      expect(JSON.parse((await get(server.url, '/api/session')).body)).toEqual({ mode: 'file', traceName: 'trace.jsonl' });
      expect(JSON.parse((await get(server.url, '/api/machine')).body)).toEqual(graph);
    });
  });

  it('serves the trace as it is on disk at each request, and says so when it is gone', async () => {
    const path = join(workDir, 'growing.jsonl');
    await writeFile(path, 'line 1\n');
    await withServer({ kind: 'file', path }, async (server) => {
      expect((await get(server.url, '/api/trace')).body).toBe('line 1\n');
      await writeFile(path, 'line 1\nline 2\n');
      expect((await get(server.url, '/api/trace')).body).toBe('line 1\nline 2\n');
      await rm(path);
      const missing = await get(server.url, '/api/trace');
      expect(missing.status).toBe(404);
      expect(missing.body).toBe(`Cannot read the trace ${path}: no such file.`);
    });
  });

  it('never serves a file outside the page directory', async () => {
    await withServer({ kind: 'none' }, async (server) => {
      expect((await get(server.url, '/../secret.txt')).status).toBe(404);
      expect((await get(server.url, '/assets/../../secret.txt')).status).toBe(404);
      expect((await get(server.url, '/assets/%2e%2e/%2e%2e/secret.txt')).status).toBe(404);
      expect((await get(server.url, '/api/trace')).status).toBe(404);
      expect((await get(server.url, '/api/events')).status).toBe(404);
      expect((await get(server.url, '/assets/%E0%A4%A')).status).toBe(400);
    });
  });

  it('streams a live trace as server-sent events: the records so far, then new ones, then the end', async () => {
    const live = createLiveTrace();
    live.sink.record({ type: 'step.end', turnId: 't', stepIndex: 0, timestamp: 1, finishReason: 'stop', toolCalls: 0 });
    await withServer({ kind: 'live', trace: live }, async (server) => {
      const controller = new AbortController();
      const response = await fetch(new URL('api/events', server.url), { signal: controller.signal });
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      const readUntil = async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before ${needle}: ${text}`);
          text += value;
        }
      };
      await readUntil('"finishReason":"stop"');
      await live.waitForSubscriber();
      live.sink.record({ type: 'turn.end', turnId: 't', stepIndex: 0, timestamp: 2, status: 'completed', reason: 'stop', steps: 1, usage: { inputTokens: null, outputTokens: null, totalTokens: null } });
      live.end({ status: 'completed' });
      await readUntil('event: end');
      const events = text.trim().split('\n\n').map((block) => block.split('\n')[0]);
      expect(events).toEqual(['event: record', 'event: record', 'event: end']);
      expect(text).toContain('data: {"status":"completed"}');
      controller.abort();
    });
  });

  it('serves the page option at / and hands each route the request, any method, streaming its Response back', async () => {
    await writeFile(join(pageDir, 'chat.html'), '<!doctype html><title>chat</title>');
    const seen: { method: string; body: string; type: string | null }[] = [];
    let disconnected: AbortSignal | undefined;
    const routes = new Map<string, (request: Request) => Promise<Response>>([
      [
        '/api/echo',
        async (request) => {
          seen.push({ method: request.method, body: await request.text(), type: request.headers.get('content-type') });
          return new Response(`got ${seen.length}`, { status: 201, headers: { 'x-route': 'echo' } });
        },
      ],
      [
        '/api/forever',
        async (request) => {
          disconnected = request.signal;
          return new Response(new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new TextEncoder().encode('first ')) }));
        },
      ],
    ]);
    const server = await startVisualizerServer({ pageDir, machineGraph: graph, source: { kind: 'none' }, page: 'chat.html', routes });
    try {
      expect((await get(server.url, '/')).body).toBe('<!doctype html><title>chat</title>');
      const posted = await fetch(new URL('api/echo', server.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"messages":[]}' });
      expect([posted.status, posted.headers.get('x-route'), await posted.text()]).toEqual([201, 'echo', 'got 1']);
      expect(await (await fetch(new URL('api/echo', server.url))).text()).toBe('got 2');
      expect(seen).toEqual([
        { method: 'POST', body: '{"messages":[]}', type: 'application/json' },
        { method: 'GET', body: '', type: null },
      ]);
      // a client that goes away mid-stream aborts the route's request
      const controller = new AbortController();
      const streaming = await fetch(new URL('api/forever', server.url), { signal: controller.signal });
      const reader = streaming.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('first ');
      expect(disconnected?.aborted).toBe(false);
      controller.abort();
      await expect.poll(() => disconnected?.aborted).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('answers 405 to anything but GET and HEAD', async () => {
    await withServer({ kind: 'none' }, async (server) => {
      expect((await fetch(new URL('api/machine', server.url), { method: 'POST' })).status).toBe(405);
    });
  });
});
