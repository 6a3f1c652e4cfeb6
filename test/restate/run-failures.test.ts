import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedTurn, http, RESTATE_BEFORE_ALL_MS, startRestateCluster, turnStatus, waitFor, type RestateCluster } from './restate-cluster.js';

// How a `run` that cannot start its turn ends (issue 15 follow-ups), real processes:
// restate-server and one worker over HTTP/2 whose `model` and `runtime` factories misbehave on
// cue (test/fixtures/restate/factory-worker.ts), with `maxFactoryAttempts: 3` and
// `factoryTimeoutMs: 5000`. Each ends with an answer and a readable status, never a run Restate
// retries forever (`run` is exclusive: the conversation's next turn would wait behind it).
let cluster: RestateCluster | undefined;
beforeAll(async () => {
  cluster = await startRestateCluster({
    workers: 1,
    protocol: 'h2',
    fixture: join(import.meta.dirname, '../fixtures/restate/factory-worker.ts'),
    workerEnv: { MAX_FACTORY_ATTEMPTS: '3', FACTORY_TIMEOUT_MS: '5000' },
  });
}, RESTATE_BEFORE_ALL_MS);
afterAll(async () => {
  await cluster?.stop();
}, 60_000);

const run = (conversation: string, input: unknown) => http(cluster!.ingressPort, 'POST', `/turnscope/${encodeURIComponent(conversation)}/run`, input);
/**
 * Runs `prompt` in `conversation` and checks that the run ended without a turn: HTTP `httpStatus`
 * with `message` in its answer, and the status `failed` with that code as its `error`; then that
 * the conversation's next run completes (200), so nothing is left blocking it.
 */
async function expectRunRefused(conversation: string, prompt: string, httpStatus: number, message: string): Promise<void> {
  const answer = await run(conversation, { prompt });
  expect(answer.status, answer.text.slice(0, 500)).toBe(httpStatus);
  expect(answer.text).toContain(message);
  expect(await turnStatus(cluster!, conversation)).toMatchObject({ status: 'failed', error: { httpStatus } });
  expect((await run(conversation, { prompt: 'after' })).status).toBe(200);
}
const factoryCalls = (factory: string, prompt: string) => cluster!.log().filter((entry) => (entry.kind as string) === 'factory' && (entry as { factory?: string }).factory === factory && entry.text === prompt).length;

