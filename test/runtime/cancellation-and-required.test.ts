import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

describe('turn end and required tools at the edges', () => {
  it('C17: a tool whose permission is granted after its turn was cancelled does not run', async () => {
    const executed: string[] = [];
    let allow!: () => void;
    const runtime = createToolSearchRuntime({
      tools: {
        Bash: tool({
          description: 'Run a shell command.',
          inputSchema: z.object({ command: z.string() }),
          execute: async ({ command }) => {
            executed.push(command);
            return 'ran';
          },
        }),
      },
      permission: () => new Promise((resolve) => { allow = () => resolve({ type: 'allow' }); }),
    });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Bash', input: { command: 'rm -rf build' } }] }] });
    const turn = runtime.send({ model: scripted.model, prompt: 'clean' });
    for await (const part of turn.stream) {
      if (part.type === 'tool-call') {
        await new Promise((resolve) => setTimeout(resolve, 10));
        turn.cancel('stop');
      }
    }
    expect((await turn.result).status).toBe('cancelled');
    allow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(executed).toEqual([]);
  });

  it('R: a search returns a required tool but never activates it', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'slack_post_message', limit: 1 } }] }, { text: 'ok' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go', requiredTools: ['slack_post_message'] }).result;

    expect(result.activated).toEqual([]);
    expect(result.steps[0]!.toolResults[0]!.output).toMatchObject({ activated: expect.arrayContaining(['slack_post_message']) });
    expect(scripted.requests[1]!.toolNames.filter((name) => name === 'slack_post_message')).toHaveLength(1);
  });
});
