import { createServer, type Server } from 'node:http';
import { readUIMessageStream } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveTurnHub, readLiveTurn, type RestateTurnStatus } from '../../src/restate/index.js';
import { createTurnPartsUIMessageStream, type TurnUIMessage } from '../../src/ui/index.js';
import { freePort, http, startRestateCluster, waitFor, type RestateCluster } from './restate-cluster.js';

// Real processes: restate-server and one worker (HTTP/1.1 behind the S18 proxy: every step a new
// execution that tells the turn again), publishing to a live-turn hub served by this process;
// the UI message stream of turnscope/ui reads the hub.
let cluster: RestateCluster | undefined;
let hubServer: Server | undefined;
let hubUrl = '';

beforeAll(async () => {
  const hub = createLiveTurnHub();
  const port = await freePort();
  hubServer = createServer(hub.handler);
  await new Promise<void>((resolve) => hubServer!.listen(port, '127.0.0.1', resolve));
  hubUrl = `http://127.0.0.1:${port}`;
  cluster = await startRestateCluster({ workers: 1, workerEnv: { LIVE_URL: hubUrl } });
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  hubServer?.closeAllConnections();
  await new Promise((resolve) => (hubServer === undefined ? resolve(undefined) : hubServer.close(resolve)));
}, 60_000);

async function status(conversation: string): Promise<RestateTurnStatus> {
  return JSON.parse((await http(cluster!.ingressPort, 'POST', `/turnscope/${conversation}/status`, {})).text) as RestateTurnStatus;
}

describe('the UI message stream over a durable turn\'s live output on Restate, real processes (issue 15 item 3)', () => {
  it('useChat\'s message from the live output has the tool result and the answer once, and the finish metadata of the status handler\'s result', async () => {
    const conversation = 'ui-live';
    const sent = await http(cluster!.ingressPort, 'POST', `/turnscope/${conversation}/run/send`, { prompt: conversation });
    expect(sent.status).toBeLessThan(300);
    const { invocationId } = JSON.parse(sent.text) as { invocationId: string };
    const stream = createTurnPartsUIMessageStream({
      parts: readLiveTurn({ url: hubUrl, key: invocationId }),
      turnId: invocationId,
      result: async () => {
        return waitFor('the status handler\'s result', async () => (await status(conversation)).result, 30_000);
      },
    });
    let message: TurnUIMessage | undefined;
    for await (const each of readUIMessageStream<TurnUIMessage>({ stream })) message = each;
    const final = (await status(conversation)).result!;

    const notes = message!.parts.filter((part) => part.type === 'tool-note' || (part.type === 'dynamic-tool' && part.toolName === 'note'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ state: 'output-available', input: { text: conversation }, output: `noted ${conversation}` });
    expect(message!.parts.filter((part) => part.type === 'text').map((part) => part.text)).toEqual([`done ${conversation}`]);
    expect(message!.parts.filter((part) => part.type === 'step-start')).toHaveLength(2);
    expect(message!.metadata).toEqual({ turnId: final.turnId, status: 'completed', reason: final.reason, usage: final.usage });
  }, 90_000);
});
