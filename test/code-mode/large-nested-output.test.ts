import { tool } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEFAULT_CODE_MODE_OPTIONS, MIN_CODE_MODE_MEMORY_BYTES, type CodeModeOptions } from '../../src/code-mode/code-mode-options.js';
import { runSandboxedCode } from '../../src/code-mode/run-sandboxed-code.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { EXEC_TOOL_NAME } from '../../src/code-mode/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

/**
 * Runs `code` in-process with a `Read` tool answering `output`, and keeps what the engine writes
 * to stderr: Emscripten prints an aborted instance's message (`Aborted(Assertion failed: …)`,
 * e.g. a runtime freed with objects still alive) through the `console.error` of the moment the
 * instance is created, and the run's result hides it.
 */
async function runCapturingEngineErrors(code: string, output: string, limits: Partial<CodeModeOptions> = {}) {
  const engineErrors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...values: unknown[]) => {
    engineErrors.push(values.map(String).join(' '));
  });
  const write = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    engineErrors.push(String(chunk));
    return write(chunk);
  });
  const run = await runSandboxedCode({
    code,
    limits: { ...DEFAULT_CODE_MODE_OPTIONS, ...limits },
    toolNames: ['Read'],
    callTool: async () => ({ ok: true, value: output }),
    abortSignal: new AbortController().signal,
  });
  vi.restoreAllMocks();
  return { run, engineErrors: engineErrors.map((text) => text.slice(0, 300)) };
}

const memoryLimitMessage = `the code ran out of memory: the sandbox may use at most ${MIN_CODE_MODE_MEMORY_BYTES} bytes (codeMode.memoryLimitBytes).`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runSandboxedCode: a nested tool output of megabytes', () => {
  it('frees the engine cleanly when the output grows the sandbox memory (5 MB), and returns the result', async () => {
    const { run, engineErrors } = await runCapturingEngineErrors('const v = await tools.Read({});\nreturn v.length;', 'y'.repeat(5e6));
    expect(run).toEqual({ ok: true, value: 5e6, logs: [] });
    expect(engineErrors).toEqual([]);
  });

  it('fails with the memory limit, and no engine abort, when the output alone cannot fit in memoryLimitBytes', async () => {
    const { run, engineErrors } = await runCapturingEngineErrors('const v = await tools.Read({});\nreturn 1;', 'y'.repeat(2e7), {
      memoryLimitBytes: MIN_CODE_MODE_MEMORY_BYTES,
    });
    expect(run).toEqual({ ok: false, reason: 'memory-limit', message: memoryLimitMessage, logs: [] });
    expect(engineErrors).toEqual([]);
  });

  it('fails with the memory limit, and no engine abort, when the code already holds most of the memory', async () => {
    const { run, engineErrors } = await runCapturingEngineErrors(
      'const big = "z".repeat(9e6);\nconst v = await tools.Read({});\nreturn big.length + v.length;',
      'y'.repeat(4e6),
      { memoryLimitBytes: MIN_CODE_MODE_MEMORY_BYTES },
    );
    expect(run).toEqual({ ok: false, reason: 'memory-limit', message: memoryLimitMessage, logs: [] });
    expect(engineErrors).toEqual([]);
  });
});

describe('exec: a nested tool output of megabytes', () => {
  function runtimeWithRead(output: string, codeMode: Partial<CodeModeOptions> = {}) {
    return createToolSearchRuntime({
      tools: { Read: tool({ description: 'Read a file.', inputSchema: z.object({}), execute: async () => output }) },
      toolMode: 'code',
      codeMode,
    });
  }
  const script = () =>
    createScriptedModel({
      steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code: 'const v = await tools.Read({});\nreturn v.length;' } }] }, { text: 'done' }],
    });

  it('gives the model the result of code that read a 5 MB output', async () => {
    const result = await runtimeWithRead('y'.repeat(5e6)).send({ model: script().model, prompt: 'read it' }).result;
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolName: EXEC_TOOL_NAME, outcome: 'ok' });
    expect(JSON.stringify(result.steps[0]!.toolResults[0]!.output)).toContain('5000000');
    expect(result).toMatchObject({ status: 'completed', text: 'done' });
  });

  it('tells the model the memory limit when a nested output exceeds memoryLimitBytes', async () => {
    const result = await runtimeWithRead('y'.repeat(2e7), { memoryLimitBytes: MIN_CODE_MODE_MEMORY_BYTES }).send({ model: script().model, prompt: 'read it' })
      .result;
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolName: EXEC_TOOL_NAME, outcome: 'error' });
    expect(String(result.steps[0]!.toolResults[0]!.output)).toContain(memoryLimitMessage);
    expect(result).toMatchObject({ status: 'completed', text: 'done' });
  });
});
