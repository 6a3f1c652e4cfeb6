import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, InvalidOptionError } from '../../src/index.js';
import { EXEC_TOOL_NAME, MIN_CODE_MODE_MEMORY_BYTES, type CodeModeOptions } from '../../src/code-mode/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

/** One exec call with `code`, then a step that reads what the model got back and answers. */
async function runExec(code: string, codeMode: Partial<CodeModeOptions> = {}) {
  const sample = sampleTools();
  const runtime = createToolSearchRuntime({ tools: sample.tools, toolMode: 'code', codeMode });
  const scripted = createScriptedModel({
    steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code } }] }, { text: 'carried on' }],
  });
  const result = await runtime.send({ model: scripted.model, prompt: 'run it' }).result;
  return { result, execResult: result.steps[0]!.toolResults[0]!, scripted, log: sample.log };
}

describe('S13: code mode limits — each ends the exec call with a clear tool error and the turn goes on', () => {
  it('time limit: an infinite loop is stopped', async () => {
    const startedAt = Date.now();
    const { result, execResult, scripted } = await runExec('await tools.Read({ path: "/a" });\nwhile (true) {}', { timeLimitMs: 1_000 });
    expect(execResult).toMatchObject({ toolName: EXEC_TOOL_NAME, outcome: 'error' });
    expect(execResult.output).toBe(
      'exec failed: the code ran past its time limit of 1000 ms (codeMode.timeLimitMs) and was stopped; running tool calls were aborted.\n' +
        'Tool calls it made: Read (ok).',
    );
    expect(Date.now() - startedAt).toBeLessThan(8_000);
    expect(result).toMatchObject({ status: 'completed', reason: 'stop', text: 'carried on' });
    expect(JSON.stringify(scripted.requests[1]!.prompt)).toContain('time limit of 1000 ms');
  });

  it('memory limit: allocating past memoryLimitBytes fails the call', async () => {
    const { result, execResult } = await runExec('const kept = [];\nwhile (true) kept.push({ n: kept.length, text: "item " + kept.length });', {
      memoryLimitBytes: MIN_CODE_MODE_MEMORY_BYTES,
    });
    expect(execResult).toMatchObject({ outcome: 'error' });
    expect(execResult.output).toBe(`exec failed: the code ran out of memory: the sandbox may use at most ${MIN_CODE_MODE_MEMORY_BYTES} bytes (codeMode.memoryLimitBytes).`);
    expect(result.status).toBe('completed');
  });

  it('output limit: console output and the returned JSON together may not pass maxOutputChars', async () => {
    const logged = await runExec('for (let i = 0; ; i++) console.log("line", i);', { maxOutputChars: 200 });
    expect(logged.execResult).toMatchObject({ outcome: 'error' });
    expect(String(logged.execResult.output)).toMatch(/^exec failed: the code's output passed 200 characters \(codeMode\.maxOutputChars: console output and the returned JSON together\) and it was stopped\./);
    expect(logged.result.status).toBe('completed');
    const returned = await runExec('return "x".repeat(1000);', { maxOutputChars: 200 });
    expect(String(returned.execResult.output)).toContain("the code's output passed 200 characters");
  });

  it('syntax error: a clear tool error naming the line, and nothing runs', async () => {
    const { result, execResult, log } = await runExec('await tools.Read({ path: "/a" });\nconst = 1;');
    expect(execResult).toMatchObject({ outcome: 'error' });
    expect(String(execResult.output)).toMatch(/^exec failed: the code has a syntax error, nothing ran: SyntaxError: .+ \(line 2\)$/);
    expect(log).toEqual([]);
    expect(result.status).toBe('completed');
  });

  it('an uncaught error says what was thrown and where', async () => {
    const { execResult } = await runExec('const value = null;\nreturn value.field;');
    expect(String(execResult.output)).toMatch(/^exec failed: the code threw TypeError: .+ \(line 2\)$/);
  });

  it('invalid input (no code) is rejected by input validation like any tool', async () => {
    const sample = sampleTools();
    const runtime = createToolSearchRuntime({ tools: sample.tools, toolMode: 'code' });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { script: 'return 1' } }] }, { text: 'ok' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'x' }).result;
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'invalid-input' });
  });

  it('cancelling the turn stops a running exec and aborts its nested call', async () => {
    let aborted = false;
    let cancelTurn = () => {};
    const runtime = createToolSearchRuntime({
      tools: {
        Read: tool({
          description: 'Read a file.',
          inputSchema: z.object({ path: z.string() }),
          execute: (_input, { abortSignal }) =>
            new Promise((_resolve, reject) => {
              abortSignal?.addEventListener('abort', () => {
                aborted = true;
                reject(new Error('aborted'));
              });
              cancelTurn();
            }),
        }),
      },
      toolMode: 'code',
    });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code: 'return await tools.Read({ path: "/slow" });' } }] }] });
    const turn = runtime.send({ model: scripted.model, prompt: 'read' });
    cancelTurn = () => turn.cancel('enough');
    const result = await turn.result;
    expect(result.status).toBe('cancelled');
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolName: EXEC_TOOL_NAME, outcome: 'cancelled' });
    expect(aborted).toBe(true);
  });
});

