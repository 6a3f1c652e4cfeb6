import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorModelOutput } from '../../src/execution/to-model-output.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { HOSTILE_VALUES } from '../helpers/hostile-values.js';
import { toolResultText } from '../helpers/pipeline-probe.js';

describe('errorModelOutput: what the model receives for a failed call', () => {
  it('keeps an error result holding a BigInt or a cycle readable, as JSON', () => {
    const result: Record<string, unknown> = { isError: true, content: [{ type: 'text', text: 'quota exceeded' }], usedBytes: 2n ** 70n };
    result.self = result;
    expect(errorModelOutput(result)).toEqual({
      type: 'error-json',
      value: { isError: true, content: [{ type: 'text', text: 'quota exceeded' }], usedBytes: '1180591620717411303424n', self: '[Circular]' },
    });
    expect(errorModelOutput('plain message')).toEqual({ type: 'error-text', value: 'plain message' });
  });

  it('turns a value that cannot be read into text saying so, never [object Object]', () => {
    expect(errorModelOutput(HOSTILE_VALUES['a Proxy whose traps throw']!())).toEqual({ type: 'error-text', value: 'a value that cannot be shown as text (reading it threw)' });
  });

  it('in a turn: an MCP error result with a BigInt reaches the model as readable text, and the turn goes on', async () => {
    const runtime = createToolSearchRuntime({
      tools: {
        quota: tool({
          description: 'Reports a quota.',
          inputSchema: z.object({}),
          execute: async () => ({ isError: true, content: [{ type: 'text', text: 'quota exceeded' }], limit: 10n ** 21n }),
        }),
      },
      direct: ['quota'],
    });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolCallId: 'q1', toolName: 'quota', input: {} }] }, { text: 'ok' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    expect(result.steps[0]!.toolResults[0]!.outcome).toBe('error');
    const seen = toolResultText(scripted.requests[1]!.prompt, 'q1');
    expect(seen).toBe('{"isError":true,"content":[{"type":"text","text":"quota exceeded"}],"limit":"1000000000000000000000n"}');
    expect(result.status).toBe('completed');
  });
});
