import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedTurn, http, RESTATE_BEFORE_ALL_MS, startRestateCluster, turnStatus, waitFor, type RestateCluster } from './restate-cluster.js';

// An attack pass on the turn object's handlers (C29, S18), real processes: restate-server and one
// worker over HTTP/2. Each hostile input ends with a clear error or an ended turn, never a
// handler Restate retries forever (which would block the conversation: `run` is exclusive).
let cluster: RestateCluster | undefined;
beforeAll(async () => {
  cluster = await startRestateCluster({ workers: 1, protocol: 'h2', workerEnv: { HOSTILE_TOOLS: '1' } });
}, RESTATE_BEFORE_ALL_MS);
afterAll(async () => {
  await cluster?.stop();
}, 60_000);

const run = (conversation: string, input: unknown) => http(cluster!.ingressPort, 'POST', `/turnscope/${encodeURIComponent(conversation)}/run`, input);

describe('hostile inputs to the turn object (C29)', () => {
  it('messages that fail validation answer 400 with the reason, the turn is failed, and the conversation takes its next turn', async () => {
    const answer = await run('bad-messages', { messages: [{ role: 'user', content: 42 }] });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('Option `messages[0]` is object; expected an AI SDK user message');
    expect((await turnStatus(cluster!, 'bad-messages')).status).toBe('failed');
    const next = await run('bad-messages', { prompt: 'bad-messages' });
    expect(next.status).toBe(200);
    expect(JSON.parse(next.text)).toMatchObject({ status: 'completed', text: 'done bad-messages' });
  }, 120_000);

  it('status and cancel of a conversation that never ran answer idle and false', async () => {
    expect(await turnStatus(cluster!, 'never-ran')).toEqual({ status: 'idle' });
    const answer = await http(cluster!.ingressPort, 'POST', '/turnscope/never-ran/cancel', {});
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toBe(false);
  }, 60_000);

  it('a cancel after the turn ended answers false and leaves the result', async () => {
    expect((await run('ended', { prompt: 'ended' })).status).toBe(200);
    expect(JSON.parse((await http(cluster!.ingressPort, 'POST', '/turnscope/ended/cancel', {})).text)).toBe(false);
    expect(await finishedTurn(cluster!, 'ended')).toMatchObject({ status: 'completed', result: { text: 'done ended' } });
  }, 60_000);

  it('a conversation key __proto__, constructor or of 10,000 characters runs a turn like any other', async () => {
    for (const key of ['__proto__', 'constructor', 'k'.repeat(10_000)]) {
      const answer = await run(key, { prompt: 'keyed' });
      expect(answer.status, answer.text).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ status: 'completed', text: 'done keyed' });
      expect((await http(cluster!.ingressPort, 'POST', `/turnscope/${encodeURIComponent(key)}/status`, {})).status).toBe(200);
    }
  }, 120_000);

  it('two sends for one conversation at once both complete, one after the other', async () => {
    const [first, second] = await Promise.all([run('twice', { prompt: 'twice' }), run('twice', { prompt: 'twice' })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const ids = [JSON.parse(first.text).turnId, JSON.parse(second.text).turnId];
    expect(new Set(ids).size).toBe(2);
    expect(cluster!.log().filter((entry) => entry.kind === 'model' && entry.conversation === 'twice')).toHaveLength(4);
  }, 120_000);

  it('an input that is not an object, or refused fields, answer 400 at once', async () => {
    for (const input of [[], 'hi', null, { prompt: 'x', model: 'gpt' }, { prompt: 'x', extra: 1 }]) {
      const answer = await run('refused', input);
      expect(answer.status, JSON.stringify(input)).toBe(400);
    }
    expect((await turnStatus(cluster!, 'refused')).status).toBe('idle');
  }, 60_000);

  it('a tool that throws a string is a tool error the model reads; the turn completes', async () => {
    const answer = await run('hostile-throw', { prompt: 'call:throw_string' });
    expect(answer.status, answer.text).toBe(200);
    const result = JSON.parse(answer.text);
    expect(result.status).toBe('completed');
    expect(result.steps[0].toolResults[0]).toMatchObject({ toolName: 'throw_string', outcome: 'error' });
    expect(JSON.stringify(result.steps[0].toolResults[0].output)).toContain('a plain string');
  }, 120_000);

  it.each([
    ['bigint_output', 'Do not know how to serialize a BigInt'],
    ['circular_output', 'Converting circular structure to JSON'],
  ])('a tool whose output JSON cannot hold (%s) is a tool error the model reads; the turn completes', async (name, why) => {
    // before: the engine failed to record the step on every retry, the request hung and the conversation was stuck
    const answer = await run(`hostile-${name}`, { prompt: `call:${name}` });
    expect(answer.status, answer.text).toBe(200);
    const result = JSON.parse(answer.text);
    expect(result.status).toBe('completed');
    expect(result.steps[0].toolResults[0]).toMatchObject({ toolName: name, outcome: 'error' });
    expect(JSON.stringify(result.steps[0].toolResults[0].output)).toContain("The tool's output cannot be recorded as JSON (");
    expect(JSON.stringify(result.steps[0].toolResults[0].output)).toContain(why);
    expect(cluster!.log().filter((entry) => entry.tool === name)).toHaveLength(1);
  }, 120_000);

  it.each([
    ['huge_output', "The tool's output is too large to record"],
    ['huge_error', 'yyyy'],
  ])('a tool that answers or throws 40,000,000 characters (%s) is a tool error the model reads; the turn completes', async (name, seen) => {
    // before: the engine could not record the step (restate-server's 32 MiB message limit), retried it without end, and the conversation was stuck
    const answer = await run(`hostile-${name}`, { prompt: `call:${name}` });
    expect(answer.status, answer.text.slice(0, 500)).toBe(200);
    const result = JSON.parse(answer.text);
    expect(result.status).toBe('completed');
    expect(result.steps[0].toolResults[0]).toMatchObject({ toolName: name, outcome: 'error' });
    const output = JSON.stringify(result.steps[0].toolResults[0].output);
    expect(output).toContain(seen);
    expect(output).toContain('40,000,000 characters');
    expect(output.length).toBeLessThan(20_000);
    expect(cluster!.log().filter((entry) => entry.tool === name)).toHaveLength(1);
  }, 120_000);

  it('a cancel racing the turn\'s first step answers true and the turn ends cancelled, or false and the turn completes', async () => {
    expect((await http(cluster!.ingressPort, 'POST', '/turnscope/race/run/send', { prompt: 'race' })).status).toBeLessThan(300);
    const cancelled = JSON.parse((await http(cluster!.ingressPort, 'POST', '/turnscope/race/cancel', {})).text) as boolean;
    const status = await waitFor('the turn to end', () => finishedTurn(cluster!, 'race'), 90_000);
    expect(status.status).toBe(cancelled ? 'cancelled' : 'completed');
  }, 120_000);

  it('a tool that never settles and ignores its abortSignal: cancel ends the turn cancelled', async () => {
    expect((await http(cluster!.ingressPort, 'POST', '/turnscope/hostile-never/run/send', { prompt: 'call:never_settles' })).status).toBeLessThan(300);
    await waitFor('never_settles to start', () => cluster!.log().find((entry) => entry.tool === 'never_settles'), 90_000);
    expect(JSON.parse((await http(cluster!.ingressPort, 'POST', '/turnscope/hostile-never/cancel', {})).text)).toBe(true);
    const status = await waitFor('the turn to end', () => finishedTurn(cluster!, 'hostile-never'), 90_000);
    expect(status.status).toBe('cancelled');
  }, 180_000);
});

