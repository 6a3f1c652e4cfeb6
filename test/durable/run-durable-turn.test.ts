import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryStepRunner } from '../../src/durable/create-memory-step-runner.js';
import { operationIdOf } from '../../src/durable/durable-tools.js';
import { runDurableTurn } from '../../src/durable/run-durable-turn.js';
import { createScriptedModel } from '../../src/testing/index.js';

/** `deploy_service` (deferred, found by search) and `Write` (direct); each execution is logged with its operation id. */
function loggedTools(log: { tool: string; operationId: string | undefined }[]): ToolSet {
  return {
    Write: tool({
      description: 'Write a file.',
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }, options) => {
        log.push({ tool: 'Write', operationId: operationIdOf(options) });
        return `wrote ${path}`;
      },
    }),
    deploy_service: tool({
      description: 'Deploy a service to production.',
      inputSchema: z.object({ service: z.string() }),
      execute: async ({ service }, options) => {
        log.push({ tool: 'deploy_service', operationId: operationIdOf(options) });
        return { deployed: service };
      },
    }),
  };
}

const steps = [
  { toolCalls: [{ toolName: 'tool_search', input: { query: 'deploy service' } }] },
  { toolCalls: [{ toolName: 'deploy_service', input: { service: 'api' } }, { toolName: 'Write', input: { path: '/srv/release.txt' } }] },
  { text: 'deployed' },
];

