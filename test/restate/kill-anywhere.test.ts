import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ModelMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TurnResult, TurnStreamPart } from '../../src/index.js';
import { createLiveTurnHub, readLiveTurn, type RestateTurnStatus } from '../../src/restate/index.js';
import { finishedTurn, freePort, http, RESTATE_BEFORE_ALL_MS, startRestateCluster, turnStatus, waitFor, type RestateCluster } from './restate-cluster.js';

// Real processes: restate-server, two workers (test/fixtures/restate/kill-worker.ts) behind the
// S18 proxy (HTTP/1.1), publishing live output to a hub in this process. Each test stops a
// worker at a gate of the turn (a point the worker reaches: see the fixture), kills it with
// kill -9 there, and checks that the turn finished elsewhere exactly as an unkilled run of the
// same script did. Everything started here is stopped in afterAll (and on process exit).
const fixture = join(dirname(new URL(import.meta.url).pathname), '../fixtures/restate/kill-worker.ts');
const dir = mkdtempSync(join(tmpdir(), 'turnscope-kill-'));
const gateFile = join(dir, 'gates.json');
const gates: Record<string, string[]> = {};
writeFileSync(gateFile, '{}');
let cluster: RestateCluster | undefined;
let hubServer: Server | undefined;
let hubUrl = '';

beforeAll(async () => {
  const hub = createLiveTurnHub();
  const port = await freePort();
  hubServer = createServer(hub.handler);
  await new Promise<void>((resolve) => hubServer!.listen(port, '127.0.0.1', resolve));
  hubUrl = `http://127.0.0.1:${port}`;
  cluster = await startRestateCluster({ workers: 2, fixture, workerEnv: { GATE_FILE: gateFile, LIVE_URL: hubUrl } });
}, RESTATE_BEFORE_ALL_MS);
afterAll(async () => {
  await cluster?.stop();
  hubServer?.closeAllConnections();
  await new Promise((resolve) => (hubServer === undefined ? resolve(undefined) : hubServer.close(resolve)));
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

interface Entry { readonly kind: string; readonly run?: string; readonly step?: number; readonly tool?: string; readonly operationId?: string; readonly point?: string; readonly stopped?: boolean; readonly worker: string; readonly pid: number }
const entriesOf = (run: string) => (cluster!.log() as unknown as Entry[]).filter((entry) => entry.run === run);

interface Started { readonly key: string; readonly run: string; readonly invocationId: string; readonly live: { parts: TurnStreamPart[]; done: Promise<void> } }
let runs = 0;
/** Sends one turn of `script` (or the answer `messages`) on conversation `key`, its live output read from the start. */
async function start(script: string, stops: string[] = [], messages?: (run: string) => ModelMessage[], key?: string, run?: string): Promise<Started> {
  const id = run ?? `r${(runs += 1)}`;
  gates[id] = stops;
  writeFileSync(gateFile, JSON.stringify(gates));
  const conversation = key ?? `${script}-${id}`;
  const answer = await http(cluster!.ingressPort, 'POST', `/turnscope/${conversation}/run/send`, messages === undefined ? { prompt: `${script}#${id}` } : { messages: messages(id) });
  expect(answer.status).toBeLessThan(300);
  const invocationId = (JSON.parse(answer.text) as { invocationId: string }).invocationId;
  const parts: TurnStreamPart[] = [];
  const done = (async () => {
    for await (const part of readLiveTurn({ url: hubUrl, key: invocationId }) as unknown as AsyncIterable<TurnStreamPart>) parts.push(part);
  })();
  // a reader still open when the hub stops (a failed test) fails only where it is awaited
  done.catch(() => {});
  return { key: conversation, run: id, invocationId, live: { parts, done } };
}

const statusOf = (key: string) => turnStatus(cluster!, key);
const finished = (key: string) => finishedTurn(cluster!, key);

/** Waits until the worker stopped at `point` of `run`, kills it (kill -9), checks status answers meanwhile, and starts it again. */
async function killAt(turn: Started, point: string): Promise<Entry> {
  const c = cluster!;
  const stopped = await waitFor(`${turn.run} to stop at ${point}`, () => entriesOf(turn.run).find((entry) => entry.kind === 'gate' && entry.point === point && entry.stopped === true), 90_000);
  const victim = c.workers.find((worker) => worker.name === stopped.worker)!;
  c.kill(victim);
  // the other worker answers the shared status handler while the turn waits to be retried
  expect(['running', 'completed', 'cancelled']).toContain((await statusOf(turn.key)).status);
  await c.restart(victim);
  return stopped;
}

/** A result as plain JSON with the run's own names (its run id, its turn id) replaced, so two runs of one script compare. */
function normalized(value: unknown, run: string, turnId: string): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value).replaceAll(turnId, 'TURN').replaceAll(`#${run}`, '#RUN'));
}
/** What a client shows of a live stream: the parts other than text, and each step's text (a retried attempt's text dropped). */
function shown(parts: readonly TurnStreamPart[], run: string, turnId: string) {
  const deltas: { stepIndex: number; attempt: number; text: string }[] = [];
  const others: unknown[] = [];
  for (const part of parts) {
    if (part.type === 'text-delta') deltas.push(part);
    else if (part.type === 'retry') deltas.splice(0, deltas.length, ...deltas.filter((delta) => delta.stepIndex !== part.stepIndex || delta.attempt > part.attempt));
    else others.push(part.type === 'text-start' || part.type === 'text-end' ? { type: part.type } : part);
  }
  return normalized({ others, text: deltas.map((delta) => delta.text).join('') }, run, turnId);
}

