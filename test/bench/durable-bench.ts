// `npm run bench -- --durable`: a durable turn on a real restate-server (one worker: HTTP/1.1
// behind the S18 proxy, then HTTP/2 registered directly, then two HTTP/2 workers behind the
// HTTP/2 stream balancer) against the same turn in-process (createToolSearchRuntime, same
// scripted model and tools), run after each other on this machine. A turn here is 6 model
// steps and 5 tool calls (the fixture's `bench-…` conversations).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolSearchRuntime } from '../../src/index.js';
import { workerModel, workerRuntime } from '../fixtures/restate/worker-turn.js';
import { http, startRestateCluster } from '../restate/restate-cluster.js';

export interface DurableBenchRow {
  readonly path: string;
  readonly turns: number;
  readonly msPerTurn: number;
  readonly msPerStep: number;
}

const STEPS_PER_TURN = 6;

export async function runDurableBench(options: { readonly turns?: number } = {}): Promise<DurableBenchRow[]> {
  const turns = options.turns ?? 30;
  const dir = mkdtempSync(join(tmpdir(), 'turnscope-durable-bench-'));
  const logFile = join(dir, 'calls.jsonl');
  const runtimeOptions = workerRuntime(logFile, 'bench');
  const runtime = createToolSearchRuntime(runtimeOptions);
  const model = workerModel(logFile, 'bench');
  const inProcess = async (index: number) => {
    const result = await runtime.send({ model, prompt: `bench-${index}` }).result;
    if (result.text !== `done bench-${index}`) throw new Error(`in-process turn ended ${result.status}: ${result.text}`);
  };
  const rows: DurableBenchRow[] = [];
  for (const protocol of ['http1.1', 'h2', 'h2-proxy'] as const) {
  const cluster = await startRestateCluster({ workers: protocol === 'h2-proxy' ? 2 : 1, protocol });
  try {
    const durable = async (index: number) => {
      const answer = await http(cluster.ingressPort, 'POST', `/turnscope/bench-${index}/run`, { prompt: `bench-${index}` });
      const result = JSON.parse(answer.text) as { text?: string };
      if (result.text !== `done bench-${index}`) throw new Error(`durable turn answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    };
    const timed = async (run: (index: number) => Promise<void>, offset: number) => {
      for (let index = 0; index < 3; index += 1) await run(offset + index); // warm-up
      const started = performance.now();
      for (let index = 3; index < turns + 3; index += 1) await run(offset + index);
      return (performance.now() - started) / turns;
    };
    if (rows.length === 0) {
      const local = await timed(inProcess, 0);
      rows.push({ path: 'in-process', turns, msPerTurn: local, msPerStep: local / STEPS_PER_TURN });
    }
    const remote = await timed(durable, { 'http1.1': 10_000, h2: 20_000, 'h2-proxy': 30_000 }[protocol]);
    const path = { 'http1.1': 'durable, HTTP/1.1 (behind the proxy)', h2: 'durable, HTTP/2 (worker registered directly)', 'h2-proxy': 'durable, HTTP/2, 2 workers behind the HTTP/2 stream balancer' }[protocol];
    rows.push({ path, turns, msPerTurn: remote, msPerStep: remote / STEPS_PER_TURN });
  } finally {
    await cluster.stop();
  }
  }
  rmSync(dir, { recursive: true, force: true });
  return rows;
}

export function formatDurableBench(rows: readonly DurableBenchRow[]): string {
  const local = rows[0]!;
  const lines = ['| path | turns | ms per turn | ms per step | overhead ms per step | × in-process |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const row of rows) {
    lines.push(`| ${row.path} | ${row.turns} | ${row.msPerTurn.toFixed(1)} | ${row.msPerStep.toFixed(2)} | ${(row.msPerStep - local.msPerStep).toFixed(2)} | ${(row.msPerTurn / local.msPerTurn).toFixed(1)} |`);
  }
  lines.push('', `${STEPS_PER_TURN} model steps and ${STEPS_PER_TURN - 1} tool calls a turn, localhost`);
  return lines.join('\n');
}
