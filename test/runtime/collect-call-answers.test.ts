import { tool, type ModelMessage, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TurnResult } from '../../src/index.js';
import { openCallHarness, recordingExecute, type Ran } from '../helpers/open-call-harness.js';

// C27 / S16: hostile answers to calls left open across requests, given as ModelMessages to send():
// conflicting approvals, client outputs that are not AI SDK tool outputs, results for calls that
// no assistant message made. None runs anything, none crashes send() or the turn, and the model
// reads a tool error that says why.

function tools(ran: Ran): ToolSet {
  return {
    pick_color: tool({ description: 'Ask the user to pick a color.', inputSchema: z.object({ prompt: z.string() }) }),
    delete_repo: tool({ description: 'Delete a repository.', inputSchema: z.object({ repo: z.string() }), needsApproval: true, execute: recordingExecute(ran, 'delete_repo') }),
  };
}

const setup = () => openCallHarness(tools, ['pick_color', 'delete_repo']);
const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const toolResultsIn = (prompt: readonly { role: string; content: unknown }[]) =>
  prompt.flatMap((message) => (message.role === 'tool' ? (message.content as { toolCallId: string; output: unknown }[]) : [])).map(({ toolCallId, output }) => ({ toolCallId, output }));

async function awaitingDelete(context: ReturnType<typeof setup>) {
  const { result } = await context.send([user('delete old')], { toolCalls: [{ toolName: 'delete_repo', input: { repo: 'old' }, toolCallId: 'del' }] });
  const request = (result.messages.at(-1)!.content as { type: string; approvalId?: string }[]).find((part) => part.type === 'tool-approval-request')!;
  return { first: result, approvalId: request.approvalId! };
}

async function awaitingPick(context: ReturnType<typeof setup>) {
  const { result } = await context.send([user('pick')], { toolCalls: [{ toolName: 'pick_color', input: { prompt: 'Favourite?' }, toolCallId: 'pick' }] });
  return result;
}

const withOutput = (first: TurnResult, output: unknown, toolCallId = 'pick'): ModelMessage[] =>
  [...first.messages, { role: 'tool', content: [{ type: 'tool-result', toolCallId, toolName: 'pick_color', output }] }] as ModelMessage[];

describe('hostile answers to open calls (C27)', () => {
  it('S16: an approved and a denied response to one approval request run nothing and the model reads why; a clear answer afterwards still runs the call once', async () => {
    const context = setup();
    const { first, approvalId } = await awaitingDelete(context);
    const approve = { type: 'tool-approval-response' as const, approvalId, approved: true };
    const deny = { type: 'tool-approval-response' as const, approvalId, approved: false };
    for (const trailing of [
      [{ role: 'tool', content: [approve] }, { role: 'tool', content: [deny] }],
      [{ role: 'tool', content: [deny, approve] }],
    ] as ModelMessage[][]) {
      const { result, requests } = await context.send([...first.messages, ...trailing], { text: 'ok' });
      expect(result).toMatchObject({ status: 'completed', reason: 'stop' });
      expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'del', outcome: 'rejected-answer', output: expect.stringContaining('both approved and denied') });
      expect(toolResultsIn(requests[0]!.prompt)).toEqual([{ toolCallId: 'del', output: { type: 'error-text', value: expect.stringContaining('both approved and denied') } }]);
    }
    expect(context.ran).toEqual([]);

    // the conflicting answers spent nothing: the person's clear answer runs the call, once
    const { result } = await context.send([...first.messages, { role: 'tool', content: [approve, approve] }], { text: 'ok' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'del', outcome: 'ok', output: 'delete_repo done' });
    expect(context.ran).toEqual([{ toolName: 'delete_repo', input: { repo: 'old' } }]);
  });

  it('S16: a client output that is not an AI SDK tool output (null, an unknown type, a non-text text, a function, a BigInt, a cycle) is refused without a crash; a valid one afterwards completes the call', async () => {
    const context = setup();
    const first = await awaitingPick(context);
    const cycle: Record<string, unknown> = { color: 'teal' };
    cycle.self = cycle;
    const hostile: [string, unknown][] = [
      ['null', null],
      ['missing', undefined],
      ['unknown type', { type: 'weird', value: 'teal' }],
      ['text that is no string', { type: 'text', value: { color: 'teal' } }],
      ['a function', { type: 'json', value: { pick: () => 'teal' } }],
      ['a BigInt', { type: 'json', value: { shade: 10n } }],
      ['a cycle', { type: 'json', value: cycle }],
    ];
    for (const [label, output] of hostile) {
      const { result, requests } = await context.send(withOutput(first, output), { text: 'ok' });
      expect({ label, status: result.status, reason: result.reason }).toEqual({ label, status: 'completed', reason: 'stop' });
      expect({ label, result: result.steps[0]!.toolResults[0] }).toMatchObject({ label, result: { toolCallId: 'pick', outcome: 'rejected-answer', output: expect.stringContaining('is not an AI SDK tool output') } });
      expect(toolResultsIn(requests[0]!.prompt)).toEqual([{ toolCallId: 'pick', output: { type: 'error-text', value: expect.stringContaining('is not an AI SDK tool output') } }]);
    }

    const { result } = await context.send(withOutput(first, { type: 'json', value: { color: 'teal' } }), { text: 'ok' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'pick', outcome: 'ok', output: { color: 'teal' } });
  });

  it('S16: a result for a call id no assistant message made never reaches the provider (it would refuse the request); the open call gets its tool error', async () => {
    const context = setup();
    const first = await awaitingPick(context);
    const { result, requests } = await context.send(withOutput(first, { type: 'text', value: 'planted' }, 'call_nobody_made'), { text: 'ok' });
    expect(result).toMatchObject({ status: 'completed', reason: 'stop' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'pick', outcome: 'rejected-answer', output: expect.stringContaining('carried no output from the client') });
    expect(toolResultsIn(requests[0]!.prompt).map((entry) => entry.toolCallId)).toEqual(['pick']);
    expect(JSON.stringify(requests[0]!.prompt)).not.toContain('planted');
  });

  it('S16: an open call whose input in the messages is not JSON data (a cycle) is refused, not a crash', async () => {
    const context = setup();
    const first = await awaitingPick(context);
    const cycle: Record<string, unknown> = { prompt: 'Favourite?' };
    cycle.self = cycle;
    const messages = withOutput(first, { type: 'json', value: 'teal' }).map((message) =>
      message.role === 'assistant' && Array.isArray(message.content) ? { ...message, content: message.content.map((part) => (part.type === 'tool-call' ? { ...part, input: cycle } : part)) } : message,
    ) as ModelMessage[];
    const { result } = await context.send(messages, { text: 'ok' });
    expect(result).toMatchObject({ status: 'completed', reason: 'stop' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'pick', outcome: 'rejected-answer', output: expect.stringContaining('its input in the messages is not JSON data') });
  });
});
