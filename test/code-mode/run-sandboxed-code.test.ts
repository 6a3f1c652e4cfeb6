import { describe, expect, it } from 'vitest';
import { DEFAULT_CODE_MODE_OPTIONS, MIN_CODE_MODE_MEMORY_BYTES, type CodeModeOptions } from '../../src/code-mode/code-mode-options.js';
import { runSandboxedCode, type SandboxCallAnswer } from '../../src/code-mode/run-sandboxed-code.js';

function run(
  code: string,
  options: {
    limits?: Partial<CodeModeOptions>;
    callTool?: (name: string, input: unknown, abortSignal: AbortSignal) => Promise<SandboxCallAnswer>;
    abortSignal?: AbortSignal;
    toolNames?: string[];
  } = {},
) {
  return runSandboxedCode({
    code,
    limits: { ...DEFAULT_CODE_MODE_OPTIONS, ...options.limits },
    toolNames: options.toolNames ?? ['echo'],
    callTool: options.callTool ?? (async (name, input) => ({ ok: true, value: { name, input } })),
    abortSignal: options.abortSignal ?? new AbortController().signal,
  });
}

describe('runSandboxedCode', () => {
  it('runs the code as an async function body and returns its JSON value and console output', async () => {
    const result = await run('console.log("hi", { a: 1 }, [2]); const x = await Promise.resolve(40); return { answer: x + 2 };');
    expect(result).toEqual({ ok: true, value: { answer: 42 }, logs: ['hi {"a":1} [2]'] });
  });

  it('returns undefined when the code returns nothing', async () => {
    expect(await run('1 + 1;')).toEqual({ ok: true, value: undefined, logs: [] });
  });

  it('gives the code no host: no require, process, timers or fetch', async () => {
    const result = await run('return [typeof require, typeof process, typeof setTimeout, typeof fetch, typeof globalThis.__turnscopeHost];');
    expect(result).toMatchObject({ ok: true, value: ['undefined', 'undefined', 'undefined', 'undefined', 'undefined'] });
  });

  it('bridges tools.<name>(input) to the host, in parallel too, and lists the step tools as own keys', async () => {
    const calls: { name: string; input: unknown }[] = [];
    const result = await run(
      'const [a, b] = await Promise.all([tools.echo({ n: 1 }), tools["other-tool"]({ n: 2 })]); return { a, b, keys: Object.keys(tools) };',
      {
        callTool: async (name, input) => {
          calls.push({ name, input });
          await new Promise((resolve) => setTimeout(resolve, 5));
          return { ok: true, value: `${name}:${JSON.stringify(input)}` };
        },
      },
    );
    expect(result).toMatchObject({ ok: true, value: { a: 'echo:{"n":1}', b: 'other-tool:{"n":2}', keys: ['echo'] } });
    expect(calls).toEqual([{ name: 'echo', input: { n: 1 } }, { name: 'other-tool', input: { n: 2 } }]);
  });

  it('throws a ToolCallError the code can catch when a call did not succeed', async () => {
    const result = await run(
      'try { await tools.echo({}); } catch (error) { return [error.name, error.message, error.toolName, error.outcome]; }',
      { callTool: async () => ({ ok: false, outcome: 'rejected-hidden', message: 'echo is not loaded.' }) },
    );
    expect(result).toMatchObject({ ok: true, value: ['ToolCallError', 'echo is not loaded.', 'echo', 'rejected-hidden'] });
  });

  it('reports an uncaught error with its name, message and line', async () => {
    const result = await run('const a = 1;\nthrow new TypeError("boom");');
    expect(result).toMatchObject({ ok: false, reason: 'runtime-error' });
    expect(result.ok === false && result.message).toBe('the code threw TypeError: boom (line 2)');
  });

  it('reports a syntax error without running anything', async () => {
    let called = false;
    const result = await run('await tools.echo({});\nconst = 3;', {
      callTool: async () => {
        called = true;
        return { ok: true, value: null };
      },
    });
    expect(result).toMatchObject({ ok: false, reason: 'syntax-error' });
    expect(result.ok === false && result.message).toMatch(/^the code has a syntax error, nothing ran: SyntaxError: .+ \(line 2\)$/);
    expect(called).toBe(false);
  });

  it('an unfinished last statement is reported at the end of the code, not on the line after it', async () => {
    const result = await run('const a = 1;\nreturn (', { callTool: async () => ({ ok: true, value: null }) });
    expect(result).toMatchObject({ ok: false, reason: 'syntax-error' });
    expect(result.ok === false && result.message).toMatch(/^the code has a syntax error, nothing ran: SyntaxError: .+ \(at the end of the code, line 2\)$/);
  });

  it('stops an infinite loop at the time limit', async () => {
    const startedAt = Date.now();
    const result = await run('console.log("start"); while (true) {}', { limits: { timeLimitMs: 200 } });
    expect(result).toMatchObject({ ok: false, reason: 'time-limit', logs: ['start'] });
    expect(result.ok === false && result.message).toContain('time limit of 200 ms (codeMode.timeLimitMs)');
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it('stops a loop the code tries to catch its way out of', async () => {
    const result = await run('for (;;) { try { while (true) {} } catch {} }', { limits: { timeLimitMs: 150 } });
    expect(result).toMatchObject({ ok: false, reason: 'time-limit' });
  });

  it('stops waiting for a slow tool at the time limit and aborts the call', async () => {
    let signal: AbortSignal | undefined;
    const result = await run('return await tools.echo({});', {
      limits: { timeLimitMs: 100 },
      callTool: (_name, _input, abortSignal) => {
        signal = abortSignal;
        return new Promise(() => {});
      },
    });
    expect(result).toMatchObject({ ok: false, reason: 'time-limit' });
    expect(signal?.aborted).toBe(true);
  });

  it('ends with memory-limit when the code allocates past the limit, with many small or one large allocation', async () => {
    const limits = { memoryLimitBytes: MIN_CODE_MODE_MEMORY_BYTES, timeLimitMs: 20_000 };
    const many = await run('const kept = []; while (true) kept.push({ index: kept.length, text: "x" + kept.length });', { limits });
    expect(many).toMatchObject({ ok: false, reason: 'memory-limit' });
    expect(many.ok === false && many.message).toBe(`the code ran out of memory: the sandbox may use at most ${MIN_CODE_MODE_MEMORY_BYTES} bytes (codeMode.memoryLimitBytes).`);
    const large = await run('return "x".repeat(40 * 1024 * 1024).length;', { limits });
    expect(large).toMatchObject({ ok: false, reason: 'memory-limit' });
  });

  it('ends with output-limit when console output or the returned JSON passes maxOutputChars', async () => {
    const logs = await run('for (let i = 0; i < 1000; i++) console.log("line " + i);', { limits: { maxOutputChars: 100 } });
    expect(logs).toMatchObject({ ok: false, reason: 'output-limit' });
    expect(logs.ok === false && logs.message).toContain('passed 100 characters (codeMode.maxOutputChars');
    expect(logs.logs.join('').length).toBeLessThanOrEqual(100);
    const value = await run('return "y".repeat(500);', { limits: { maxOutputChars: 100 } });
    expect(value).toMatchObject({ ok: false, reason: 'output-limit' });
  });

  it('says so when the code returns something that is not JSON', async () => {
    const result = await run('return 10n;');
    expect(result).toMatchObject({ ok: false, reason: 'not-json' });
  });

  it('stops code that awaits something that never settles', async () => {
    const result = await run('await new Promise(() => {}); return 1;');
    expect(result).toMatchObject({ ok: false, reason: 'unsettled' });
  });

  it('stops when the abort signal fires', async () => {
    const controller = new AbortController();
    const running = run('return await tools.echo({});', {
      abortSignal: controller.signal,
      callTool: () => {
        controller.abort(new Error('the turn was cancelled'));
        return new Promise(() => {});
      },
    });
    const result = await running;
    expect(result).toMatchObject({ ok: false, reason: 'aborted' });
    expect(result.ok === false && result.message).toContain('the turn was cancelled');
  });

  it('waits for calls the code started without awaiting them', async () => {
    let finished = false;
    const result = await run('tools.echo({}); return "returned";', {
      callTool: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        finished = true;
        return { ok: true, value: null };
      },
    });
    expect(result).toMatchObject({ ok: true, value: 'returned' });
    expect(finished).toBe(true);
  });

  it('keeps one run from seeing another: each run gets a fresh engine', async () => {
    await run('globalThis.leaked = 1;');
    expect(await run('return typeof leaked;')).toMatchObject({ ok: true, value: 'undefined' });
  });
});
