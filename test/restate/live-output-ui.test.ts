import { readUIMessageStream } from 'ai';
import { describe, expect, it } from 'vitest';
import { readLiveTurn, type RestateTurnStatus } from '../../src/restate/index.js';
import { createTurnPartsUIMessageStream, type TurnUIMessage } from '../../src/ui/index.js';
import { http, waitFor } from './restate-cluster.js';
import { liveHubClusterForFile } from './live-hub-cluster.js';

// Real processes: restate-server and one worker (HTTP/1.1 behind the S18 proxy: every step a new
// execution that tells the turn again), publishing to a live-turn hub served by this process;
// the UI message stream of turnscope/ui reads the hub.
const restate = liveHubClusterForFile(1);

async function status(conversation: string): Promise<RestateTurnStatus> {
  return JSON.parse((await http(restate.cluster!.ingressPort, 'POST', `/turnscope/${conversation}/status`, {})).text) as RestateTurnStatus;
}

describe('the UI message stream over a durable turn\'s live output on Restate, real processes (issue 15 item 3)', () => {
  it('useChat\'s message from the live output has the tool result and the answer once, and the finish metadata of the status handler\'s result', async () => {
    const conversation = 'ui-live';
    const sent = await http(restate.cluster!.ingressPort, 'POST', `/turnscope/${conversation}/run/send`, { prompt: conversation });
    expect(sent.status).toBeLessThan(300);
    const { invocationId } = JSON.parse(sent.text) as { invocationId: string };
    const stream = createTurnPartsUIMessageStream({
      parts: readLiveTurn({ url: restate.hubUrl, key: invocationId }),
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
