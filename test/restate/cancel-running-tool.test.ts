import { afterAll, describe, expect, it } from 'vitest';
import { finishedTurn, http, startRestateCluster, waitFor, type RestateCluster } from './restate-cluster.js';

// Real processes: restate-server and one worker registered directly over HTTP/2 (bidirectional,
// so the server's cancel signal reaches the worker while a tool runs).
const clusters: RestateCluster[] = [];
afterAll(async () => {
  await Promise.all(clusters.map((cluster) => cluster.stop()));
}, 60_000);


describe('cancel through Restate interrupts a running tool (issue 15)', () => {
  it('over HTTP/2, cancelling the turn aborts the running tool\'s abortSignal: the tool (which only ends when aborted) stops, and the turn ends cancelled without another model call', async () => {
    const cluster = await startRestateCluster({ workers: 1, protocol: 'h2' });
    clusters.push(cluster);
    const sent = await http(cluster.ingressPort, 'POST', '/turnscope/slow-abort/run/send', { prompt: 'slow-abort' });
    expect(sent.status).toBeLessThan(300);
    const started = await waitFor('slow_step to start', () => cluster.log().find((entry) => entry.tool === 'slow_step' && entry.label === 'slow-abort'), 90_000);
    const answer = await http(cluster.ingressPort, 'POST', '/turnscope/slow-abort/cancel', {});
    expect(JSON.parse(answer.text)).toBe(true);

    const aborted = await waitFor('the tool to be aborted', () => cluster.log().find((entry) => entry.kind === 'abort' && entry.label === 'slow-abort'), 60_000);
    expect(aborted.operationId).toBe(started.operationId);
    const status = await waitFor('the turn to end', () => finishedTurn(cluster, 'slow-abort'), 60_000);
    expect(status.status).toBe('cancelled');
    expect(status.result?.status).toBe('cancelled');
    const log = cluster.log().filter((entry) => entry.conversation === 'slow-abort' || entry.label === 'slow-abort');
    expect(log.filter((entry) => entry.kind === 'model').map((entry) => entry.step)).toEqual([0, 1]);
    expect(log.filter((entry) => entry.tool === 'slow_step' && entry.kind === 'tool')).toHaveLength(1);
  }, 300_000);
});
