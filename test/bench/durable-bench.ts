// `npm run bench -- --durable`: a durable turn on a real restate-server (HTTP/2 with the worker
// registered directly; the same with the server's data on tmpfs; two HTTP/2 workers behind the
// HTTP/2 stream balancer; one HTTP/1.1 worker behind the S18 proxy) against the same turn
// in-process (createToolSearchRuntime, same scripted model and tools). A turn here is 6 model
// steps and 5 tool calls (the fixture's `bench-…` conversations). On every server, batches of
// in-process turns and durable turns alternate (the machine may be shared: each durable batch is
// compared with the in-process batch just before it), after warm-up turns of each. On the HTTP/2
// servers registered directly, a floor is measured too: invocations of the `floor` object, which
// journal what a turn journals (12 ctx.run, 12 ctx.set) and do nothing else.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolSearchRuntime } from '../../src/index.js';
import { workerModel, workerRuntime } from '../fixtures/restate/worker-turn.js';
import { http, startRestateCluster, type RestateCluster } from '../restate/restate-cluster.js';

export interface DurableBenchRow {
  readonly path: string;
  /** Turns (or floor invocations) measured, all rounds together. */
  readonly turns: number;
  /** Median over the rounds of a batch's ms per turn (or per floor invocation). */
  readonly msPerTurn: number;
  readonly msPerStep: number;
  /** Median over the rounds of (this batch − the in-process batch before it) per step; for a floor row its ms per step; `undefined` in-process. */
  readonly overheadMsPerStep?: number;
  /** msPerTurn over the in-process row's; `undefined` for the in-process and floor rows. */
  readonly ratio?: number;
}

export interface DurableBench {
  readonly rows: readonly DurableBenchRow[];
  /** Median over the rounds of (a floor invocation of 12 ctx.run − one of none) / 12, by server. */
  readonly bareRunMs: Readonly<Record<string, number>>;
  readonly rounds: number;
  readonly turns: number;
  readonly warmup: number;
}

const STEPS_PER_TURN = 6;
/** A bench turn's acknowledged ctx.run: the start time (`ctx.date.now()`), 6 model calls, 5 tool calls. */
const RUNS_PER_TURN = 12;
/** A bench turn's ctx.set and ctx.clear: 4 at its start, 6 snapshots, 2 at its end. */
const SETS_PER_TURN = 12;
/** About the size of a bench turn's snapshot (1.7 KB at step 1, growing ≈ 580 bytes a step). */
const FLOOR_SET_BYTES = 3_000;

type Server = 'h2' | 'h2-tmpfs' | 'h2-proxy' | 'http1.1';

const PATHS: Record<Server, string> = {
  h2: 'durable, HTTP/2 (worker registered directly)',
  'h2-tmpfs': 'durable, HTTP/2 (registered directly), server data on tmpfs: no disk fsync (not a deployment)',
  'h2-proxy': 'durable, HTTP/2, 2 workers behind the HTTP/2 stream balancer',
  'http1.1': 'durable, HTTP/1.1 (behind the proxy)',
};

const worker = new URL('../fixtures/restate/bench-worker.ts', import.meta.url).pathname;

/**
 * @param options.turns turns per batch. Default 20.
 * @param options.rounds alternating batches (in-process, durable, floor) per server. Default 3.
 * @param options.warmup turns of each kind before the first batch, per server. Default 10.
 * @param options.servers which servers. Default all four (`h2-tmpfs` only where /dev/shm exists).
 */
