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

  it('R: a search never activates or lists a required tool and says it is already callable; once R drops it, a search activates it', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const search = { toolName: 'tool_search', input: { query: 'slack_post_message', limit: 1 } };
    const scripted = createScriptedModel({ steps: [{ toolCalls: [search] }, { toolCalls: [search] }, { text: 'ok' }] });
    const result = await runtime.send({
      model: scripted.model,
      prompt: 'go',
      requiredTools: ({ stepIndex }) => (stepIndex === 0 ? ['slack_post_message'] : []),
    }).result;

    expect(result.steps[0]!.toolResults[0]!.output).toEqual({
      activated: [],
      reason: 'slack_post_message is already callable: this run requires it on this step.',
    });
    expect(scripted.requests[0]!.toolNames).toContain('slack_post_message');
    // R dropped it and no search activated it: it left the request, as the search result said nothing about it
    expect(scripted.requests[1]!.toolNames).not.toContain('slack_post_message');
    expect(result.steps[1]!.toolResults[0]!.output).toEqual({ activated: ['slack_post_message'] });
    expect(scripted.requests[2]!.toolNames).toContain('slack_post_message');
    expect(result.activated).toEqual(['slack_post_message']);
  });
});
