// Real processes for the S18 tests: a restate-server from node_modules on free loopback ports
// with its own data folder, workers as child processes (each its own process group), and a
// small HTTP proxy in front of the workers (round robin per request, the next worker when one
// refuses) registered as the one deployment. Everything started here is stopped by stop(), which
// deletes the cluster's folder unless a test failed while it ran (or its start failed): then the
// folder stays and the failure message names it and ends with the server log's last lines.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { connect, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RestateTurnStatus } from '../../src/restate/index.js';
import { startH2StreamProxy } from './h2-stream-proxy.js';

const require = createRequire(import.meta.url);

/** Lines of the server's log a failure message quotes. */
const TAIL_LINES = 25;

/** A cluster's folder of logs, from its start until `stop()`; `keep`: a test failed while it ran, so `stop()` leaves the folder. */
interface ClusterLogs {
  readonly dir: string;
  keep: boolean;
  /** True until `startRestateCluster` has returned the cluster (or thrown). */
  starting: boolean;
  readonly stop: () => Promise<void>;
}

const LIVE = new Set<ClusterLogs>();

/**
 * Where a cluster's logs are kept and the last lines of its server's log, for a failure message:
 * a flake under load (a timeout) is read from the log, not guessed at.
 */
function describeLogs(logs: ClusterLogs): string {
  let tail: string;
  try {
    tail = readFileSync(join(logs.dir, 'server.log'), 'utf8').trimEnd().split('\n').slice(-TAIL_LINES).join('\n') || '(empty)';
  } catch (error) {
    tail = `(unreadable: ${String(error)})`;
  }
  const files = (() => {
    try {
      return readdirSync(logs.dir).filter((name) => name.endsWith('.log') || name.endsWith('.jsonl')).join(', ');
    } catch {
      return '';
    }
  })();
  return `restate cluster logs kept in ${logs.dir} (${files}); last ${TAIL_LINES} lines of server.log:\n${tail}`;
}

// Under vitest only (a bench script imports this file too): a test that fails while a cluster runs
// keeps that cluster's folder, and its failure message says where it is and ends with the server's log.
if (process.env.VITEST !== undefined) {
  const { afterEach, afterAll } = await import('vitest');
  afterEach((context) => {
    const result = context.task.result;
    if (result?.state !== 'fail' || LIVE.size === 0) return;
    const notes: string[] = [];
    for (const logs of LIVE) {
      logs.keep = true;
      notes.push(describeLogs(logs));
    }
    for (const error of result.errors ?? []) error.message = `${error.message}\n\n${notes.join('\n\n')}`;
  });
  // a beforeAll that timed out before its cluster was ready: that cluster is still starting here
  afterAll(async () => {
    for (const logs of [...LIVE].filter((one) => one.starting)) {
      logs.keep = true;
      console.error(`a restate cluster was still starting when its file ended (a hook timed out?): ${describeLogs(logs)}`);
      await logs.stop();
    }
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Milliseconds the whole start of a cluster may take ({@link startRestateCluster}: the server's
 * admin API, every worker listening, the deployment registering, under one deadline).
 */
export const RESTATE_START_BUDGET_MS = 90_000;
/**
 * The timeout of a `beforeAll` that starts one cluster: the start's budget and the time a failed
 * start takes to stop its processes and describe its logs, so the helper's error (with the kept
 * logs) is what a slow start reports, not vitest's hook timeout.
 */
export const RESTATE_BEFORE_ALL_MS = RESTATE_START_BUDGET_MS + 30_000;

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let value: T | undefined;
    try {
      value = await probe();
    } catch {
      value = undefined;
    }
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The `status` handler's answer for one conversation of the `turnscope` object, through the cluster's ingress; throws on an answer other than 200. */
export async function turnStatus(cluster: RestateCluster, conversation: string): Promise<RestateTurnStatus> {
  const answer = await http(cluster.ingressPort, 'POST', `/turnscope/${conversation}/status`, {});
  if (answer.status !== 200) throw new Error(`status ${answer.status}: ${answer.text}`);
  return JSON.parse(answer.text) as RestateTurnStatus;
}

/** The conversation's status once its turn has ended (neither running nor idle), else `undefined`: a {@link waitFor} probe. */
export async function finishedTurn(cluster: RestateCluster, conversation: string): Promise<RestateTurnStatus | undefined> {
  const status = await turnStatus(cluster, conversation);
  return status.status === 'running' || status.status === 'idle' ? undefined : status;
}

/** One HTTP request to 127.0.0.1; resolves with status and body text. */
export function http(port: number, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export interface LogEntry {
  readonly kind: 'ready' | 'model' | 'tool' | 'abort';
  readonly worker: string;
  readonly pid: number;
  readonly conversation?: string;
  readonly step?: number;
  readonly tool?: string;
  readonly text?: string;
  readonly label?: string;
  readonly operationId?: string;
}

export interface Worker {
  readonly name: string;
  readonly port: number;
  process: ChildProcess;
}

export interface RestateCluster {
  readonly ingressPort: number;
  readonly adminPort: number;
  readonly workers: readonly Worker[];
  /** Requests the proxy handed to each worker, by name. */
  readonly proxied: Map<string, number>;
  readonly logFile: string;
  readonly log: () => LogEntry[];
  /** `kill -9` of the worker's process group. */
  readonly kill: (worker: Worker) => void;
  /** Starts the worker again on its port and waits until it listens. */
  readonly restart: (worker: Worker) => Promise<void>;
  readonly stop: () => Promise<void>;
}

const fixture = join(dirname(new URL(import.meta.url).pathname), '../fixtures/restate/turn-worker.ts');

function serverBinary(): string {
  return join(dirname(require.resolve('@restatedev/restate-server-linux-x64/package.json')), 'bin', 'restate-server');
}

/** True once something accepts TCP connections on the port. */
function accepts(port: number): Promise<true | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(undefined));
  });
}