describe('options.model and options.runtime: a factory that fails', () => {
  it('a model factory that throws is tried maxFactoryAttempts times, then run answers 500 naming the error; the status is failed with that reason, the last result is kept, and the next run goes ahead', async () => {
    expect((await run('no-key', { prompt: 'first' })).status).toBe(200);
    // before: Restate retried the invocation without end; the request never answered
    const answer = await run('no-key', { prompt: 'model:throw' });
    expect(answer.status, answer.text).toBe(500);
    expect(answer.text).toContain("turnscope run: createTurnObject's `model` factory failed 3 times (the last: no API key)");
    expect(factoryCalls('model', 'model:throw')).toBe(3);
    const status = await turnStatus(cluster!, 'no-key');
    expect(status).toMatchObject({ status: 'failed', error: { httpStatus: 500 }, result: { status: 'completed', text: 'done first' } });
    expect(status.error?.message).toContain('no API key');
    expect(status.turnId).toBe(status.result?.turnId);
    const next = await run('no-key', { prompt: 'second' });
    expect(next.status, next.text).toBe(200);
    expect(JSON.parse(next.text)).toMatchObject({ status: 'completed', text: 'done second' });
    expect(await turnStatus(cluster!, 'no-key')).not.toHaveProperty('error');
  }, 120_000);

  it.each([
    ['model:string', 'model', 'a plain string from the factory'],
    ['model:reject', 'model', 'the secret store said 503'],
    ['runtime:throw', 'runtime', 'the tool registry is unreachable'],
    // before: `instanceof TerminalError` of it threw in the handler, which Restate retried without end
    ['model:revoked', 'model', 'a value that cannot be shown as text (reading it threw)'],
  ])('%s: run answers 500 with the thrown value as text after 3 attempts, and the next run goes ahead', async (prompt, factory, why) => {
    await expectRunRefused(`failing-${prompt.replace(':', '-')}`, prompt, 500, `createTurnObject's \`${factory}\` factory failed 3 times (the last: ${why})`);
    expect(factoryCalls(factory, prompt)).toBe(3);
  }, 120_000);

  it('a send function that throws is tried maxFactoryAttempts times like a factory, then run answers 500 naming it; the next run goes ahead', async () => {
    // before: its error left the run handler, which Restate retried without end
    await expectRunRefused('send-throws', 'send:throw', 500, "createTurnObject's `send` function failed 3 times (the last: the policy service is down)");
    expect(factoryCalls('send', 'send:throw')).toBe(3);
  }, 120_000);

  it('a factory that throws an Error of ≈48 MB: run answers 500 with its first 2,000 characters, and the next run goes ahead', async () => {
    // before: the attempt's failure was more than Restate takes; the run stayed running, retried without end
    const answer = await run('huge', { prompt: 'model:huge' });
    expect(answer.status, answer.text.slice(0, 300)).toBe(500);
    expect(answer.text).toContain(`(the last: the provider answered: ${'<html>'.repeat(100)}`);
    expect(answer.text).toContain('… (48,000,023 characters)');
    expect(answer.text.length).toBeLessThan(4_000);
    expect((await turnStatus(cluster!, 'huge')).error?.message.length).toBeLessThan(4_000);
    expect((await run('huge', { prompt: 'after' })).status).toBe(200);
  }, 120_000);

  it('a model factory that never settles times out after factoryTimeoutMs on each of its 3 attempts (its abortSignal aborts), then run answers 500', async () => {
    const answer = await run('never', { prompt: 'model:never' });
    expect(answer.status, answer.text).toBe(500);
    expect(answer.text).toContain("createTurnObject's `model` factory failed 3 times (the last: it did not answer within factoryTimeoutMs, 5000 ms)");
    expect(factoryCalls('model', 'model:never')).toBe(3);
    const aborts = cluster!.log().filter((entry) => (entry.kind as string) === 'factory-abort' && entry.text === 'model:never');
    expect(aborts.map((entry) => (entry as { reason?: string }).reason)).toEqual(['TimeoutError', 'TimeoutError', 'TimeoutError']);
    expect((await run('never', { prompt: 'after' })).status).toBe(200);
  }, 120_000);

  it('a cancel during a factory that never settles ends the run cancelled at the factory\'s timeout, without another attempt', async () => {
    expect((await http(cluster!.ingressPort, 'POST', '/turnscope/never-cancelled/run/send', { prompt: 'model:never-cancelled' })).status).toBeLessThan(300);
    await waitFor('the run to be running', async () => ((await turnStatus(cluster!, 'never-cancelled')).status === 'running' ? true : undefined), 60_000);
    expect(JSON.parse((await http(cluster!.ingressPort, 'POST', '/turnscope/never-cancelled/cancel', {})).text)).toBe(true);
    const status = await waitFor('the run to end', () => finishedTurn(cluster!, 'never-cancelled'), 60_000);
    expect(status).toMatchObject({ status: 'cancelled', error: { httpStatus: 409 } });
    expect(factoryCalls('model', 'model:never-cancelled')).toBe(1);
  }, 120_000);

  it('a factory that fails twice and then answers: the turn runs and completes', async () => {
    const answer = await run('flaky', { prompt: 'model:flaky' });
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ status: 'completed', text: 'done model:flaky' });
    expect(factoryCalls('model', 'model:flaky')).toBe(3);
  }, 120_000);

  it('a factory that throws a TurnscopeError is refused at once with 400, not retried', async () => {
    await expectRunRefused('typed', 'model:typed', 400, 'Option `model` is \\"gpt-0\\"; expected a model id this deployment serves.');
    expect(factoryCalls('model', 'model:typed')).toBe(1);
  }, 120_000);

  it.each([
    ['runtime:undefined', 'Option `runtime` is undefined; expected an object of runtime options'],
    ['model:undefined', 'Option `model` is undefined; expected an AI SDK LanguageModelV4 object'],
  ])('%s: a factory that answers undefined is refused at once with 400 naming the option, and the next run goes ahead', async (prompt, message) => {
    // before: a TypeError in the worker (reading `tools` / `provider` of undefined), retried by Restate without end
    await expectRunRefused(`answers-${prompt.replace(':', '-')}`, prompt, 400, message);
  }, 120_000);

  it('a factory that throws a Restate TerminalError is final at once, with its code', async () => {
    await expectRunRefused('terminal', 'model:terminal', 404, "turnscope run: createTurnObject's `model` factory refused the run: this deployment serves no such model");
    expect(factoryCalls('model', 'model:terminal')).toBe(1);
  }, 120_000);

  it('a cancel that lands while the factory runs answers true, and the turn ends cancelled without a model call; the last result is kept while it runs', async () => {
    expect((await run('slow-cancel', { prompt: 'first' })).status).toBe(200);
    expect((await http(cluster!.ingressPort, 'POST', '/turnscope/slow-cancel/run/send', { prompt: 'model:slow' })).status).toBeLessThan(300);
    await waitFor('the slow factory to start', () => (factoryCalls('model', 'model:slow') > 0 ? true : undefined), 60_000);
    const running = await waitFor('the run to be running', async () => {
      const status = await turnStatus(cluster!, 'slow-cancel');
      return status.status === 'running' ? status : undefined;
    }, 60_000);
    expect(running).not.toHaveProperty('result');
    expect(JSON.parse((await http(cluster!.ingressPort, 'POST', '/turnscope/slow-cancel/cancel', {})).text)).toBe(true);
    appendFileSync(cluster!.logFile, `${JSON.stringify({ kind: 'release' })}\n`);
    const status = await waitFor('the turn to end', () => finishedTurn(cluster!, 'slow-cancel'), 60_000);
    expect(status).toMatchObject({ status: 'cancelled', error: { httpStatus: 409 }, result: { status: 'completed', text: 'done first' } });
    expect(status.error?.message).toContain('cancelled before the turn began');
    // the cancel landed during the factory's first call (it answers only once released): the run's
    // writes left before the factory was called, so status said `running` and cancel found the run
    expect(factoryCalls('model', 'model:slow')).toBe(1);
    expect(cluster!.log().filter((entry) => entry.kind === 'model' && entry.conversation === 'model:slow')).toHaveLength(0);
    expect((await run('slow-cancel', { prompt: 'after' })).status).toBe(200);
  }, 120_000);
});

