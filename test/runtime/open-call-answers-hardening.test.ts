import { tool, type ModelMessage, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, type ToolSearchRuntimeOptions, type TurnResult } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import type { ScriptedStepSource } from '../../src/testing/scripted-step.js';

// C27 / S16: answers that must not count — same call ids across turns, results instead of approvals,
// duplicate results, open calls left unanswered by a user message.

type Ran = { toolName: string; input: unknown }[];

function tools(ran: Ran): ToolSet {
  const execute = (toolName: string) => async (input: unknown) => {
    ran.push({ toolName, input });
    return `${toolName} done`;
  };
  return {
    list_repos: tool({ description: 'List the repositories of an owner.', inputSchema: z.object({ owner: z.string() }), execute: execute('list_repos') }),
    pick_color: tool({ description: 'Ask the user to pick a color.', inputSchema: z.object({ prompt: z.string() }) }),
    delete_repo: tool({ description: 'Delete a repository.', inputSchema: z.object({ repo: z.string() }), needsApproval: true, execute: execute('delete_repo') }),
  };
}

function setup(options: Partial<ToolSearchRuntimeOptions> = {}) {
  const ran: Ran = [];
  const runtime = createToolSearchRuntime({ tools: tools(ran), direct: ['list_repos', 'pick_color', 'delete_repo'], ...options });
  const send = async (messages: ModelMessage[], ...steps: ScriptedStepSource[]) => {
    const scripted = createScriptedModel({ steps });
    return { result: await runtime.send({ model: scripted.model, messages }).result, requests: scripted.requests };
  };
  return { ran, runtime, send };
}

const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const colorResult = (toolCallId: string, value: unknown) => ({ type: 'tool-result' as const, toolCallId, toolName: 'pick_color', output: { type: 'json' as const, value: value as never } });
const clientOutput = (result: TurnResult, toolCallId: string, value: unknown): ModelMessage[] => [...result.messages, { role: 'tool', content: [colorResult(toolCallId, value)] }];
const toolResultsIn = (prompt: readonly { role: string; content: unknown }[]) =>
  prompt.flatMap((message) => (message.role === 'tool' ? (message.content as { toolCallId: string; output: unknown }[]) : [])).map(({ toolCallId, output }) => ({ toolCallId, output }));

describe('answers to open calls that must not count (C27)', () => {
  it('S16: two turns that each leave a client call call_0 open are answered each with its own messages, once; a replay of either is refused', async () => {
    const context = setup();
    const { result: turnA } = await context.send([user('pick for A')], { toolCalls: [{ toolName: 'pick_color', input: { prompt: 'A?' }, toolCallId: 'call_0' }] });
    const { result: turnB } = await context.send([user('pick for B')], { toolCalls: [{ toolName: 'pick_color', input: { prompt: 'B?' }, toolCallId: 'call_0' }] });
    expect([turnA.reason, turnB.reason]).toEqual(['awaiting-client', 'awaiting-client']);

    const answerA = clientOutput(turnA, 'call_0', 'teal');
    const answerB = clientOutput(turnB, 'call_0', 'plum');
    const { result: a } = await context.send(answerA, { text: 'A done' });
    const { result: b } = await context.send(answerB, { text: 'B done' });
    expect(a.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'call_0', outcome: 'ok', output: 'teal' });
    expect(b.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'call_0', outcome: 'ok', output: 'plum' });
    for (const replay of [answerA, answerB]) {
      const { result } = await context.send(replay, { text: 'again' });
      expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-answer', output: expect.stringContaining('was already answered (a replayed answer)') });
    }
  });
});
