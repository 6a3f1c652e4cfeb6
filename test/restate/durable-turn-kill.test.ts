import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedTurn, http, RESTATE_BEFORE_ALL_MS, startRestateCluster, turnStatus, waitFor, type LogEntry, type RestateCluster } from './restate-cluster.js';

// Real processes: restate-server from node_modules, two workers (test/fixtures/restate/turn-worker.ts)
// behind one registered deployment. Generous timeouts: the machine is shared.
let cluster: RestateCluster | undefined;

beforeAll(async () => {
  cluster = await startRestateCluster({ workers: 2 });
}, RESTATE_BEFORE_ALL_MS);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

async function send(conversation: string): Promise<string> {
  const answer = await http(cluster!.ingressPort, 'POST', `/turnscope/${conversation}/run/send`, { prompt: conversation });
  expect(answer.status).toBeLessThan(300);
  return (JSON.parse(answer.text) as { invocationId: string }).invocationId;
}

const statusOf = (conversation: string) => turnStatus(cluster!, conversation);
const finished = (conversation: string) => finishedTurn(cluster!, conversation);

const of = (log: LogEntry[], conversation: string) =>
  log.filter((entry) => entry.conversation === conversation || entry.text?.startsWith(conversation) === true || entry.label === conversation);

describe('durable turns on Restate, real processes (S18, C29)', () => {
  it('S18: a worker killed with kill -9 while a tool runs: the turn completes on the other worker, finished calls ran once, the call in flight ran again with the same operation id', async () => {
    const c = cluster!;
    await send('slow-kill');
    const running = await waitFor('slow_step to start', () => c.log().find((entry) => entry.tool === 'slow_step' && entry.label === 'slow-kill'), 90_000);
    const victim = c.workers.find((worker) => worker.name === running.worker)!;
    const survivor = c.workers.find((worker) => worker !== victim)!;
    c.kill(victim);

    const status = await waitFor('the turn to finish on the survivor', () => finished('slow-kill'), 120_000);
    expect(status.status).toBe('completed');
    expect(status.result?.text).toBe('done slow-kill');

    const log = of(c.log(), 'slow-kill');
    const models = log.filter((entry) => entry.kind === 'model');
    expect(models.map((entry) => entry.step).sort()).toEqual([0, 1, 2]);
    const notes = log.filter((entry) => entry.tool === 'note');
    expect(notes).toHaveLength(1);
    const slow = log.filter((entry) => entry.tool === 'slow_step');
    expect(slow.map((entry) => entry.worker)).toEqual([victim.name, survivor.name]);
    expect(slow[1]!.operationId).toBe(slow[0]!.operationId);
    expect(slow[0]!.operationId).toBe(`${status.result!.turnId}:1:call-1`);
    // the model call after the restart ran where the turn went on
    expect(models.find((entry) => entry.step === 2)?.worker).toBe(survivor.name);
    const results = status.result!.steps.flatMap((step) => step.toolResults.map((result) => [result.toolName, result.outcome, result.output]));
    expect(results).toEqual([
      ['note', 'ok', 'noted slow-kill first'],
      ['slow_step', 'ok', 'finished slow-kill'],
    ]);
    await c.restart(victim);
  }, 300_000);

  it('S18: 100 turns across 2 workers all complete, both take a share, and a worker killed mid-run loses no turn', async () => {
    const c = cluster!;
    const conversations = Array.from({ length: 100 }, (_, index) => `fast-${index}`);
    const before = c.log().length;
    for (const conversation of conversations) await send(conversation);
    const victim = c.workers[0]!;
    await waitFor('a third of the turns to run a tool', () => (c.log().slice(before).filter((entry) => entry.tool === 'note').length >= 33 ? true : undefined), 180_000);
    const victimPid = victim.process.pid;
    c.kill(victim);
    await c.restart(victim);

    const statuses = await waitFor(
      'every turn to finish',
      async () => {
        const all = await Promise.all(conversations.map((conversation) => finished(conversation)));
        return all.every((status) => status !== undefined) ? all : undefined;
      },
      240_000,
    );
    expect(statuses.map((status) => status!.status)).toEqual(conversations.map(() => 'completed'));
    expect(statuses.map((status) => status!.result?.text)).toEqual(conversations.map((conversation) => `done ${conversation}`));

    const log = c.log().slice(before).filter((entry) => entry.kind !== 'ready');
    const byWorker = new Set(log.map((entry) => entry.worker));
    expect([...byWorker].sort()).toEqual(['worker-1', 'worker-2']);
    // a call ran twice only when the killed worker was running it (at least once for the call in flight)
    const runs = new Map<string, LogEntry[]>();
    for (const entry of log.filter((entry) => entry.kind === 'tool')) runs.set(entry.operationId!, [...(runs.get(entry.operationId!) ?? []), entry]);
    expect(runs.size).toBe(100);
    for (const executions of runs.values()) {
      expect(executions.length).toBeLessThanOrEqual(2);
      if (executions.length === 2) expect(executions[0]!.pid).toBe(victimPid);
    }
  }, 600_000);

  it('cancel through Restate while a tool runs: the turn ends cancelled before its next model call, and status says so', async () => {
    const c = cluster!;
    await send('slow-cancel');
    await waitFor('slow_step to start', () => c.log().find((entry) => entry.tool === 'slow_step' && entry.label === 'slow-cancel'), 90_000);
    const answer = await http(c.ingressPort, 'POST', '/turnscope/slow-cancel/cancel', {});
    expect(JSON.parse(answer.text)).toBe(true);
    const status = await waitFor('the turn to end', () => finished('slow-cancel'), 120_000);
    expect(status.status).toBe('cancelled');
    expect(status.result?.status).toBe('cancelled');
    const log = of(c.log(), 'slow-cancel');
    expect(log.filter((entry) => entry.tool === 'slow_step')).toHaveLength(1);
    expect(log.filter((entry) => entry.kind === 'model').map((entry) => entry.step)).toEqual([0, 1]);
  }, 300_000);

  it('parallel tool calls of one step are one ctx.run each and replay in order on the real server: each ran once, the turn completes', async () => {
    const c = cluster!;
    await send('par-1');
    const status = await waitFor('the turn to finish', () => finished('par-1'), 120_000);
    expect(status.status).toBe('completed');
    expect(status.result?.text).toBe('done par-1');
    const notes = of(c.log(), 'par-1').filter((entry) => entry.tool === 'note');
    expect(notes.map((entry) => entry.operationId).sort()).toEqual([0, 1, 2].map((index) => `${status.result!.turnId}:0:call-0-${index}`));
    expect(status.result!.steps[0]!.toolResults.map((result) => result.output)).toEqual(['noted par-1 0', 'noted par-1 1', 'noted par-1 2']);
  }, 300_000);

  it('the run handler refuses an input it cannot journal with HTTP 400 and a message saying what to use instead, and runs nothing', async () => {
    const c = cluster!;
    const answer = await http(c.ingressPort, 'POST', '/turnscope/bad-input/run', { prompt: 'bad-input', abortSignal: {} });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("`abortSignal` is not accepted: a signal cannot be journaled: cancel the turn with the object's `cancel` handler");
    expect((await statusOf('bad-input')).status).toBe('idle');
    expect(of(c.log(), 'bad-input')).toEqual([]);
  }, 120_000);
});