/** Executions in the log by call: `model:<step>` and `tool:<operationId>`. */
function executions(run: string): Map<string, Entry[]> {
  const byCall = new Map<string, Entry[]>();
  for (const entry of entriesOf(run)) {
    const call = entry.kind === 'model' ? `model:${entry.step}` : entry.kind === 'tool' ? `tool:${entry.operationId}` : undefined;
    if (call !== undefined) byCall.set(call, [...(byCall.get(call) ?? []), entry]);
  }
  return byCall;
}

const references = new Map<string, Promise<{ status: RestateTurnStatus; run: string; live: TurnStreamPart[] }>>();
/** The same script run once without a kill (the same for every test that asks). */
function reference(script: string, messages?: (run: string) => ModelMessage[], key?: string): Promise<{ status: RestateTurnStatus; run: string; live: TurnStreamPart[] }> {
  const name = key ?? script;
  if (!references.has(name)) {
    references.set(name, (async () => {
      const turn = await start(script, [], messages, key === undefined ? undefined : `${key}`);
      const status = await waitFor(`the reference ${script} turn`, () => finished(turn.key), 120_000);
      await turn.live.done;
      return { status, run: turn.run, live: turn.live.parts };
    })());
  }
  return references.get(name)!;
}

/**
 * A test of the `search` script killed at `point`: the turn, started to stop there, is killed
 * with kill -9 and must end as the unkilled run did, with `inFlight` the calls that run again.
 */
function killedInSearchAt(point: string, inFlight: string[] | ((turnId: string) => string[]) = []): () => Promise<void> {
  return async () => {
    const turn = await start('search', [point]);
    await killAt(turn, point);
    await expectSameAsUnkilled(turn, 'search', inFlight);
  };
}

/**
 * The turn finished as the unkilled run of its script did (result, trace, live output), under
 * one turn id and one invocation, and every call ran once except `again` (the calls in flight
 * at a kill), which ran twice: on the killed worker, then elsewhere, with the same operation id.
 */
