import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { EXEC_TOOL_NAME, type CodeModeOptions } from '../../src/code-mode/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

const LOOP = 'while (true) {}';

/** A runtime in code mode with one direct tool, `Read` (direct by default), that resolves after `waitMs`. */
function loopRuntime(options: { codeMode: Partial<CodeModeOptions>; timeout?: { toolMs?: number; perToolMs?: Record<string, number> }; waitMs?: number }) {
  return createToolSearchRuntime({
    tools: {
      Read: tool({
        description: 'Read a moment.',
        inputSchema: z.object({}),
        execute: () => new Promise((resolve) => setTimeout(() => resolve('waited'), options.waitMs ?? 0)),
      }),
    },
    toolMode: 'code',
    codeMode: options.codeMode,
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
  });
}

/** Counts the ticks of a 20 ms interval while `run` is pending. */
async function ticksDuring<T>(run: () => Promise<T>): Promise<{ value: T; ticks: number }> {
  let ticks = 0;
  const interval = setInterval(() => ticks++, 20);
  try {
    const value = await run();
    return { value, ticks };
  } finally {
    clearInterval(interval);
  }
}

describe('code mode: exec code runs in a worker thread, off the event loop', () => {
  it('an infinite loop does not block the process: timers keep ticking until the time limit stops it', async () => {
    const runtime = loopRuntime({ codeMode: { timeLimitMs: 600 } });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code: LOOP } }] }, { text: 'carried on' }] });
    const { value: result, ticks } = await ticksDuring(() => runtime.send({ model: scripted.model, prompt: 'loop' }).result);
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'error', output: expect.stringContaining('time limit of 600 ms') });
    expect(result.status).toBe('completed');
    // a blocked event loop would run the interval once at most, after the loop ended
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('timeout.toolMs bounds exec like any tool: the call ends at it with timedOut, well before timeLimitMs', async () => {
    const runtime = loopRuntime({ codeMode: { timeLimitMs: 5_000 }, timeout: { toolMs: 300 } });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code: LOOP } }] }, { text: 'carried on' }] });
    const startedAt = Date.now();
    const result = await runtime.send({ model: scripted.model, prompt: 'loop' }).result;
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolName: EXEC_TOOL_NAME, outcome: 'error', timedOut: true, output: 'exec timed out after 300 ms and was aborted; it may have partly taken effect.' });
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    expect(result.status).toBe('completed');
  });

  it('timeout.perToolMs.exec bounds exec too', async () => {
    const runtime = loopRuntime({ codeMode: { timeLimitMs: 5_000 }, timeout: { perToolMs: { exec: 300 } } });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code: LOOP } }] }, { text: 'carried on' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'loop' }).result;
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'error', timedOut: true });
  });

  it('turn.cancel() from a timer ends the turn as cancelled while the code loops', async () => {
    const runtime = loopRuntime({ codeMode: { timeLimitMs: 5_000 } });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code: LOOP } }] }, { text: 'never reached' }] });
    const turn = runtime.send({ model: scripted.model, prompt: 'loop' });
    const timer = setTimeout(() => turn.cancel('enough'), 300);
    const startedAt = Date.now();
    const result = await turn.result;
    clearTimeout(timer);
    expect(result.status).toBe('cancelled');
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolName: EXEC_TOOL_NAME, outcome: 'cancelled' });
    expect(Date.now() - startedAt).toBeLessThan(3_000);
  });

  it('a direct tool in the same step as a looping exec reports its own duration', async () => {
    const runtime = loopRuntime({ codeMode: { timeLimitMs: 2_500 }, waitMs: 300 });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code: LOOP } }, { toolName: 'Read', input: {} }] }, { text: 'carried on' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'loop and wait' }).result;
    const [looped, waited] = result.steps[0]!.toolResults;
    expect(looped).toMatchObject({ toolName: EXEC_TOOL_NAME, outcome: 'error' });
    expect(waited).toMatchObject({ toolName: 'Read', outcome: 'ok', output: 'waited' });
    // blocked, it would report the loop's 2,500 ms
    expect(waited!.durationMs).toBeLessThan(2_000);
  });
});
