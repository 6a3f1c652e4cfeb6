import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

/** A tool that takes `ms` to answer, or until its signal aborts; records the abort reason. */
function sleeper(aborts: string[], name: string) {
  return tool({
    description: `Waits (${name}).`,
    inputSchema: z.object({ ms: z.number() }),
    execute: ({ ms }, { abortSignal }) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => resolve(`${name} slept ${ms} ms`), ms);
        abortSignal?.addEventListener('abort', () => {
          clearTimeout(timer);
          aborts.push(`${name}: ${(abortSignal.reason as Error).name}`);
          reject(abortSignal.reason);
        });
      }),
  });
}

describe('options.timeout: a per-tool timeout on execute', () => {
  it('a call over its timeout is a tool error, its abort signal fires, and the turn goes on', async () => {
    const aborts: string[] = [];
    // the timeout bounds the whole call (validation to artifacts): room for the 1 ms call on a loaded machine
    const runtime = createToolSearchRuntime({ tools: { Bash: sleeper(aborts, 'Bash') }, timeout: { toolMs: 400 } });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'Bash', input: { ms: 5_000 } }, { toolName: 'Bash', input: { ms: 1 } }] }, { text: 'moving on' }],
    });
    const started = Date.now();
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    expect(Date.now() - started).toBeLessThan(3_000);
    const [slow, fast] = result.steps[0]!.toolResults;
    expect(slow).toMatchObject({ outcome: 'error', timedOut: true, output: 'Bash timed out after 400 ms and was aborted; it may have partly taken effect.' });
    expect(fast).toMatchObject({ outcome: 'ok', output: 'Bash slept 1 ms' });
    expect(fast!.timedOut).toBeUndefined();
    expect(aborts).toEqual(['Bash: TimeoutError']);
    expect(JSON.stringify(scripted.requests[1]!.prompt)).toContain('timed out after 400 ms');
    expect(result).toMatchObject({ status: 'completed', text: 'moving on' });
  });

  it('timeout.perToolMs overrides the default for one tool; 0 means no timeout', async () => {
    const aborts: string[] = [];
    const runtime = createToolSearchRuntime({
      tools: { Bash: sleeper(aborts, 'Bash'), Grep: sleeper(aborts, 'Grep') },
      timeout: { toolMs: 30, perToolMs: { Grep: 0 } },
    });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'Bash', input: { ms: 200 } }, { toolName: 'Grep', input: { ms: 200 } }] }, { text: 'ok' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    expect(result.steps[0]!.toolResults.map((toolResult) => [toolResult.toolName, toolResult.outcome, toolResult.timedOut ?? false])).toEqual([
      ['Bash', 'error', true],
      ['Grep', 'ok', false],
    ]);
    expect(aborts).toEqual(['Bash: TimeoutError']);
  });

  it('cancelling the turn aborts a running tool with the turn’s reason, not a timeout', async () => {
    const aborts: string[] = [];
    const runtime = createToolSearchRuntime({ tools: { Bash: sleeper(aborts, 'Bash') } });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Bash', input: { ms: 10_000 } }] }] });
    const turn = runtime.send({ model: scripted.model, prompt: 'go' });
    setTimeout(() => turn.cancel('user pressed stop'), 50);
    const result = await turn.result;
    expect(result.status).toBe('cancelled');
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'cancelled' });
    expect(aborts).toEqual(['Bash: Error']);
  });
});
