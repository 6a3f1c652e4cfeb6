import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { EXEC_TOOL_NAME } from '../../src/code-mode/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { acquireSandboxSlot } from '../../src/code-mode/acquire-sandbox-slot.js';
import { resolveCodeModeOptions } from '../../src/code-mode/code-mode-options.js';

describe('codeMode.maxConcurrent: exec calls holding a sandbox at once', () => {
  it('six exec calls in one step with maxConcurrent 2: all finish, never more than two codes running at once', async () => {
    let running = 0;
    let most = 0;
    const probe = tool({
      description: 'Hold the sandbox for a moment.',
      inputSchema: z.object({}),
      // each call waits here until a second one is running too (so two always overlap), then a few
      // more turns of the event loop: a third sandbox, if one could run, would be counted
      execute: async () => {
        running += 1;
        most = Math.max(most, running);
        while (running < 2) await new Promise((resolve) => setImmediate(resolve));
        for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        return 'held';
      },
    });
    const runtime = createToolSearchRuntime({ tools: { probe }, direct: ['probe'], toolMode: 'code', codeMode: { maxConcurrent: 2 } });
    const execCall = (index: number) => ({ toolName: EXEC_TOOL_NAME, toolCallId: `exec-${index}`, input: { code: `return (await tools.probe({})) + ${index};` } });
    const scripted = createScriptedModel({ steps: [{ toolCalls: Array.from({ length: 6 }, (_, index) => execCall(index)) }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'probe six times' }).result;

    expect(result.steps[0]!.toolResults.map((call) => [call.outcome, (call.output as { result?: unknown }).result])).toEqual(
      Array.from({ length: 6 }, (_, index) => ['ok', `held${index}`]),
    );
    expect(most).toBe(2);
  });

  it('a waiting call gives up its place when aborted, and a released slot goes to the next in line', async () => {
    const limits = resolveCodeModeOptions({ maxConcurrent: 1 });
    const first = await acquireSandboxSlot(limits, new AbortController().signal);
    const giveUp = new AbortController();
    const waiting = acquireSandboxSlot(limits, giveUp.signal);
    const next = acquireSandboxSlot(limits, new AbortController().signal);
    giveUp.abort();
    expect(await waiting).toBeUndefined();
    first!();
    first!(); // a second release of the same slot does nothing
    const nextRelease = await next;
    expect(nextRelease).toBeTypeOf('function');
    // the slot is held again: a new caller waits until it is released
    let third: (() => void) | undefined;
    const thirdWaiting = acquireSandboxSlot(limits, new AbortController().signal).then((release) => (third = release));
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBeUndefined();
    nextRelease!();
    await thirdWaiting;
    expect(third).toBeTypeOf('function');
    third!();
  });

  it('is checked like the other codeMode limits', () => {
    expect(() => resolveCodeModeOptions({ maxConcurrent: 0 })).toThrow('Option `codeMode.maxConcurrent` is 0; expected a whole number of sandboxes from 1 to 1000');
    expect(resolveCodeModeOptions(undefined).maxConcurrent).toBe(4);
  });
});
