import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { captureProcessEvents } from '../helpers/capture-process-events.js';

const warnings = captureProcessEvents<Error>('warning');

describe('a step with many parallel tool calls', () => {
  it('runs 12 calls at once on the step\'s abort signal without a MaxListenersExceededWarning', async () => {
    const CALLS = 12;
    let started = 0;
    let release!: () => void;
    const allStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runtime = createToolSearchRuntime({
      tools: {
        Read: tool({
          description: 'Read a file.',
          inputSchema: z.object({ path: z.string() }),
          // every call waits until all have started, so all of them listen to the step's signal at once
          execute: async ({ path }) => {
            started += 1;
            if (started === CALLS) release();
            await allStarted;
            return `contents of ${path}`;
          },
        }),
      },
    });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: Array.from({ length: CALLS }, (_, index) => ({ toolName: 'Read', input: { path: `/file-${index}` } })) }, { text: 'read them all' }],
    });

    const result = await runtime.send({ model: scripted.model, prompt: 'read twelve files' }).result;
    // process warnings are emitted on a later tick
    await new Promise((resolve) => setImmediate(resolve));

    expect(result.status).toBe('completed');
    expect(result.steps[0]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(Array(CALLS).fill('ok'));
    expect(warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
  });
});