describe('durable turns through a step runner (issue 15, C29)', () => {
  it('records one step per model call and per tool call, keyed by the operation id, and saves the snapshot at every boundary', async () => {
    const log: { tool: string; operationId: string | undefined }[] = [];
    const runner = createMemoryStepRunner();
    const scripted = createScriptedModel({ steps });
    const result = await runDurableTurn({ runner, runtime: { tools: loggedTools(log), direct: ['Write'] }, model: scripted.model, input: { prompt: 'deploy the api' } });

    expect(result.status).toBe('completed');
    expect(result.text).toBe('deployed');
    expect(result.activated).toEqual(['deploy_service']);
    const turnId = result.turnId;
    expect(turnId).toBe('id-0');
    expect(runner.calls.map((call) => call.name)).toEqual([
      'model:0',
      'model:1',
      `tool:${turnId}:1:call-1-0`,
      `tool:${turnId}:1:call-1-1`,
      'model:2',
    ]);
    expect(log).toEqual([
      { tool: 'deploy_service', operationId: `${turnId}:1:call-1-0` },
      { tool: 'Write', operationId: `${turnId}:1:call-1-1` },
    ]);
    expect(runner.snapshots.map((snapshot) => snapshot.stepIndex)).toEqual([1, 2]);
    expect(runner.snapshots.every((snapshot) => snapshot.turnId === turnId)).toBe(true);
  });

  it('a re-execution replays every finished call, runs only the one in flight again with the same operation id, and reaches the same result', async () => {
    const firstLog: { tool: string; operationId: string | undefined }[] = [];
    const first = createMemoryStepRunner();
    const firstResult = await runDurableTurn({ runner: first, runtime: { tools: loggedTools(firstLog), direct: ['Write'] }, model: createScriptedModel({ steps }).model, input: { prompt: 'deploy the api' } });
    const deployStep = `tool:${firstResult.turnId}:1:call-1-0`;

    // the worker died while deploy_service ran: its record and everything after it never happened
    const records = new Map(first.records);
    records.delete(deployStep);
    records.delete('model:2');
    const log: { tool: string; operationId: string | undefined }[] = [];
    const second = createMemoryStepRunner({ records });
    const secondModel = createScriptedModel({ steps: [{ text: 'deployed' }] });
    const result = await runDurableTurn({ runner: second, runtime: { tools: loggedTools(log), direct: ['Write'] }, model: secondModel.model, input: { prompt: 'deploy the api' } });

    expect(log).toEqual([{ tool: 'deploy_service', operationId: `${firstResult.turnId}:1:call-1-0` }]);
    expect(secondModel.requests).toHaveLength(1);
    expect(second.calls.filter((call) => call.ran).map((call) => call.name)).toEqual([deployStep, 'model:2']);
    expect(result.turnId).toBe(firstResult.turnId);
    expect(result.text).toBe('deployed');
    expect(result.messages).toEqual(firstResult.messages);
  });

  it('a tool that throws is recorded as its message and stays a tool error on a replay, without running again', async () => {
    let runs = 0;
    const tools: ToolSet = {
      Bash: tool({
        description: 'Run a command.',
        inputSchema: z.object({ command: z.string() }),
        execute: async (): Promise<string> => {
          runs += 1;
          throw new Error('disk full');
        },
      }),
    };
    const script = [{ toolCalls: [{ toolName: 'Bash', input: { command: 'make' } }] }, { text: 'it failed' }];
    const first = createMemoryStepRunner();
    const firstResult = await runDurableTurn({ runner: first, runtime: { tools, direct: ['Bash'] }, model: createScriptedModel({ steps: script }).model, input: { prompt: 'build' } });
    const replay = await runDurableTurn({ runner: createMemoryStepRunner({ records: new Map(first.records) }), runtime: { tools, direct: ['Bash'] }, model: createScriptedModel({ steps: [] }).model, input: { prompt: 'build' } });

    expect(runs).toBe(1);
    const results = (turn: typeof firstResult) => turn.steps.flatMap((step) => step.toolResults.map((r) => ({ outcome: r.outcome, output: r.output })));
    expect(results(firstResult)).toEqual([{ outcome: 'error', output: 'Bash failed: disk full' }]);
    expect(results(replay)).toEqual(results(firstResult));
    expect(replay.text).toBe('it failed');
  });

  it('a failed model request is recorded with isRetryable, so the machine retries it as a new step on every execution (C16)', async () => {
    const failing = Object.assign(new Error('overloaded'), { name: 'APICallError', isRetryable: true });
    const script = [{ error: failing }, { text: 'second try' }];
    const first = createMemoryStepRunner();
    const retry = { maxAttempts: 3, initialDelayMs: 1 };
    const firstResult = await runDurableTurn({ runner: first, runtime: { tools: {}, retry }, model: createScriptedModel({ steps: script }).model, input: { prompt: 'hi' } });
    const replayModel = createScriptedModel({ steps: [] });
    const replay = await runDurableTurn({ runner: createMemoryStepRunner({ records: new Map(first.records) }), runtime: { tools: {}, retry }, model: replayModel.model, input: { prompt: 'hi' } });

    expect(first.calls.map((call) => call.name)).toEqual(['model:0', 'model:1']);
    expect(JSON.parse(first.records.get('model:0')!)).toMatchObject({ ok: false, error: { name: 'APICallError', message: 'overloaded', isRetryable: true } });
    expect(firstResult.text).toBe('second try');
    expect(replay.text).toBe('second try');
    expect(replayModel.requests).toHaveLength(0);
  });

  it('onPart hears the stream parts of the turn while it runs: the search, the tool call, the tool result before the next model call, the text', async () => {
    const log: { tool: string; operationId: string | undefined }[] = [];
    const seen: string[] = [];
    const runner = createMemoryStepRunner();
    const recordingRunner = { ...runner, run: <T>(name: string, fn: () => Promise<T>) => (seen.push(`step ${name}`), runner.run(name, fn)) };
    const result = await runDurableTurn({
      runner: recordingRunner,
      runtime: { tools: loggedTools(log), direct: ['Write'] },
      model: createScriptedModel({ steps }).model,
      input: { prompt: 'deploy the api' },
      onPart: (part) => {
        if (part.type === 'search') seen.push(`search ${part.query}`);
        if (part.type === 'tool-result') seen.push(`result ${part.toolName} ${part.outcome}`);
        if (part.type === 'text-delta') seen.push(`text ${part.text}`);
      },
    });
    expect(result.status).toBe('completed');
    expect(seen).toEqual([
      'step model:0',
      'search deploy service',
      'result tool_search ok',
      'step model:1',
      `step tool:${result.turnId}:1:call-1-0`,
      `step tool:${result.turnId}:1:call-1-1`,
      'result deploy_service ok',
      'result Write ok',
      'step model:2',
      'text deployed',
    ]);
  });
});
