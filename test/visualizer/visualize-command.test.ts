import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';

const DEMO_TRACE = fileURLToPath(new URL('../fixtures/traces/demo.jsonl', import.meta.url));
const URL_PATTERN = /http:\/\/127\.0\.0\.1:\d+\//;

/** Runs the CLI in-process until `until(stdout)` holds, hands over the URL it printed, then interrupts it. */
async function runServing(argv: string[], options: { until: (stdout: string[]) => boolean; whileServing: (url: string) => Promise<void> }) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const interrupt = new AbortController();
  const exit = runCli({ argv, env: {}, stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line), abortSignal: interrupt.signal });
  try {
    await expect.poll(() => options.until(stdout), { timeout: 60_000 }).toBe(true);
    const url = stdout.map((line) => URL_PATTERN.exec(line)?.[0]).find((match) => match !== undefined);
    expect(url).toBeDefined();
    await options.whileServing(url!);
  } finally {
    interrupt.abort(new Error('test done'));
  }
  return { code: await exit, stdout, stderr };
}

async function runOnce(argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli({ argv, env: {}, stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/** Reads a server-sent event stream until the run's `end` event. */
async function readUntilEnd(url: string): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(new URL('api/events', url), { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('event: end')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  controller.abort();
  return text;
}

describe('turnscope visualize', () => {
  it('is listed in --help with --live and --port, and demo has --visualize', async () => {
    const { stdout } = await runOnce(['--help']);
    expect(stdout).toContain('visualize [TRACE.jsonl] [--port N]');
    expect(stdout).toContain('visualize --live [--port N]');
    expect(stdout).toContain('[--visualize [--port N]]');
  });

  it('exits 2 on usage mistakes', async () => {
    expect(await runOnce(['visualize', DEMO_TRACE, '--live'])).toMatchObject({ code: 2, stderr: expect.stringContaining('a trace file or --live, not both') });
    expect(await runOnce(['visualize', '--port', 'http'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--port must be a whole number from 0 to 65535') });
    expect(await runOnce(['visualize', '--port', '70000'])).toMatchObject({ code: 2 });
    expect(await runOnce(['visualize', 'no-such-trace.jsonl'])).toMatchObject({ code: 2, stderr: expect.stringContaining('No trace file at no-such-trace.jsonl.') });
    expect(await runOnce(['visualize', DEMO_TRACE, 'extra'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Unexpected argument "extra"') });
    expect(await runOnce(['demo', '--port', '5178'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--port goes with --visualize') });
  });

  it('serves the page and the trace on 127.0.0.1, prints the URL and stops on interrupt with 0', async () => {
    const result = await runServing(['visualize', DEMO_TRACE, '--port', '0'], {
      until: (stdout) => stdout.some((line) => line.includes('Ctrl-C to stop')),
      whileServing: async (url) => {
        expect(await (await fetch(new URL('api/session', url))).json()).toEqual({ mode: 'file', traceName: 'demo.jsonl' });
        expect((await (await fetch(new URL('api/trace', url))).text()).split('\n')[0]).toContain('"type":"turn.start"');
        expect(await (await fetch(url)).text()).toContain('<title>turnscope visualizer</title>');
      },
    });
    expect(result.code).toBe(0);
    expect(result.stdout[result.stdout.length - 3]).toMatch(/^visualizer http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(result.stderr).toEqual([]);
  }, 90_000);

  it('says which port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      expect(await runOnce(['visualize', DEMO_TRACE, '--port', String(port)])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining(`Port ${port} on 127.0.0.1 is in use: pass --port N (0 picks a free port).`),
      });
    } finally {
      blocker.close();
    }
  }, 60_000);

  it('--live waits for a page, then runs the demo and streams its records to it', async () => {
    const result = await runServing(['visualize', '--live', '--port', '0'], {
      until: (stdout) => stdout.some((line) => line.includes('waiting for a browser')),
      whileServing: async (url) => {
        const events = await readUntilEnd(url);
        expect(events).toContain('"type":"turn.start"');
        expect(events).toContain('"type":"machine.transition"');
        expect(events).toContain('event: end\ndata: {"status":"completed"}');
      },
    });
    expect(result.code).toBe(0);
    expect(result.stdout.findIndex((line) => line.includes('waiting for a browser'))).toBeLessThan(
      result.stdout.findIndex((line) => line.startsWith('turnscope demo:')),
    );
  }, 90_000);
});

describe('turnscope demo --visualize', () => {
  it('runs the demo at once with the live visualizer, keeps serving it, and exits with the turn\'s status', async () => {
    const result = await runServing(['demo', '--visualize', '--port', '0'], {
      until: (stdout) => stdout.some((line) => line.startsWith('visualizer still serving')),
      whileServing: async (url) => {
        const events = await readUntilEnd(url);
        expect(events.match(/"type":"step\.start"/g)?.length).toBeGreaterThanOrEqual(2);
        expect(events).toContain('"type":"turn.end"');
      },
    });
    expect(result.code).toBe(0);
    expect(result.stdout.find((line) => line.startsWith('visualizer http'))).toMatch(/^visualizer http:\/\/127\.0\.0\.1:\d+\/ \(live/);
    expect(result.stdout).toContain('turnscope demo: one turn, real MCP servers over stdio, every tool deferred behind tool_search');
  }, 90_000);
});
