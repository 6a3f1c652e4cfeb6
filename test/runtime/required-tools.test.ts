import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, REQUIRED_TOOL_PRESETS, UnboundToolError, type RequiredToolsState } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

function orchestrationTools(): ToolSet {
  const { tools } = sampleTools();
  const names = [...REQUIRED_TOOL_PRESETS.graph, ...REQUIRED_TOOL_PRESETS.swarm];
  return {
    ...tools,
    ...Object.fromEntries(
      names.map((name) => [name, tool({ description: `The orchestrator's ${name.replace('_', ' ')}.`, inputSchema: z.object({}), execute: async () => `${name} ok` })]),
    ),
  };
}

describe('S13: required tools for orchestration runs (R of C3)', () => {
  it.each(['graph', 'swarm'] as const)('the %s preset is pinned from step 0, callable, and never an activation', async (preset) => {
    const runtime = createToolSearchRuntime({ tools: orchestrationTools() });
    const pinned = REQUIRED_TOOL_PRESETS[preset];
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: pinned[0]!, input: {} }, { toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }] },
        { toolCalls: [{ toolName: pinned[2]!, input: {} }] },
        { text: 'done' },
      ],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'run the plan', requiredTools: preset });
    const snapshots: { active: readonly string[]; pending: readonly string[] }[] = [];
    turn.actor.subscribe((snapshot: { context: { active: string[]; pending: string[] } }) => snapshots.push(snapshot.context));
    const result = await turn.result;

    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', ...pinned, 'tool_search']);
    expect(scripted.requests[1]!.toolNames).toEqual(['Bash', 'Read', ...pinned, 'tool_search', 'github_create_issue']);
    expect(result.steps[0]!.toolResults[0]!.outcome).toBe('ok');
    expect(result.steps[1]!.toolResults[0]!.outcome).toBe('ok');
    expect(result.activated).toEqual(['github_create_issue']);
    for (const context of snapshots) for (const name of pinned) expect([...context.active, ...context.pending]).not.toContain(name);
    expect(runtime.inventory).toContain(`- ${pinned[0]}`);
  });

  it('a requiredTools function is asked before every step and its answer holds for that step', async () => {
    const runtime = createToolSearchRuntime({ tools: orchestrationTools() });
    const asked: RequiredToolsState[] = [];
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'agent_list', input: {} }] },
        { toolCalls: [{ toolName: 'agent_list', input: {} }, { toolName: 'agent_status', input: {} }] },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({
      model: scripted.model,
      prompt: 'coordinate',
      requiredTools: (state) => {
        asked.push(state);
        return state.stepIndex === 0 ? ['agent_list'] : ['agent_status', 'deploy_prod'];
      },
    }).result;

    expect(asked.map((state) => state.stepIndex)).toEqual([0, 1, 2]);
    expect(asked[1]!.messages.at(-1)?.role).toBe('tool');
    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'agent_list', 'tool_search']);
    expect(scripted.requests[1]!.toolNames).toEqual(['Bash', 'Read', 'tool_search', 'agent_status']);
    expect(result.steps[1]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['rejected-hidden', 'ok']);
    expect(result.activated).toEqual([]);
  });

  it('required tools never widen the ceiling: a list outside it is a typed error, a function\'s extra names are ignored', async () => {
    const runtime = createToolSearchRuntime({ tools: orchestrationTools() });
    const { model } = createScriptedModel({ steps: [] });
    expect(() => runtime.send({ model, prompt: 'x', boundTools: ['Read'], requiredTools: 'graph' })).toThrow(UnboundToolError);

    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    await runtime.send({ model: scripted.model, prompt: 'x', boundTools: ['Read', 'graph_view'], requiredTools: () => ['graph_view', 'graph_yield'] }).result;
    // graph_view is deferred (not direct) though pinned, so tool_search is offered (C3)
    expect(scripted.requests[0]!.toolNames).toEqual(['Read', 'graph_view', 'tool_search']);
  });

  it('a requiredTools function that throws mid-turn fails the turn with the reason, keeping the step\'s results', async () => {
    const runtime = createToolSearchRuntime({ tools: orchestrationTools() });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Read', input: { path: '/a' } }] }, { text: 'never' }] });
    const result = await runtime.send({
      model: scripted.model,
      prompt: 'x',
      requiredTools: ({ stepIndex }) => {
        if (stepIndex > 0) throw new Error('orchestrator lost its plan');
        return [];
      },
    }).result;

    expect(result).toMatchObject({
      status: 'failed',
      reason: 'execution-error',
      error: { name: 'RequiredToolsError', message: 'requiredTools threw: orchestrator lost its plan (step 1)' },
    });
    expect(result.steps[0]!.toolResults[0]!.outcome).toBe('ok');
    expect(result.messages.at(-1)?.role).toBe('tool');
  });
});
