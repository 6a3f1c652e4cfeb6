import { APICallError, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect, sampleTools } from '../helpers/sample-tools.js';

function providerError(statusCode: number): APICallError {
  return new APICallError({
    message: `HTTP ${statusCode}`,
    url: 'https://provider.test/v1/chat',
    requestBodyValues: {},
    statusCode,
    isRetryable: statusCode === 429 || statusCode >= 500,
  });
}

const searchGithub = { toolCalls: [{ toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }] };

function finalSnapshotContext(actor: { getSnapshot(): unknown }) {
  const snapshot = actor.getSnapshot() as { value: unknown; context: { active: string[]; pending: string[]; visible: string[] } };
  return { state: snapshot.value, active: snapshot.context.active, pending: snapshot.context.pending, visible: snapshot.context.visible };
}

describe('turn end and retries', () => {
  it('S8: a retryable provider error is retried with the same visible set and no double activation', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, retry: { maxAttempts: 3, initialDelayMs: 1 } });
    const scripted = createScriptedModel({
      steps: [searchGithub, { error: providerError(429) }, { error: providerError(503) }, { text: 'done' }],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'go' });
    const parts = await collect(turn.stream);
    const result = await turn.result;

    expect(result.status).toBe('completed');
    expect(scripted.requests.map((request) => request.toolNames)).toEqual([
      ['Bash', 'Read', 'tool_search'],
      ['Bash', 'Read', 'tool_search', 'github_create_issue'],
      ['Bash', 'Read', 'tool_search', 'github_create_issue'],
      ['Bash', 'Read', 'tool_search', 'github_create_issue'],
    ]);
    expect(parts.filter((part) => part.type === 'activation')).toHaveLength(1);
    expect(parts.filter((part) => part.type === 'retry').map((part) => part.type === 'retry' && part.delayMs)).toEqual([1, 2]);
    expect(result.activated).toEqual(['github_create_issue']);
    expect(result.steps[1]).toMatchObject({ stepIndex: 1, attempts: 3, text: 'done' });
  });

  it('fails with retries-exhausted when every attempt fails retryably', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, retry: { maxAttempts: 2, initialDelayMs: 1 } });
    const scripted = createScriptedModel({ steps: [{ error: providerError(500) }, { error: providerError(500) }, { text: 'never' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    expect(result).toMatchObject({ status: 'failed', reason: 'retries-exhausted', error: { message: 'HTTP 500', isRetryable: true } });
    expect(scripted.requests).toHaveLength(2);
  });

  it('S9: a non-retryable provider error fails the turn at once and drops its activations', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, retry: { initialDelayMs: 1 } });
    const scripted = createScriptedModel({ steps: [searchGithub, { error: providerError(400) }] });
    const turn = runtime.send({ model: scripted.model, prompt: 'go' });
    const result = await turn.result;

    expect(result).toMatchObject({ status: 'failed', reason: 'model-error', error: { message: 'HTTP 400', isRetryable: false } });
    expect(scripted.requests).toHaveLength(2);
    expect(result.activated).toEqual(['github_create_issue']);
    expect(finalSnapshotContext(turn.actor)).toEqual({ state: 'failed', active: [], pending: [], visible: [] });
  });

  it('S9: cancelling while the model is answering ends in cancelled with an empty activation context', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const scripted = createScriptedModel({ steps: [searchGithub, { delayMs: 10_000, text: 'too late' }] });
    const turn = runtime.send({ model: scripted.model, prompt: 'go' });
    for await (const part of turn.stream) {
      if (part.type === 'step-start' && part.stepIndex === 1) turn.cancel('user pressed stop');
    }
    const result = await turn.result;

    expect(result).toMatchObject({ status: 'cancelled', reason: 'cancelled', error: { message: 'user pressed stop' } });
    expect(finalSnapshotContext(turn.actor)).toEqual({ state: 'cancelled', active: [], pending: [], visible: [] });
  });

  it('S9: cancelling through the caller\'s AbortSignal during a tool aborts the tool and ends in cancelled', async () => {
    let toolSignal: AbortSignal | undefined;
    const runtime = createToolSearchRuntime({
      tools: {
        Bash: tool({
          description: 'Run a shell command.',
          inputSchema: z.object({ command: z.string() }),
          execute: (_input, { abortSignal }) =>
            new Promise((resolve) => {
              toolSignal = abortSignal;
              abortSignal?.addEventListener('abort', () => resolve('aborted'));
            }),
        }),
      },
    });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Bash', input: { command: 'sleep 100' } }] }] });
    const controller = new AbortController();
    const turn = runtime.send({ model: scripted.model, prompt: 'go', abortSignal: controller.signal });
    for await (const part of turn.stream) {
      if (part.type === 'tool-call') setTimeout(() => controller.abort(new Error('shutting down')), 5);
    }
    const result = await turn.result;

    expect(result).toMatchObject({ status: 'cancelled', error: { message: 'aborted: shutting down' } });
    expect(toolSignal?.aborted).toBe(true);
    expect(finalSnapshotContext(turn.actor).state).toBe('cancelled');
  });

  it('cancelling mid-step keeps the finished results, marks the others cancelled, and leaves a transcript that can be continued', async () => {
    const runtime = createToolSearchRuntime({
      tools: {
        Read: tool({ description: 'Read a file.', inputSchema: z.object({ path: z.string() }), execute: async ({ path }) => `contents of ${path}` }),
        Bash: tool({
          description: 'Run a shell command.',
          inputSchema: z.object({ command: z.string() }),
          execute: (_input, { abortSignal }) => new Promise<string>((resolve) => abortSignal?.addEventListener('abort', () => resolve('killed'))),
        }),
      },
    });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'Read', input: { path: '/a' } }, { toolName: 'Bash', input: { command: 'sleep 100' } }] },
        { text: 'continued' },
      ],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'go' });
    for await (const part of turn.stream) {
      if (part.type === 'tool-result' && part.toolName === 'Read') turn.cancel('stop');
    }
    const result = await turn.result;

    expect(result.status).toBe('cancelled');
    expect(result.steps[0]!.toolResults.map((toolResult) => [toolResult.toolName, toolResult.outcome])).toEqual([
      ['Read', 'ok'],
      ['Bash', 'cancelled'],
    ]);
    const last = result.messages.at(-1)!;
    expect(last.role).toBe('tool');
    expect(JSON.stringify(last)).toContain('contents of /a');
    expect(JSON.stringify(last)).toContain('The turn ended before Bash finished');

    const next = await runtime.send({ model: scripted.model, messages: result.messages }).result;
    expect(next).toMatchObject({ status: 'completed', text: 'continued' });
  });

  it('S9: a following turn on the same runtime starts with nothing active', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const first = createScriptedModel({ steps: [searchGithub, { text: 'one' }] });
    expect((await runtime.send({ model: first.model, prompt: 'one' }).result).activated).toEqual(['github_create_issue']);

    const second = createScriptedModel({ steps: [{ text: 'two' }] });
    const result = await runtime.send({ model: second.model, prompt: 'two' }).result;
    expect(second.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
    expect(result.activated).toEqual([]);
  });

  it('S9, C17: two overlapping turns never see each other\'s activations', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const a = createScriptedModel({
      steps: [searchGithub, { delayMs: 20, toolCalls: [{ toolName: 'browser_click', input: { ref: 'x' } }] }, { text: 'a' }],
    });
    const b = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'browser_click', limit: 1 } }] },
        { delayMs: 20, toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 't' } }] },
        { text: 'b' },
      ],
    });
    const [resultA, resultB] = await Promise.all([
      runtime.send({ model: a.model, prompt: 'a' }).result,
      runtime.send({ model: b.model, prompt: 'b' }).result,
    ]);

    expect(resultA.activated).toEqual(['github_create_issue']);
    expect(resultB.activated).toEqual(['browser_click']);
    expect(a.requests[1]!.toolNames).not.toContain('browser_click');
    expect(b.requests[1]!.toolNames).not.toContain('github_create_issue');
    expect(resultA.steps[1]!.toolResults[0]!.outcome).toBe('rejected-hidden');
    expect(resultB.steps[1]!.toolResults[0]!.outcome).toBe('rejected-hidden');
  });

  it('maxSteps ends the turn in completed with reason max-steps', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, maxSteps: 2 });
    const loop = { toolCalls: [{ toolName: 'Bash', input: { command: 'ls' } }] };
    const scripted = createScriptedModel({ steps: [loop, loop, loop] });
    const result = await runtime.send({ model: scripted.model, prompt: 'loop' }).result;

    expect(result).toMatchObject({ status: 'completed', reason: 'max-steps' });
    expect(result.steps).toHaveLength(2);
    expect(scripted.requests).toHaveLength(2);
  });

  it('result.usage sums every provider request of the turn', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Bash', input: { command: 'ls' } }] }, { text: 'ok' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    expect(result.usage.inputTokens).toBe(20);
    expect(result.usage.outputTokens).toBe(10);
  });
});
