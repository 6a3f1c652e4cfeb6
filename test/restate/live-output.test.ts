import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tool } from 'ai';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { LOST_EXECUTION_ERROR, readLiveTurn, type RestateTurnStatus } from '../../src/restate/index.js';
import { createToolSearchRuntime, type TurnStreamPart } from '../../src/index.js';
import { workerModel, workerRuntime } from '../fixtures/restate/worker-turn.js';
import { http, waitFor } from './restate-cluster.js';
import { liveHubClusterForFile } from './live-hub-cluster.js';

// Real processes: restate-server, two workers behind the S18 proxy (HTTP/1.1), each publishing
// its executions' stream parts to a live-turn hub served by this test process.
const restate = liveHubClusterForFile(2);

async function send(conversation: string): Promise<string> {
  const answer = await http(restate.cluster!.ingressPort, 'POST', `/turnscope/${conversation}/run/send`, { prompt: conversation });
  expect(answer.status).toBeLessThan(300);
  return (JSON.parse(answer.text) as { invocationId: string }).invocationId;
}

async function finished(conversation: string): Promise<RestateTurnStatus | undefined> {
  const answer = await http(restate.cluster!.ingressPort, 'POST', `/turnscope/${conversation}/status`, {});
  const status = JSON.parse(answer.text) as RestateTurnStatus;
  return status.status === 'running' || status.status === 'idle' ? undefined : status;
}

/** Reads the live stream in the background; `parts` grows as they arrive, `done` resolves at its end. */
function readAll(key: string): { parts: TurnStreamPart[]; done: Promise<void> } {
  const parts: TurnStreamPart[] = [];
  const done = (async () => {
    for await (const part of readLiveTurn({ url: restate.hubUrl, key }) as unknown as AsyncIterable<TurnStreamPart>) parts.push(part);
  })();
  return { parts, done };
}

const summary = (part: TurnStreamPart): string => {
  switch (part.type) {
    case 'step-start':
      return `step-start ${part.stepIndex}`;
    case 'text-delta':
      return `text ${part.stepIndex}.${part.attempt} ${part.text}`;
    case 'tool-call':
      return `call ${part.toolName}`;
    case 'tool-result':
      return `result ${part.toolName} ${part.outcome} ${JSON.stringify(part.output)}`;
    case 'retry':
      return `retry ${part.stepIndex}.${part.attempt}`;
    case 'step-end':
      return `step-end ${part.stepIndex} ${part.finishReason}`;
    case 'turn-end':
      return `turn-end ${part.status}`;
    default:
      return part.type;
  }
};

/** A step's text as a client shows it: the text of an attempt a `retry` part names is dropped. */
function shownText(parts: readonly TurnStreamPart[]): string {
  const deltas: { stepIndex: number; attempt: number; text: string }[] = [];
  for (const part of parts) {
    if (part.type === 'text-delta') deltas.push(part);
    if (part.type === 'retry') deltas.splice(0, deltas.length, ...deltas.filter((delta) => delta.stepIndex !== part.stepIndex || delta.attempt > part.attempt));
  }
  return deltas.map((delta) => delta.text).join('');
}

/** The same turn in process (slow_step answering at once), as its `stream` yields it. */
async function inProcessParts(conversation: string): Promise<TurnStreamPart[]> {
  const logFile = join(mkdtempSync(join(tmpdir(), 'turnscope-live-')), 'calls.jsonl');
  writeFileSync(logFile, '');
  const options = workerRuntime(logFile, 'local');
  const slow = tool({ description: 'A long step.', inputSchema: z.object({ label: z.string() }), execute: async ({ label }) => `finished ${label}` });
  const turn = createToolSearchRuntime({ ...options, tools: { ...options.tools, slow_step: slow } }).send({ model: workerModel(logFile, 'local'), prompt: conversation });
  const parts: TurnStreamPart[] = [];
  for await (const part of turn.stream) parts.push(part);
  return parts;
}

describe('live output of durable turns on Restate, real processes (issue 15 item 3)', () => {
  it('a client reads the turn\'s stream parts while it runs, across a kill -9 of the worker running a tool: every part once, in the in-process order', async () => {
    const c = restate.cluster!;
    const invocationId = await send('slow-live');
    const live = readAll(invocationId);
    const running = await waitFor('slow_step to start', () => c.log().find((entry) => entry.tool === 'slow_step' && entry.label === 'slow-live'), 90_000);
    // live: the first step's result and the slow call reached the client before the turn ended
    await waitFor('the slow call to reach the client', () => (live.parts.some((part) => part.type === 'tool-call' && part.toolName === 'slow_step') ? true : undefined), 30_000);
    expect(await finished('slow-live')).toBeUndefined();
    expect(live.parts.map(summary)).toContain('result note ok "noted slow-live first"');
    c.kill(c.workers.find((worker) => worker.name === running.worker)!);

    await live.done;
    const status = await waitFor('the turn to finish', () => finished('slow-live'), 120_000);
    expect(status.status).toBe('completed');
    expect(live.parts.map(summary)).toEqual((await inProcessParts('slow-live')).map(summary));
    expect(live.parts.map(summary)).toEqual([
      'step-start 0',
      'call note',
      'result note ok "noted slow-live first"',
      'step-end 0 tool-calls',
      'step-start 1',
      'call slow_step',
      'result slow_step ok "finished slow-live"',
      'step-end 1 tool-calls',
      'step-start 2',
      'text-start',
      'text 2.1 done ',
      'text 2.1 slow-live',
      'text-end',
      'step-end 2 stop',
      'turn-end completed',
    ]);
    expect(shownText(live.parts)).toBe(status.result!.text);
    await c.restart(c.workers.find((worker) => worker.name === running.worker)!);
  }, 300_000);

  it('text deltas stream before the model call is recorded; when the worker dies mid-call, a retry part replaces the lost text with the text the turn recorded', async () => {
    const c = restate.cluster!;
    const invocationId = await send('stream-kill');
    const live = readAll(invocationId);
    await waitFor('the first delta to reach the client', () => (live.parts.some((part) => part.type === 'text-delta') ? true : undefined), 90_000);
    const streaming = c.log().find((entry) => entry.kind === 'model' && entry.conversation === 'stream-kill' && entry.step === 1)!;
    expect(await finished('stream-kill')).toBeUndefined();
    c.kill(c.workers.find((worker) => worker.name === streaming.worker)!);

    await live.done;
    const status = await waitFor('the turn to finish', () => finished('stream-kill'), 120_000);
    const survivor = c.workers.find((worker) => worker.name !== streaming.worker)!.name;
    expect(status.result?.text).toBe(`(${survivor}) done stream-kill`);
    const deltas = live.parts.filter((part) => part.type === 'text-delta' || part.type === 'retry').map(summary);
    expect(deltas).toEqual([`text 1.1 (${streaming.worker}) `, 'retry 1.1', `text 1.2 (${survivor}) `, 'text 1.2 done stream-kill']);
    expect(live.parts.find((part) => part.type === 'retry')).toMatchObject({ delayMs: 0, error: LOST_EXECUTION_ERROR });
    expect(shownText(live.parts)).toBe(status.result!.text);
    expect(live.parts.filter((part) => part.type === 'turn-end')).toHaveLength(1);
    await c.restart(c.workers.find((worker) => worker.name === streaming.worker)!);
  }, 300_000);
});