describe('code mode configuration', () => {
  it('checks toolMode and codeMode at construction, naming the option', () => {
    const { tools } = sampleTools();
    expect(() => createToolSearchRuntime({ tools, toolMode: 'cod' as never })).toThrow(InvalidOptionError);
    expect(() => createToolSearchRuntime({ tools, codeMode: { timeLimitMs: 0 } })).toThrow(/codeMode\.timeLimitMs/);
    expect(() => createToolSearchRuntime({ tools, codeMode: { memoryLimitBytes: 1024 } })).toThrow(/codeMode\.memoryLimitBytes/);
    expect(() => createToolSearchRuntime({ tools, codeMode: { maxOutputChars: 1.5 } })).toThrow(/codeMode\.maxOutputChars/);
    expect(() => createToolSearchRuntime({ tools, codeMode: { timeLimit: 5 } as never })).toThrow(/`codeMode\.timeLimitMs` \(unknown option; a typo\?\)/);
  });

  it('refuses a bound tool named exec when code mode is on, at construction or at send()', () => {
    const tools = { ...sampleTools().tools, exec: tool({ description: 'Run a command.', inputSchema: z.object({}), execute: async () => 'ran' }) };
    expect(() => createToolSearchRuntime({ tools, toolMode: 'code' })).toThrow(/no bound tool named "exec"/);
    const runtime = createToolSearchRuntime({ tools });
    const scripted = createScriptedModel({ steps: [{ text: 'hi' }] });
    expect(() => runtime.send({ model: scripted.model, prompt: 'hi', toolMode: 'code' })).toThrow(InvalidOptionError);
    expect(() => runtime.send({ model: scripted.model, prompt: 'hi', toolMode: 'yes' as never })).toThrow(/Option `toolMode`/);
  });

  it('refuses a client tool named exec in a code mode turn, naming clientTools.exec', () => {
    const runtime = createToolSearchRuntime({ tools: sampleTools().tools, toolMode: 'code' });
    const scripted = createScriptedModel({ steps: [{ text: 'hi' }] });
    const clientTools = { exec: tool({ description: 'Run a command in the browser.', inputSchema: z.object({}), execute: async () => 'ran' }) };
    expect(() => runtime.send({ model: scripted.model, prompt: 'hi', clientTools })).toThrow(
      /^Option `clientTools\.exec` is "a client tool"; expected no client tool named "exec" while the turn runs in code mode/,
    );
    expect(() => runtime.send({ model: scripted.model, prompt: 'hi', clientTools, toolMode: 'direct' })).not.toThrow();
  });
});
