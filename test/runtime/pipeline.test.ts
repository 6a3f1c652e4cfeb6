import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, type PermissionRequest } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';

describe('C4: one execution pipeline for direct and discovered tools', () => {
  it('a denied call returns the reason as a tool error for a direct and a discovered tool alike', async () => {
    const log: ExecutionLog = [];
    const { tools, groups } = sampleTools(log);
    const asked: PermissionRequest[] = [];
    const runtime = createToolSearchRuntime({
      tools,
      groups,
      permission: (request) => {
        asked.push(request);
        return request.toolName === 'tool_search' ? { type: 'allow' } : { type: 'deny', reason: 'read-only session' };
      },
    });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }, { toolName: 'Bash', input: { command: 'rm -rf /' } }] },
        { toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'x' } }] },
        { text: 'could not' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    const bash = result.steps[0]!.toolResults[1]!;
    const issue = result.steps[1]!.toolResults[0]!;
    expect(bash).toMatchObject({ outcome: 'denied', output: 'Permission denied for Bash: read-only session' });
    expect(issue).toMatchObject({ outcome: 'denied', output: 'Permission denied for github_create_issue: read-only session' });
    expect(log).toEqual([]);
    expect(asked.map((request) => [request.toolName, request.origin, request.stepIndex])).toEqual([
      ['tool_search', 'search', 0],
      ['Bash', 'direct', 0],
      ['github_create_issue', 'discovered', 1],
    ]);
    const toolMessage = result.messages.find(
      (message) => message.role === 'tool' && JSON.stringify(message).includes('read-only session'),
    );
    expect(JSON.stringify(toolMessage)).toContain('"type":"error-text"');
  });

  it('the permission check gets a copy of the input: changing it does not change what execute receives', async () => {
    const log: ExecutionLog = [];
    const { tools } = sampleTools(log);
    const runtime = createToolSearchRuntime({
      tools,
      permission: ({ input }) => {
        (input as { path: string }).path = '/etc/shadow';
        return { type: 'allow' };
      },
    });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Read', input: { path: '/tmp/notes' } }] }, { text: 'ok' }] });
    await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    expect(log).toEqual([{ toolName: 'Read', input: { path: '/tmp/notes' } }]);
  });

  it('a permission check that throws counts as deny and the turn goes on', async () => {
    const log: ExecutionLog = [];
    const { tools } = sampleTools(log);
    const runtime = createToolSearchRuntime({
      tools,
      permission: () => {
        throw new Error('policy server down');
      },
    });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Read', input: { path: '/etc/hosts' } }] }, { text: 'ok' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    expect(result.status).toBe('completed');
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'denied', output: expect.stringContaining('policy server down') });
    expect(log).toEqual([]);
  });

  it('input that fails the schema gets a message naming the field, and execute is not called', async () => {
    const log: ExecutionLog = [];
    const { tools, groups } = sampleTools(log);
    const runtime = createToolSearchRuntime({ tools, groups });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'Read', input: { path: 7 } }, { toolName: 'Bash', input: '{"command": "ls"' }] },
        { text: 'ok' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    const [read, bash] = result.steps[0]!.toolResults;
    expect(read).toMatchObject({ outcome: 'invalid-input', output: expect.stringMatching(/^Invalid input for Read: path: /) });
    expect(bash).toMatchObject({ outcome: 'invalid-input', output: expect.stringContaining('not valid JSON') });
    expect(log).toEqual([]);
    expect(result.status).toBe('completed');
  });

  it('a tool that throws becomes a tool error and the turn goes on', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({
      tools: {
        ...tools,
        Grep: tool({
          description: 'Search file contents.',
          inputSchema: z.object({ pattern: z.string() }),
          execute: async (): Promise<string> => {
            throw new Error('disk on fire');
          },
        }),
      },
    });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Grep', input: { pattern: 'x' } }] }, { text: 'sorry' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'error', output: 'Grep failed: disk on fire' });
    expect(result).toMatchObject({ status: 'completed', text: 'sorry' });
  });

  it('output the model cannot receive is an error outcome: a cyclic object, a BigInt, a throwing toModelOutput', async () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const runtime = createToolSearchRuntime({
      tools: {
        Read: tool({ description: 'Read.', inputSchema: z.object({}), execute: async () => cyclic }),
        Grep: tool({ description: 'Grep.', inputSchema: z.object({}), execute: async () => ({ count: 10n }) }),
        Glob: tool({
          description: 'Glob.',
          inputSchema: z.object({}),
          execute: async () => ['a.ts'],
          toModelOutput: () => {
            throw new Error('unsupported');
          },
        }),
        Edit: tool({
          description: 'Edit.',
          inputSchema: z.object({}),
          execute: async () => 'edited',
          toModelOutput: ({ output }) => ({ type: 'text', value: `tool said: ${output}` }),
        }),
      },
    });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: ['Read', 'Grep', 'Glob', 'Edit'].map((toolName) => ({ toolName, input: {} })) }, { text: 'ok' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    expect(result.steps[0]!.toolResults.map((toolResult) => [toolResult.toolName, toolResult.outcome])).toEqual([
      ['Read', 'error'],
      ['Grep', 'error'],
      ['Glob', 'error'],
      ['Edit', 'ok'],
    ]);
    expect(result.steps[0]!.toolResults[0]!.output).toMatch(/^Read returned output that is not JSON/);
    expect(result.steps[0]!.toolResults[2]!.output).toContain('could not convert: unsupported');
    expect(JSON.stringify(scripted.requests[1]!.prompt)).toContain('tool said: edited');
  });

  it('an unknown name and a name differing only in case are rejected with the right spelling suggested', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'read', input: { path: '/x' } }, { toolName: 'teleport', input: {} }] }, { text: 'ok' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    const [lower, unknown] = result.steps[0]!.toolResults;
    expect(lower).toMatchObject({ outcome: 'rejected-unknown', output: expect.stringContaining('Did you mean "Read"?') });
    expect(unknown).toMatchObject({ outcome: 'rejected-unknown', output: expect.stringContaining('no tool named "teleport"') });
  });

  it('C12: bad tool_search input is a tool error the model can read, and nothing is activated', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    const scripted = createScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'tool_search', input: { query: '   ' } },
            { toolName: 'tool_search', input: { query: 42 } },
            { toolName: 'tool_search', input: { query: 'github', limit: -1 } },
            { toolName: 'tool_search', input: { query: 'x'.repeat(1_000_000) } },
          ],
        },
        { text: 'ok' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    expect(result.steps[0]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['error', 'invalid-input', 'error', 'error']);
    expect(result.steps[0]!.toolResults[0]!.output).toMatch(/non-empty query/);
    expect(result.steps[0]!.toolResults[1]!.output).toMatch(/query/);
    expect(result.steps[0]!.toolResults[2]!.output).toMatch(/limit must be a whole number from 1 to 20/);
    expect(result.steps[0]!.toolResults[3]!.output).toMatch(/1000000 characters; the maximum is 2000/);
    expect(result.activated).toEqual([]);
    expect(scripted.requests[1]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
  });
});
