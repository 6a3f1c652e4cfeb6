import { isStepCount, tool, type StepResult, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, InvalidOptionError } from '../../src/index.js';
import { EXEC_TOOL_NAME } from '../../src/code-mode/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

/** Read and Bash, each recording the `context` its execute received; Bash declares a contextSchema. */
function contextTools() {
  const seen: { toolName: string; context: unknown }[] = [];
  const tools: ToolSet = {
    Read: tool({
      description: 'Read a file.',
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }, options) => {
        seen.push({ toolName: 'Read', context: options.context });
        return `contents of ${path}`;
      },
    }),
    Bash: tool({
      description: 'Run a shell command.',
      inputSchema: z.object({ command: z.string() }),
      contextSchema: z.object({ cwd: z.string() }),
      execute: async ({ command }, options) => {
        seen.push({ toolName: 'Bash', context: options.context });
        return `ran ${command} in ${(options.context as { cwd: string }).cwd}`;
      },
    }),
  };
  return { tools, seen };
}

const readThenBash = () =>
  createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Read', input: { path: '/a' } }, { toolName: 'Bash', input: { command: 'ls' } }] }, { text: 'done' }] }).model;

describe('toolsContext and runtimeContext, as streamText hands them on', () => {
  it("toolsContext: each execute gets its own tool's entry as options.context; a send's entry replaces the runtime's by tool name", async () => {
    const { tools, seen } = contextTools();
    const runtime = createToolSearchRuntime({ tools, toolsContext: { Read: { user: 'ana' }, Bash: { cwd: '/srv' } } });
    const first = await runtime.send({ model: readThenBash(), prompt: 'go' }).result;
    expect(first.steps[0]!.toolResults.map((result) => result.output)).toEqual(['contents of /a', 'ran ls in /srv']);
    expect(seen).toEqual([{ toolName: 'Read', context: { user: 'ana' } }, { toolName: 'Bash', context: { cwd: '/srv' } }]);

    seen.length = 0;
    await runtime.send({ model: readThenBash(), prompt: 'go', toolsContext: { Bash: { cwd: '/tmp' } } }).result;
    expect(seen).toEqual([{ toolName: 'Read', context: { user: 'ana' } }, { toolName: 'Bash', context: { cwd: '/tmp' } }]);

    seen.length = 0;
    await createToolSearchRuntime({ tools }).send({ model: readThenBash(), prompt: 'go', toolsContext: { Bash: { cwd: '/x' } } }).result;
    expect(seen).toEqual([{ toolName: 'Read', context: undefined }, { toolName: 'Bash', context: { cwd: '/x' } }]);
  });

  it("a context that does not match the tool's contextSchema is that call's tool error and execute is not called; the turn goes on", async () => {
    const { tools, seen } = contextTools();
    const runtime = createToolSearchRuntime({ tools, toolsContext: { Bash: { cwd: 42 } as never } });
    const result = await runtime.send({ model: readThenBash(), prompt: 'go' }).result;
    expect(result.status).toBe('completed');
    const bash = result.steps[0]!.toolResults[1]!;
    expect(bash.outcome).toBe('error');
    expect(String(bash.output)).toContain('Bash was not run: its context (toolsContext.Bash) does not match its contextSchema');
    expect(seen).toEqual([{ toolName: 'Read', context: undefined }]);
    expect(result.text).toBe('done');
  });

  it('code mode: a nested call from exec gets its tool\'s toolsContext entry too', async () => {
    const { tools, seen } = contextTools();
    const runtime = createToolSearchRuntime({ tools, toolMode: 'code', toolsContext: { Bash: { cwd: '/nested' } } });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code: 'return await tools.Bash({ command: "pwd" });' } }] }, { text: 'ok' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'run it' }).result;
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolName: EXEC_TOOL_NAME, outcome: 'ok' });
    expect(seen).toEqual([{ toolName: 'Bash', context: { cwd: '/nested' } }]);
  });

  it("runtimeContext: on each of stopWhen's steps with the turn's toolsContext ({} when not given); a send's replaces the runtime's", async () => {
    const { tools } = contextTools();
    const seen: StepResult<ToolSet>[] = [];
    const runtime = createToolSearchRuntime({ tools, runtimeContext: { tenant: 'acme' }, toolsContext: { Bash: { cwd: '/srv' } } });
    const stopWhen = [isStepCount(1), ({ steps }: { steps: StepResult<ToolSet>[] }) => (seen.push(...steps), false)];
    await runtime.send({ model: readThenBash(), prompt: 'go', stopWhen }).result;
    expect(seen[0]).toMatchObject({ runtimeContext: { tenant: 'acme' }, toolsContext: { Bash: { cwd: '/srv' } } });
    await runtime.send({ model: readThenBash(), prompt: 'go', stopWhen, runtimeContext: { tenant: 'globex' } }).result;
    expect(seen[1]).toMatchObject({ runtimeContext: { tenant: 'globex' } });
    await createToolSearchRuntime({ tools }).send({ model: readThenBash(), prompt: 'go', stopWhen }).result;
    expect(seen[2]).toMatchObject({ runtimeContext: {}, toolsContext: {} });
  });

  it('a toolsContext or runtimeContext that is not an object is refused with InvalidOptionError', () => {
    const { tools } = contextTools();
    expect(() => createToolSearchRuntime({ tools, runtimeContext: 'acme' as never })).toThrow(InvalidOptionError);
    expect(() => createToolSearchRuntime({ tools, toolsContext: { Bash: 'cwd' } as never })).toThrow(InvalidOptionError);
    const runtime = createToolSearchRuntime({ tools });
    expect(() => runtime.send({ model: readThenBash(), prompt: 'x', toolsContext: [] as never })).toThrow(InvalidOptionError);
  });
});