export async function runDurableBench(options: { readonly turns?: number; readonly rounds?: number; readonly warmup?: number; readonly servers?: readonly Server[] } = {}): Promise<DurableBench> {
  const turns = options.turns ?? 20;
  const rounds = options.rounds ?? 3;
  const warmup = options.warmup ?? 10;
  const servers = (options.servers ?? ['h2', 'h2-tmpfs', 'h2-proxy', 'http1.1']).filter((server) => server !== 'h2-tmpfs' || existsSync('/dev/shm'));
  const dir = mkdtempSync(join(tmpdir(), 'turnscope-durable-bench-'));
  const logFile = join(dir, 'calls.jsonl');
  const runtime = createToolSearchRuntime(workerRuntime(logFile, 'bench'));
  const model = workerModel(logFile, 'bench');
  let next = 0;
  const inProcess = async () => {
    const index = next++;
    const result = await runtime.send({ model, prompt: `bench-${index}` }).result;
    if (result.text !== `done bench-${index}`) throw new Error(`in-process turn ended ${result.status}: ${result.text}`);
  };
  const local: number[] = [];
  const rows: DurableBenchRow[] = [];
  const bareRunMs: Record<string, number> = {};
  try {
    for (const server of servers) {
      const cluster = await startCluster(server);
      try {
        const durable = async () => {
          const index = next++;
          const answer = await http(cluster.ingressPort, 'POST', `/turnscope/bench-${index}/run`, { prompt: `bench-${index}` });
          const result = JSON.parse(answer.text) as { text?: string };
          if (result.text !== `done bench-${index}`) throw new Error(`durable turn answered ${answer.status}: ${answer.text.slice(0, 200)}`);
        };
        const floor = (runs: number) => async () => {
          const answer = await http(cluster.ingressPort, 'POST', `/floor/floor-${next++}/run`, { runs, setBytes: FLOOR_SET_BYTES });
          if (answer.text !== String(runs)) throw new Error(`floor invocation answered ${answer.status}: ${answer.text.slice(0, 200)}`);
        };
        const withFloor = server === 'h2' || server === 'h2-tmpfs';
        await repeat(inProcess, warmup);
        await repeat(durable, warmup);
        if (withFloor) await repeat(floor(RUNS_PER_TURN), warmup);
        const samples = { local: [] as number[], durable: [] as number[], floor: [] as number[], empty: [] as number[] };
        for (let round = 0; round < rounds; round += 1) {
          samples.local.push(await timed(inProcess, turns));
          samples.durable.push(await timed(durable, turns));
          if (!withFloor) continue;
          samples.empty.push(await timed(floor(0), turns));
          samples.floor.push(await timed(floor(RUNS_PER_TURN), turns));
        }
        local.push(...samples.local);
        const msPerTurn = median(samples.durable);
        rows.push({ path: PATHS[server], turns: turns * rounds, msPerTurn, msPerStep: msPerTurn / STEPS_PER_TURN, overheadMsPerStep: median(samples.durable.map((ms, round) => (ms - samples.local[round]!) / STEPS_PER_TURN)) });
        if (!withFloor) continue;
        const floorMs = median(samples.floor);
        const where = server === 'h2' ? 'HTTP/2' : 'HTTP/2, data on tmpfs';
        rows.push({ path: `floor, ${where}: the journal alone (${RUNS_PER_TURN} bare ctx.run, ${SETS_PER_TURN} ctx.set, no turn)`, turns: turns * rounds, msPerTurn: floorMs, msPerStep: floorMs / STEPS_PER_TURN, overheadMsPerStep: floorMs / STEPS_PER_TURN });
        bareRunMs[where] = median(samples.floor.map((ms, round) => (ms - samples.empty[round]!) / RUNS_PER_TURN));
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const localMs = median(local);
  const inProcessRow: DurableBenchRow = { path: 'in-process', turns: local.length * turns, msPerTurn: localMs, msPerStep: localMs / STEPS_PER_TURN };
  return {
    rows: [inProcessRow, ...rows.map((row) => (row.path.startsWith('floor') ? row : { ...row, ratio: row.msPerTurn / localMs }))],
    bareRunMs,
    rounds,
    turns,
    warmup,
  };
}

export function formatDurableBench(bench: DurableBench): string {
  const lines = ['| path | turns | ms per turn | ms per step | overhead ms per step | × in-process |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const row of bench.rows) {
    const overhead = row.overheadMsPerStep === undefined ? '—' : row.overheadMsPerStep.toFixed(2);
    const ratio = row.path === 'in-process' ? '1.0' : row.ratio === undefined ? '—' : row.ratio.toFixed(1);
    lines.push(`| ${row.path} | ${row.turns} | ${row.msPerTurn.toFixed(1)} | ${row.msPerStep.toFixed(2)} | ${overhead} | ${ratio} |`);
  }
  lines.push(
    '',
    `${STEPS_PER_TURN} model steps and ${STEPS_PER_TURN - 1} tool calls a turn (${RUNS_PER_TURN} acknowledged ctx.run: the start time, the model calls, the tool calls), localhost;`,
    `medians of ${bench.rounds} rounds of ${bench.turns} turns per path, in-process and durable batches alternating, after ${bench.warmup} warm-up turns of each;`,
    'overhead per step: a durable batch less the in-process batch just before it, per step; a floor row: all of it.',
  );
  for (const [where, ms] of Object.entries(bench.bareRunMs)) lines.push(`bare ctx.run round trip (${where}): ${ms.toFixed(2)} ms; a step of one model call and one tool call needs two.`);
  return lines.join('\n');
}

async function startCluster(server: Server): Promise<RestateCluster> {
  const protocol = server === 'h2-tmpfs' ? 'h2' : server;
  const options = { workers: server === 'h2-proxy' ? 2 : 1, protocol, fixture: worker } as const;
  if (server !== 'h2-tmpfs') return startRestateCluster(options);
  // the cluster's folder (the server's --base-dir) is made under os.tmpdir(), which reads TMPDIR
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = '/dev/shm';
  try {
    return await startRestateCluster(options);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

async function repeat(run: () => Promise<void>, times: number): Promise<void> {
  for (let index = 0; index < times; index += 1) await run();
}

/** ms per run of `times` runs one after the other. */
async function timed(run: () => Promise<void>, times: number): Promise<number> {
  const started = performance.now();
  await repeat(run, times);
  return (performance.now() - started) / times;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