/** Overwrites the object's state of `conversation` through the admin API (`POST /services/turnscope/state`), values as raw bytes. */
async function tamper(conversation: string, state: Record<string, string>): Promise<void> {
  const new_state = Object.fromEntries(Object.entries(state).map(([key, text]) => [key, [...Buffer.from(text, 'utf8')]]));
  const answer = await http(cluster!.adminPort, 'POST', '/services/turnscope/state', { object_key: conversation, new_state });
  if (answer.status >= 300) throw new Error(`tamper: ${answer.status} ${answer.text}`);
}

/**
 * The first answer of `handler` (`status` or `cancel`) for `conversation` that is not 200: a tampered
 * state is seen once the admin API's write reached the object, so this waits up to 30 s for it.
 */
function firstRefusal(conversation: string, handler: 'status' | 'cancel') {
  return waitFor('the tampered state to be seen', async () => {
    const answer = await http(cluster!.ingressPort, 'POST', `/turnscope/${conversation}/${handler}`, {});
    return answer.status === 200 ? undefined : answer;
  }, 30_000);
}

describe('state tampered with outside the worker (C29)', () => {
  it('a garbage invocation id: status and cancel answer an error naming the key at once, and the next run goes ahead', async () => {
    expect((await run('tampered', { prompt: 'tampered' })).status).toBe(200);
    await tamper('tampered', { status: '"running"', invocationId: '"garbage"' });
    // before: cancel handed the garbage to ctx.cancel, the server could not decode it, and the call hung
    const cancel = await firstRefusal('tampered', 'cancel');
    expect(cancel.status).toBe(500);
    expect(cancel.text).toContain('turnscope state `invocationId` of conversation \\"tampered\\" cannot be read');
    expect((await http(cluster!.ingressPort, 'POST', '/turnscope/tampered/status', {})).status).toBe(500);
    // the next turn runs and overwrites it
    const next = await run('tampered', { prompt: 'tampered' });
    expect(next.status, next.text).toBe(200);
    expect((await turnStatus(cluster!, 'tampered')).status).toBe('completed');
  }, 120_000);

  it('a state value that is not JSON: status and cancel answer an error at once instead of hanging', async () => {
    expect((await run('not-json', { prompt: 'not-json' })).status).toBe(200);
    await tamper('not-json', { status: 'not json at all' });
    // before: ctx.get threw a SyntaxError on every retry and the call hung
    const status = await firstRefusal('not-json', 'status');
    expect(status.status).toBe(500);
    expect(status.text).toContain('turnscope state `status` of conversation \\"not-json\\" cannot be read (it is not JSON: ');
    expect((await http(cluster!.ingressPort, 'POST', '/turnscope/not-json/cancel', {})).status).toBe(500);
    const next = await run('not-json', { prompt: 'not-json' });
    expect(next.status, next.text).toBe(200);
  }, 120_000);
});
