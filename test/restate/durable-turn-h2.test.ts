import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedTurn, http, RESTATE_BEFORE_ALL_MS, startRestateCluster, waitFor, type RestateCluster } from './restate-cluster.js';

// Real processes: restate-server and two HTTP/2 workers behind one HTTP/2 balancer that forwards
// each invocation's stream whole (test/restate/h2-stream-proxy.ts): the invocation streams
// (no replay per step), the signal of a cancel reaches the worker, and the load is spread per
// invocation.
let cluster: RestateCluster | undefined;
beforeAll(async () => {
  cluster = await startRestateCluster({ workers: 2, protocol: 'h2-proxy' });
}, RESTATE_BEFORE_ALL_MS);
afterAll(async () => {
  await cluster?.stop();
}, 60_000);

const finished = (conversation: string) => finishedTurn(cluster!, conversation);

const of = (conversation: string) => cluster!.log().filter((entry) => entry.conversation === conversation || entry.label === conversation || entry.text?.startsWith(conversation) === true);

describe('durable turns over HTTP/2 behind a stream balancer, real processes (S18, C29)', () => {
  it('a worker killed with kill -9 while a tool runs: the turn completes on the other worker, finished calls ran once, the call in flight ran again with the same operation id', async () => {
    const c = cluster!;
    expect((await http(c.ingressPort, 'POST', '/turnscope/slow-h2/run/send', { prompt: 'slow-h2' })).status).toBeLessThan(300);
    const running = await waitFor('slow_step to start', () => of('slow-h2').find((entry) => entry.tool === 'slow_step'), 90_000);
    const victim = c.workers.find((worker) => worker.name === running.worker)!;
    c.kill(victim);
    const status = await waitFor('the turn to finish on the survivor', () => finished('slow-h2'), 120_000);
    expect(status.status).toBe('completed');
    expect(status.result?.text).toBe('done slow-h2');
    const log = of('slow-h2');
    expect(log.filter((entry) => entry.kind === 'model').map((entry) => entry.step).sort()).toEqual([0, 1, 2]);
    expect(log.filter((entry) => entry.tool === 'note')).toHaveLength(1);
    const slow = log.filter((entry) => entry.tool === 'slow_step');
    expect(slow.map((entry) => entry.worker)).toEqual([victim.name, c.workers.find((worker) => worker !== victim)!.name]);
    expect(slow[1]!.operationId).toBe(`${status.result!.turnId}:1:call-1`);
    expect(slow[0]!.operationId).toBe(slow[1]!.operationId);
    await c.restart(victim);
  }, 300_000);

  it('cancel through Restate aborts the running tool\'s abortSignal behind the balancer, and the turn ends cancelled without another model call', async () => {
    const c = cluster!;
    expect((await http(c.ingressPort, 'POST', '/turnscope/slow-abort-h2/run/send', { prompt: 'slow-abort-h2' })).status).toBeLessThan(300);
    const started = await waitFor('slow_step to start', () => of('slow-abort-h2').find((entry) => entry.kind === 'tool' && entry.tool === 'slow_step'), 90_000);
    expect(JSON.parse((await http(c.ingressPort, 'POST', '/turnscope/slow-abort-h2/cancel', {})).text)).toBe(true);
    const aborted = await waitFor('the tool to be aborted', () => of('slow-abort-h2').find((entry) => entry.kind === 'abort'), 60_000);
    expect(aborted.operationId).toBe(started.operationId);
    const status = await waitFor('the turn to end', () => finished('slow-abort-h2'), 60_000);
    expect(status.status).toBe('cancelled');
    expect(of('slow-abort-h2').filter((entry) => entry.kind === 'model').map((entry) => entry.step)).toEqual([0, 1]);
  }, 300_000);
});
