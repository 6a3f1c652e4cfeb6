// Soak: 10,000 sequential turns on one runtime; the heap after a forced GC must stay flat.
// Run with `npm run soak` (node --expose-gc through tsx). Not a test: it prints the heap at
// each checkpoint and the least-squares slope in bytes per turn (from the second checkpoint, and
// over the second half), and exits 1 when the second half's slope passes SOAK_MAX_SLOPE (bytes
// per turn, default 100: 1 MB over 10,000 turns).
//
//   SOAK_TURNS=20000 npm run soak
import { APICallError } from 'ai';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel, type ScriptedStep } from '../../src/testing/index.js';
import { sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';

const TURNS = Number(process.env.SOAK_TURNS ?? 10_000);
const CHECKPOINTS = 20;
const EVERY = Math.max(1, Math.floor(TURNS / CHECKPOINTS));
const MAX_SLOPE = Number(process.env.SOAK_MAX_SLOPE ?? 100);

const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) {
  console.error('soak: run with node --expose-gc (npm run soak does)');
  process.exit(2);
}

const retryable = new APICallError({ message: 'HTTP 503', url: 'https://provider.test/v1', requestBodyValues: {}, statusCode: 503, isRetryable: true });
const fatal = new APICallError({ message: 'HTTP 400', url: 'https://provider.test/v1', requestBodyValues: {}, statusCode: 400, isRetryable: false });
const search: ScriptedStep = { toolCalls: [{ toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }, { toolName: 'github_create_issue', input: { repo: 'a/b', title: 'early' } }] };
const create: ScriptedStep = { toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'soak' } }, { toolName: 'Read', input: { path: '/tmp/x' } }] };

/** The turn kinds the soak cycles through, so every ending is exercised. */
const KINDS: { name: string; steps: ScriptedStep[]; cancelAtPart?: number }[] = [
  { name: 'completed', steps: [search, create, { text: 'filed' }] },
  { name: 'retried', steps: [search, { error: retryable }, create, { text: 'filed' }] },
  { name: 'failed', steps: [search, { error: fatal }] },
  { name: 'cancelled', steps: [search, create, { delayMs: 5, text: 'late' }], cancelAtPart: 8 },
];

// the sample tools record every execute; the soak empties that record after each turn so only the runtime's memory is measured
const log: ExecutionLog = [];
const { tools, groups } = sampleTools(log);
const runtime = createToolSearchRuntime({ tools, groups, retry: { maxAttempts: 3, initialDelayMs: 0 } });

function heapAfterGc(): number {
  collect!();
  collect!();
  return process.memoryUsage().heapUsed;
}

const samples: { turns: number; heapUsed: number }[] = [];
const statuses = new Map<string, number>();
const startedAt = performance.now();
samples.push({ turns: 0, heapUsed: heapAfterGc() });
for (let index = 1; index <= TURNS; index++) {
  const kind = KINDS[index % KINDS.length]!;
  const scripted = createScriptedModel({ steps: kind.steps });
  const turn = runtime.send({ model: scripted.model, prompt: `soak ${index}` });
  let part = 0;
  for await (const _part of turn.stream) {
    if (part++ === kind.cancelAtPart) turn.cancel('soak');
  }
  const { status } = await turn.result;
  log.length = 0;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (index % EVERY === 0) {
    samples.push({ turns: index, heapUsed: heapAfterGc() });
    const last = samples.at(-1)!;
    console.log(`${String(last.turns).padStart(6)} turns  heap ${(last.heapUsed / 2 ** 20).toFixed(2)} MiB`);
  }
}

/** Least-squares slope of heapUsed over turns, in bytes per turn. */
function slopeOf(points: readonly { turns: number; heapUsed: number }[]): number {
  const meanX = points.reduce((sum, point) => sum + point.turns, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.heapUsed, 0) / points.length;
  return (
    points.reduce((sum, point) => sum + (point.turns - meanX) * (point.heapUsed - meanY), 0) /
    points.reduce((sum, point) => sum + (point.turns - meanX) ** 2, 0)
  );
}

// The first checkpoint still carries one-time warm-up (JIT, module caches). A leak grows the heap
// at the same rate in both halves; warm-up and bounded caches filling up only in the first, so
// the limit applies to the second half.
const fitted = samples.slice(2);
const slope = slopeOf(fitted);
const secondHalf = slopeOf(samples.filter((sample) => sample.turns >= TURNS / 2));
const seconds = (performance.now() - startedAt) / 1000;
console.log(
  `soak: ${TURNS} turns in ${seconds.toFixed(1)} s (${[...statuses].map(([status, count]) => `${status} ${count}`).join(', ')}); ` +
    `heap after GC at turn ${fitted[0]!.turns} → ${TURNS}: ${(fitted[0]!.heapUsed / 2 ** 20).toFixed(2)} → ${(samples.at(-1)!.heapUsed / 2 ** 20).toFixed(2)} MiB; ` +
    `slope ${slope.toFixed(1)} bytes/turn from turn ${fitted[0]!.turns}, ${secondHalf.toFixed(1)} bytes/turn over the second half ` +
    `(limit ${MAX_SLOPE}); node ${process.version}`,
);
process.exit(secondHalf > MAX_SLOPE ? 1 : 0);