describe('a refused run keeps the last result', () => {
  it('messages that fail ai\'s schemas: 400, status failed with the reason, and result still the last completed turn\'s', async () => {
    const first = await run('kept', { prompt: 'kept' });
    expect(first.status).toBe(200);
    const before = await turnStatus(cluster!, 'kept');
    // before: the refused run cleared the result, so status answered `failed` and nothing else
    const refused = await run('kept', { messages: [{ role: 'user', content: 42 }] });
    expect(refused.status).toBe(400);
    const after = await turnStatus(cluster!, 'kept');
    expect(after).toMatchObject({ status: 'failed', error: { httpStatus: 400 }, result: JSON.parse(first.text), turnId: JSON.parse(first.text).turnId });
    expect(after.error?.message).toContain('Option `messages[0]` is object; expected an AI SDK user message');
    expect(after.snapshot).toEqual(before.snapshot);
    expect(after.invocationId).not.toBe(before.invocationId);
  }, 120_000);
});

describe('over HTTP/1.1 (request/response: every step is an execution that calls the factories again)', () => {
  let http11: RestateCluster | undefined;
  beforeAll(async () => {
    http11 = await startRestateCluster({
      workers: 1,
      fixture: join(import.meta.dirname, '../fixtures/restate/factory-worker.ts'),
      workerEnv: { MAX_FACTORY_ATTEMPTS: '3', FACTORY_TIMEOUT_MS: '3000' },
    });
  }, RESTATE_BEFORE_ALL_MS);
  afterAll(async () => {
    await http11?.stop();
  }, 60_000);
  const callsOn = (prompt: string) => http11!.log().filter((entry) => (entry.kind as string) === 'factory' && (entry as { factory?: string }).factory === 'model' && entry.text === prompt).length;

  it('a model factory that throws: 500 after 3 attempts, the status failed, and the next run goes ahead', async () => {
    const answer = await http(http11!.ingressPort, 'POST', '/turnscope/h1-no-key/run', { prompt: 'model:throw' });
    expect(answer.status, answer.text).toBe(500);
    expect(answer.text).toContain("createTurnObject's `model` factory failed 3 times (the last: no API key)");
    // the 3 attempts, and the execution that reads the recorded failure back (over request/response
    // a step's outcome reaches the handler in the next execution, which calls the factories again)
    expect(callsOn('model:throw')).toBe(4);
    expect(await turnStatus(http11!, 'h1-no-key')).toMatchObject({ status: 'failed', error: { httpStatus: 500 } });
    const next = await http(http11!.ingressPort, 'POST', '/turnscope/h1-no-key/run', { prompt: 'h1 after' });
    expect(next.status, next.text).toBe(200);
    expect(JSON.parse(next.text)).toMatchObject({ status: 'completed', text: 'done h1 after' });
  }, 120_000);

  it('a cancel that lands while the factory runs answers true, and the run ends cancelled before its turn', async () => {
    expect((await http(http11!.ingressPort, 'POST', '/turnscope/h1-slow/run/send', { prompt: 'model:slow' })).status).toBeLessThan(300);
    await waitFor('the slow factory to start', () => (callsOn('model:slow') > 0 ? true : undefined), 60_000);
    await waitFor('the run to be running', async () => ((await turnStatus(http11!, 'h1-slow')).status === 'running' ? true : undefined), 60_000);
    expect(JSON.parse((await http(http11!.ingressPort, 'POST', '/turnscope/h1-slow/cancel', {})).text)).toBe(true);
    appendFileSync(http11!.logFile, `${JSON.stringify({ kind: 'release' })}\n`);
    const status = await waitFor('the run to end', () => finishedTurn(http11!, 'h1-slow'), 60_000);
    expect(status).toMatchObject({ status: 'cancelled', error: { httpStatus: 409 } });
    expect(http11!.log().filter((entry) => entry.kind === 'model' && entry.conversation === 'model:slow')).toHaveLength(0);
  }, 120_000);

  it('a factory that answered the run\'s first execution and then fails twice: retried as an infrastructure failure (retryPolicy), the turn completes', async () => {
    const answer = await http(http11!.ingressPort, 'POST', '/turnscope/h1-relapse/run', { prompt: 'model:relapse' });
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ status: 'completed', text: 'done model:relapse' });
    expect(callsOn('model:relapse')).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('a factory that answered the run\'s first execution and then throws a Restate TerminalError: final with its code, and the status says so', async () => {
    const answer = await http(http11!.ingressPort, 'POST', '/turnscope/h1-relapse-terminal/run', { prompt: 'model:relapse-terminal' });
    expect(answer.status, answer.text).toBe(404);
    expect(answer.text).toContain("createTurnObject's `model` factory refused the run: this deployment no longer serves the model");
    // before: the error left the handler as it was, and the status said `running` for good
    expect(await turnStatus(http11!, 'h1-relapse-terminal')).toMatchObject({ status: 'failed', error: { httpStatus: 404 } });
    expect((await http(http11!.ingressPort, 'POST', '/turnscope/h1-relapse-terminal/run', { prompt: 'h1 after terminal' })).status).toBe(200);
  }, 120_000);

  it('a factory that fails twice and then answers: the two-step turn completes across its executions', async () => {
    const answer = await http(http11!.ingressPort, 'POST', '/turnscope/h1-flaky/run', { prompt: 'model:flaky' });
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ status: 'completed', text: 'done model:flaky' });
    // 2 failed attempts, then one call for each execution of the turn (at least one per model step)
    expect(callsOn('model:flaky')).toBeGreaterThanOrEqual(4);
  }, 120_000);
});
