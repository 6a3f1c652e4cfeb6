import { describe, expect, it } from 'vitest';
import { DEFAULT_CODE_MODE_OPTIONS } from '../../src/code-mode/code-mode-options.js';
import type { SandboxCallAnswer } from '../../src/code-mode/run-sandboxed-code.js';
import { runSandboxedCodeInWorker } from '../../src/code-mode/run-sandboxed-code-in-worker.js';

function run(code: string, options: { callTool?: (name: string, input: unknown, signal: AbortSignal) => Promise<SandboxCallAnswer>; abortSignal?: AbortSignal } = {}) {
  return runSandboxedCodeInWorker({
    code,
    limits: { ...DEFAULT_CODE_MODE_OPTIONS, timeLimitMs: 5_000 },
    toolNames: ['lookup'],
    callTool: options.callTool ?? (async () => ({ ok: true, value: null })),
    abortSignal: options.abortSignal ?? new AbortController().signal,
  });
}

describe('runSandboxedCodeInWorker', () => {
  it('runs the code in a worker: nested calls come to this thread and their answers go back as JSON', async () => {
    const seen: unknown[] = [];
    const result = await run('const found = await tools.lookup({ id: 7 });\nconsole.log("found", found.id);\nreturn { when: found.when, keys: Object.keys(found) };', {
      callTool: async (name, input) => {
        seen.push({ name, input });
        // not structured-cloneable (a function) and not plain (a Date): the answer is JSON
        return { ok: true, value: { id: 7, when: new Date(0), format: () => 'x' } };
      },
    });
    expect(seen).toEqual([{ name: 'lookup', input: { id: 7 } }]);
    expect(result).toEqual({ ok: true, value: { when: '1970-01-01T00:00:00.000Z', keys: ['id', 'when'] }, logs: ['found 7'] });
  });

  it('an abort ends a looping run at once and keeps the console output written before it', async () => {
    const controller = new AbortController();
    // aborted once the code is surely looping (a worker from the TypeScript sources starts slowly)
    const callTool = async (): Promise<SandboxCallAnswer> => {
      setTimeout(() => controller.abort(new Error('the turn was cancelled')), 300);
      return { ok: true, value: null };
    };
    const result = await run('await tools.lookup({});\nconsole.log("before the loop");\nwhile (true) {}', { abortSignal: controller.signal, callTool });
    expect(result).toEqual({
      ok: false,
      reason: 'aborted',
      message: 'the code was stopped before it finished: the turn was cancelled.',
      logs: ['before the loop'],
    });
  });

  it('aborts the signal of nested calls still running when the run ends', async () => {
    let nestedSignal: AbortSignal | undefined;
    const result = await run('tools.lookup({});\nthrow new Error("done early");', {
      callTool: (_name, _input, signal) => {
        nestedSignal = signal;
        return new Promise(() => {});
      },
    });
    expect(result).toMatchObject({ ok: false, reason: 'runtime-error' });
    expect(nestedSignal?.aborted).toBe(true);
  });

  it('a run already aborted does not start a worker', async () => {
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    expect(await run('return 1', { abortSignal: controller.signal })).toMatchObject({ ok: false, reason: 'aborted' });
  });
});