async function expectSameAsUnkilled(turn: Started, script: string, inFlight: string[] | ((turnId: string) => string[]) | 'any', context = '', ref = reference(script)): Promise<RestateTurnStatus> {
  const status = await waitFor(`${turn.run} to finish`, () => finished(turn.key), 120_000);
  await turn.live.done;
  const unkilled = await ref;
  const turnId = status.result!.turnId;
  expect(normalized(status.result, turn.run, turnId), context).toEqual(normalized(unkilled.status.result, unkilled.run, unkilled.status.result!.turnId));
  expect(normalized(status.snapshot, turn.run, turnId), context).toEqual(normalized(unkilled.status.snapshot, unkilled.run, unkilled.status.result!.turnId));
  expect(shown(turn.live.parts, turn.run, turnId), context).toEqual(shown(unkilled.live, unkilled.run, unkilled.status.result!.turnId));
  expect(turn.live.parts.filter((part) => part.type === 'turn-end'), context).toHaveLength(1);
  const byCall = executions(turn.run);
  const twice = [...byCall].filter(([, runs]) => runs.length !== 1).map(([call]) => call).sort();
  const again = inFlight === 'any' ? twice : typeof inFlight === 'function' ? inFlight(turnId) : inFlight;
  expect(twice, context).toEqual([...again].sort());
  for (const call of again) {
    const [first, second, ...more] = byCall.get(call)!;
    expect(more, context).toEqual([]);
    expect(first!.pid, context).not.toBe(second!.pid);
    expect(second!.operationId, context).toBe(first!.operationId);
  }
  // one turn: every operation id is of the result's turn id
  for (const [call] of byCall) if (call.startsWith('tool:')) expect(call.startsWith(`tool:${turnId}:`), `${context} ${call}`).toBe(true);
  expect(status.invocationId, context).toBe(turn.invocationId);
  return status;
}

