import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { EXEC_TOOL_NAME } from '../../src/code-mode/index.js';
import { callbackSink } from '../../src/telemetry/callback-sink.js';
import type { TelemetryRecord } from '../../src/telemetry/telemetry-record.js';
import { createScriptedModel } from '../../src/testing/index.js';

/** A `Slow` tool that reports when it started and then waits, for its abort signal or for good. */
function slowTool(options: { readonly honoursAbort: boolean; readonly onStart: () => void }) {
  return tool({
    description: 'Wait for a while.',
    inputSchema: z.object({ path: z.string() }),
    execute: (_input, { abortSignal }) =>
      new Promise<string>((resolve) => {
        if (options.honoursAbort) abortSignal?.addEventListener('abort', () => resolve('aborted'));
        options.onStart();
      }),
  });
}

/** Runs one turn whose only call (direct `Slow`, or `exec` calling it) is cancelled 700 ms after it started, on a fake clock. */
async function cancelAfter700Ms(options: { readonly honoursAbort: boolean; readonly toolMode: 'direct' | 'code' }) {
  let clockMs = 1_000;
  let started!: () => void;
  const slowStarted = new Promise<void>((resolve) => { started = resolve; });
  const records: TelemetryRecord[] = [];
  const runtime = createToolSearchRuntime({
    tools: { Slow: slowTool({ honoursAbort: options.honoursAbort, onStart: () => started() }) },
    direct: ['Slow'],
    now: () => clockMs,
    toolMode: options.toolMode,
    telemetry: callbackSink((record) => void records.push(record)),
  });
  const call = options.toolMode === 'code'
    ? { toolName: EXEC_TOOL_NAME, input: { code: 'return await tools.Slow({ path: "/a" });' } }
    : { toolName: 'Slow', input: { path: '/a' } };
  const scripted = createScriptedModel({ steps: [{ toolCalls: [call] }] });
  const turn = runtime.send({ model: scripted.model, prompt: 'go' });
  await slowStarted;
  clockMs += 700;
  turn.cancel('stop');
  const result = await turn.result;
  const ends = records.filter((record) => record.type === 'tool.execution.end' && record.toolName === call.toolName);
  return { result, callResult: result.steps[0]!.toolResults[0]!, ends };
}

describe('result.steps[i].toolResults: a cancelled call', () => {
  it.each([
    ['honours its abort signal', true],
    ['ignores its abort signal', false],
  ])('reports the time from its start to the cancel as durationMs, for a direct tool that %s', async (_label, honoursAbort) => {
    const { result, callResult, ends } = await cancelAfter700Ms({ honoursAbort, toolMode: 'direct' });
    expect(result.status).toBe('cancelled');
    expect(callResult).toMatchObject({ toolName: 'Slow', outcome: 'cancelled', durationMs: 700 });
    expect(ends).toMatchObject([{ outcome: 'cancelled', durationMs: 700 }]);
  });

  it('reports the time from its start to the cancel as durationMs, for an exec call (code mode)', async () => {
    const { result, callResult, ends } = await cancelAfter700Ms({ honoursAbort: true, toolMode: 'code' });
    expect(result.status).toBe('cancelled');
    expect(callResult).toMatchObject({ toolName: EXEC_TOOL_NAME, outcome: 'cancelled', durationMs: 700 });
    expect(ends).toMatchObject([{ outcome: 'cancelled', durationMs: 700 }]);
  });
});
