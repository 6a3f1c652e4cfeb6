import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { EXEC_TOOL_NAME } from '../../src/code-mode/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { captureProcessEvents } from '../helpers/capture-process-events.js';

const warnings = captureProcessEvents<Error>('warning');

describe('code mode: many nested calls at once', () => {
  it('Promise.all over 12 nested calls runs them all and prints no MaxListenersExceededWarning', async () => {
    // every call waits until all 12 have started, so all 12 run at once
    let started = 0;
    let openGate: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const Read = tool({
      description: 'Read a file.',
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => {
        if (++started === 12) openGate();
        await gate;
        return `contents of ${path}`;
      },
    });
    const runtime = createToolSearchRuntime({ tools: { Read }, direct: ['Read'], toolMode: 'code' });
    const code = 'return (await Promise.all(Array.from({ length: 12 }, (_, i) => tools.Read({ path: `/f${i}` })))).length;';
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code } }] }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'read twelve files' }).result;
    await new Promise((resolve) => setImmediate(resolve));

    const execResult = result.steps[0]!.toolResults[0]!;
    expect(execResult.outcome).toBe('ok');
    expect((execResult.output as { result: unknown; calls: unknown[] }).result).toBe(12);
    expect((execResult.output as { calls: unknown[] }).calls).toHaveLength(12);
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });
});