describe('a worker killed at any point of a durable turn, real processes (S18, C29)', () => {
  it('C29: parallel calls that wait for their results together each run once (the SDK allows one awaiting loop at a time)', async () => {
    const turn = await start('overlap');
    const status = await waitFor('the turn to finish', () => finished(turn.key), 120_000);
    expect(status.result!.steps[0]!.toolResults.map((result) => [result.toolCallId, result.outcome, result.output])).toEqual([
      ['o0', 'ok', 'slow x done'],
      ['o1', 'ok', 'slow y done'],
    ]);
    expect([...executions(turn.run).values()].map((runs) => runs.length)).toEqual([1, 1, 1, 1]);
  }, 300_000);

  it('C29: parallel calls whose permission answers at random times are journaled in call order: no journal mismatch on the replays, each call runs once', async () => {
    const turn = await start('jitter');
    const status = await waitFor('the turn to finish', () => finished(turn.key), 60_000);
    expect(status.result!.steps[0]!.toolResults.map((result) => result.output)).toEqual(['noted a', 'noted b', 'noted c']);
    expect(entriesOf(turn.run).filter((entry) => entry.kind === 'tool').map((entry) => entry.operationId).sort()).toEqual(['j0', 'j1', 'j2'].map((id) => `${status.result!.turnId}:0:${id}`));
  }, 300_000);

  it('S18: killed during a model call (streaming slowly): the call runs again on the other worker, the turn ends as unkilled', killedInSearchAt('model:1', ['model:1']), 300_000);

  it('S18: killed right after a model call was recorded, before its tool started: nothing runs twice', killedInSearchAt('permission:1'), 300_000);

  it('S18: killed during tool_search (the ranker): the search runs again in process, no call runs twice', killedInSearchAt('rank'), 300_000);

  it('S18: killed while a discovered tool runs: that call runs again with the same operation id', killedInSearchAt('tool:weather_forecast:1', (turnId) => [`tool:${turnId}:1:w1`]), 300_000);

  it('S18: killed between a tool\'s end and the STEP_BOUNDARY that saves the snapshot: nothing runs twice, the snapshot is the unkilled one', killedInSearchAt('settled:1'), 300_000);

  it('S18: killed during the last model call (its text streaming to a live client): the text is replaced, the turn ends as unkilled', async () => {
    const turn = await start('search', ['model:2']);
    await killAt(turn, 'model:2');
    expect(turn.live.parts.some((part) => part.type === 'tool-result')).toBe(true);
    await expectSameAsUnkilled(turn, 'search', ['model:2']);
  }, 300_000);

  it('S18: killed after the last model call, once the turn ended and before run answers: nothing runs again', killedInSearchAt('turn-end'), 300_000);

  it('S18: killed while one of three parallel tool calls runs: only that call runs again, the results keep their call order', async () => {
    const turn = await start('parallel', ['tool:slow:0']);
    // the two notes finish at once; give their results time to reach the server before the kill
    await waitFor('both notes to run', () => (entriesOf(turn.run).filter((entry) => entry.tool === 'note').length === 2 ? true : undefined), 90_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await killAt(turn, 'tool:slow:0');
    const status = await expectSameAsUnkilled(turn, 'parallel', (turnId) => [`tool:${turnId}:0:p0`]);
    expect(status.result!.steps[0]!.toolResults.map((result) => result.toolCallId)).toEqual(['p0', 'p1', 'p2']);
  }, 300_000);

  it('S18: killed while one of three parallel calls runs, after the other two finished in another order than they started: the replay hands the results out in the same order, so durations and snapshot are the unkilled ones', async () => {
    const turn = await start('outOfOrder', ['tool:slow:0']);
    await waitFor('a slow call to stop', () => entriesOf(turn.run).find((entry) => entry.kind === 'gate' && entry.point === 'tool:slow:0' && entry.stopped === true), 90_000);
    // the other slow call takes at most 300 ms, the note none: both results reach the server
    await new Promise((resolve) => setTimeout(resolve, 800));
    const log = entriesOf(turn.run);
    const gate = log.findIndex((entry) => entry.kind === 'gate' && entry.stopped === true);
    const inFlight = log.slice(0, gate).findLast((entry) => entry.kind === 'tool')!.operationId!;
    await killAt(turn, 'tool:slow:0');
    await expectSameAsUnkilled(turn, 'outOfOrder', [`tool:${inFlight}`]);
  }, 300_000);

  it('S18: killed twice in one turn (during a model call, then during the next tool): both calls run again once, the turn ends as unkilled', async () => {
    const turn = await start('search', ['model:1', 'tool:weather_forecast:1']);
    await killAt(turn, 'model:1');
    await killAt(turn, 'tool:weather_forecast:1');
    await expectSameAsUnkilled(turn, 'search', (turnId) => ['model:1', `tool:${turnId}:1:w1`]);
  }, 300_000);

  it('S18: killed during a turn that ends awaiting approval, then during the approved call of the answering turn: the call runs once more with the same operation id, both turns end as unkilled', async () => {
    const answerOf = (result: TurnResult): ModelMessage[] => {
      const request = (result.messages.at(-1)!.content as { type: string; approvalId?: string }[]).find((part) => part.type === 'tool-approval-request')!;
      return [...result.messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId!, approved: true }] }];
    };
    const unkilledFirst = await reference('approve');
    const unkilledSecond = start('approve', [], () => answerOf(unkilledFirst.status.result!), 'approve-r-ref', unkilledFirst.run).then(async (turn) => {
      const status = await waitFor('the unkilled answer', () => finished(turn.key), 120_000);
      await turn.live.done;
      return { status, run: turn.run, live: turn.live.parts };
    });
    void unkilledSecond;

    const first = await start('approve', ['approval-store', 'tool:deploy:0']);
    await killAt(first, 'approval-store');
    const awaiting = await expectSameAsUnkilled(first, 'approve', []);
    expect(awaiting.result).toMatchObject({ status: 'completed', reason: 'awaiting-approval' });

    const second = await start('approve', ['approval-store', 'tool:deploy:0'], () => answerOf(awaiting.result!), first.key, first.run);
    await killAt(second, 'tool:deploy:0');
    const status = await waitFor('the answering turn to finish', () => finished(second.key), 120_000);
    expect(status.result).toMatchObject({ status: 'completed', reason: 'stop', text: 'deployed to prod' });
    const unkilled = await unkilledSecond;
    const own = (value: unknown, run: string, turnIds: string[]) => normalized(normalized(value, run, turnIds[0]!), run, turnIds[1]!);
    expect(own(status.result, second.run, [status.result!.turnId, awaiting.result!.turnId])).toEqual(own(unkilled.status.result, unkilled.run, [unkilled.status.result!.turnId, unkilledFirst.status.result!.turnId]));
    const deploys = entriesOf(second.run).filter((entry) => entry.tool === 'deploy');
    expect(deploys.map((entry) => entry.operationId)).toEqual([`${status.result!.turnId}:0:d0`, `${status.result!.turnId}:0:d0`]);
    expect(deploys[0]!.pid).not.toBe(deploys[1]!.pid);
  }, 300_000);

  it('S18: killed while a cancel is being delivered: the turn ends cancelled, without another model call, and status says so', async () => {
    const turn = await start('long', ['tool:slow:0']);
    const stopped = await waitFor('slow to stop', () => entriesOf(turn.run).find((entry) => entry.kind === 'gate' && entry.point === 'tool:slow:0' && entry.stopped === true), 90_000);
    const cancel = http(cluster!.ingressPort, 'POST', `/turnscope/${turn.key}/cancel`, {});
    const victim = cluster!.workers.find((worker) => worker.name === stopped.worker)!;
    cluster!.kill(victim);
    expect(JSON.parse((await cancel).text)).toBe(true);
    await cluster!.restart(victim);
    const status = await waitFor('the turn to end', () => finished(turn.key), 120_000);
    await turn.live.done;
    expect(status.status).toBe('cancelled');
    expect(status.result).toMatchObject({ status: 'cancelled', reason: 'cancelled' });
    expect(entriesOf(turn.run).filter((entry) => entry.kind === 'model').map((entry) => entry.step)).toEqual([0]);
    expect(entriesOf(turn.run).filter((entry) => entry.kind === 'tool').length).toBeLessThanOrEqual(2);
    expect(turn.live.parts.filter((part) => part.type === 'turn-end')).toEqual([expect.objectContaining({ status: 'cancelled' })]);
  }, 300_000);

  it('S18: killed at seeded random moments over several turns (KILL_SEED replays a sample): each turn ends as unkilled, a call ran again only when the killed worker was running it', async () => {
    const seed = Number(process.env.KILL_SEED ?? Date.now() % 2 ** 31);
    let state = seed;
    // mulberry32
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const unkilled = await reference('long');
    const spanMs = 2_500;
    for (let index = 0; index < 4; index += 1) {
      const delay = Math.floor(random() * spanMs);
      const context = `KILL_SEED=${seed}, turn ${index}, kill after ${delay} ms`;
      const turn = await start('long');
      await new Promise((resolve) => setTimeout(resolve, delay));
      const latest = entriesOf(turn.run).at(-1);
      const victim = cluster!.workers.find((worker) => worker.name === latest?.worker) ?? cluster!.workers[Math.floor(random() * 2)]!;
      const victimPid = victim.process.pid;
      cluster!.kill(victim);
      await cluster!.restart(victim);
      const status = await expectSameAsUnkilled(turn, 'long', 'any', context, Promise.resolve(unkilled));
      for (const [call, runs] of executions(turn.run)) if (runs.length === 2) expect(runs[0]!.pid, `${context}: ${call}`).toBe(victimPid);
      expect(status.status, context).toBe('completed');
    }
  }, 300_000);
});