function killGroup(child: ChildProcess | undefined): void {
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * `protocol: 'h2'` (one worker only): the worker serves HTTP/2 and is registered directly, with
 * no proxy (bidirectional streaming). `'h2-proxy'`: every worker serves HTTP/2 behind an HTTP/2
 * balancer that forwards each invocation's stream whole (h2-stream-proxy.ts). Default
 * `'http1.1'`: every worker behind the HTTP/1.1 proxy.
 * `workerEnv` is added to every worker's environment (e.g. `LIVE_URL`), `serverEnv` to the
 * server's; `fixture` is the
 * worker's script (default test/fixtures/restate/turn-worker.ts).
 */
export async function startRestateCluster(options: { readonly workers: number; readonly protocol?: 'http1.1' | 'h2' | 'h2-proxy'; readonly workerEnv?: Readonly<Record<string, string>>; readonly serverEnv?: Readonly<Record<string, string>>; readonly fixture?: string; readonly startBudgetMs?: number }): Promise<RestateCluster> {
  // one deadline for every wait of the start, so the start ends (with its logs) before the beforeAll's timeout
  const budgetMs = options.startBudgetMs ?? RESTATE_START_BUDGET_MS;
  const deadline = Date.now() + budgetMs;
  const untilDeadline = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined) =>
    waitFor(what, probe, Math.max(0, deadline - Date.now())).catch((error: unknown) => {
      if (error instanceof Error) error.message = `the restate cluster did not start within its budget of ${budgetMs} ms: timed out waiting for ${what}`;
      throw error;
    });
  const h2 = options.protocol === 'h2';
  const h2Proxy = options.protocol === 'h2-proxy';
  let h2Balancer: { close(): Promise<void> } | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'turnscope-s18-'));
  const logFile = join(dir, 'calls.jsonl');
  writeFileSync(logFile, '');
  const children: ChildProcess[] = [];
  let proxy: Server | undefined;
  // if the test process itself ends without afterAll, its children still go
  const onExit = () => children.forEach(killGroup);
  process.once('exit', onExit);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    LIVE.delete(logs);
    process.off('exit', onExit);
    for (const child of children) killGroup(child);
    await new Promise<void>((resolve) => (proxy === undefined ? resolve() : proxy.close(() => resolve())));
    proxy?.closeAllConnections();
    await h2Balancer?.close();
    await Promise.all(children.map((child) => (child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve)))));
    // a failed test's logs stay: its failure message says where (see describeLogs)
    if (!logs.keep) rmSync(dir, { recursive: true, force: true });
  };
  const logs: ClusterLogs = { dir, keep: false, starting: true, stop };
  LIVE.add(logs);
  try {
    const [ingressPort, adminPort, nodePort, proxyPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const out = (name: string) => openSync(join(dir, `${name}.log`), 'a');
    const server = spawn(serverBinary(), ['--base-dir', join(dir, 'restate-data'), '--node-name', 's18'], {
      detached: true,
      stdio: ['ignore', out('server'), out('server')],
      env: {
        ...process.env,
        RESTATE_INGRESS__BIND_ADDRESS: `127.0.0.1:${ingressPort}`,
        RESTATE_ADMIN__BIND_ADDRESS: `127.0.0.1:${adminPort}`,
        RESTATE_BIND_ADDRESS: `127.0.0.1:${nodePort}`,
        RESTATE_ADVERTISED_ADDRESS: `http://127.0.0.1:${nodePort}`,
        RESTATE_LOG_FILTER: 'warn',
        ...options.serverEnv,
      },
    });
    children.push(server);
    const workers: Worker[] = [];
    const startWorker = (worker: { name: string; port: number }): ChildProcess => {
      const child = spawn(process.execPath, ['--import', 'tsx', options.fixture ?? fixture], {
        detached: true,
        stdio: ['ignore', out(worker.name), out(worker.name)],
        env: { ...process.env, ...options.workerEnv, PORT: String(worker.port), LOG_FILE: logFile, WORKER_NAME: worker.name, NODE_OPTIONS: '', PROTOCOL: h2 || h2Proxy ? 'h2' : 'http1.1' },
      });
      children.push(child);
      return child;
    };
    const listening = (worker: Worker, wait: typeof untilDeadline = untilDeadline) => wait(`${worker.name} to listen`, () => accepts(worker.port));
    for (let index = 0; index < options.workers; index += 1) {
      const spec = { name: `worker-${index + 1}`, port: await freePort() };
      workers.push({ ...spec, process: startWorker(spec) });
    }
    const proxied = new Map(workers.map((worker) => [worker.name, 0]));
    let next = 0;
    proxy = createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const attempt = (tries: number) => {
          const worker = workers[next++ % workers.length]!;
          const upstream = httpRequest({ host: '127.0.0.1', port: worker.port, method: req.method, path: req.url, headers: req.headers, agent: false }, (answer) => {
            proxied.set(worker.name, (proxied.get(worker.name) ?? 0) + 1);
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('error', () => res.destroy());
            answer.on('aborted', () => res.destroy());
          });
          upstream.on('error', () => {
            if (res.headersSent) res.destroy();
            else if (tries + 1 < workers.length) attempt(tries + 1);
            else res.destroy();
          });
          upstream.end(body);
        };
        attempt(0);
      });
    });
    if (h2Proxy) h2Balancer = await startH2StreamProxy(proxyPort, () => workers, proxied);
    else await new Promise<void>((resolve) => proxy!.listen(proxyPort, '127.0.0.1', resolve));
    await untilDeadline('restate-server admin API', async () => ((await http(adminPort, 'GET', '/health')).status === 200 ? true : undefined));
    for (const worker of workers) await listening(worker);
    await untilDeadline('the deployment to register', async () => {
      const deployment = h2 ? { uri: `http://127.0.0.1:${workers[0]!.port}` } : h2Proxy ? { uri: `http://127.0.0.1:${proxyPort}` } : { uri: `http://127.0.0.1:${proxyPort}`, use_http_11: true };
      const answer = await http(adminPort, 'POST', '/deployments', deployment);
      return answer.status >= 200 && answer.status < 300 ? true : undefined;
    });
    return {
      ingressPort,
      adminPort,
      workers,
      proxied,
      logFile,
      log: () =>
        readFileSync(logFile, 'utf8')
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as LogEntry),
      kill: (worker) => killGroup(worker.process),
      restart: async (worker) => {
        await new Promise((resolve) => (worker.process.exitCode !== null || worker.process.signalCode !== null ? resolve(undefined) : worker.process.once('exit', resolve)));
        worker.process = startWorker(worker);
        // a restart is not the start: a worker has a minute of its own to listen again
        await listening(worker, (what, probe) => waitFor(what, probe, 60_000));
      },
      stop,
    };
  } catch (error) {
    // the start failed (a timeout under load): the logs stay, and the error says where and how they end
    logs.keep = true;
    const note = describeLogs(logs);
    await stop();
    if (error instanceof Error) error.message = `${error.message}\n\n${note}`;
    throw error;
  } finally {
    logs.starting = false;
  }
}
