import { tool, type ModelMessage, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryApprovalStore, createToolSearchRuntime, type ApprovalStore, type ToolSearchRuntimeOptions, type TurnResult } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import type { ScriptedStepSource } from '../../src/testing/scripted-step.js';
import { openCallHarness, recordingExecute, type Ran } from '../helpers/open-call-harness.js';

// C27 / S16: a call that needs a person ends the turn with a request in the AI SDK's message
// protocol; a later send() whose messages answer it runs or denies that call once.

function repoTools(ran: Ran): ToolSet {
  const execute = (toolName: string) => recordingExecute(ran, toolName);
  return {
    delete_repo: tool({ description: 'Delete a GitHub repository for good.', inputSchema: z.object({ repo: z.string() }), needsApproval: true, execute: execute('delete_repo') }),
    list_repos: tool({ description: 'List the repositories of an owner.', inputSchema: z.object({ owner: z.string() }), execute: execute('list_repos') }),
    // a client-side tool: the browser answers it (addToolOutput)
    pick_color: tool({ description: 'Ask the user to pick a color.', inputSchema: z.object({ prompt: z.string() }) }),
    ui_wipe_canvas: tool({ description: 'Wipe the drawing canvas clean.', inputSchema: z.object({ canvas: z.string() }), needsApproval: true, execute: execute('ui_wipe_canvas') }),
    ui_draw_circle: tool({ description: 'Draw a circle on the canvas.', inputSchema: z.object({ radius: z.number() }), execute: execute('ui_draw_circle') }),
  };
}

function setup(options: Partial<ToolSearchRuntimeOptions> = {}) {
  return openCallHarness(repoTools, ['delete_repo', 'list_repos', 'pick_color'], options);
}

const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const approvalRequestOf = (result: TurnResult) => {
  const content = result.messages.findLast((message) => message.role === 'assistant')!.content as { type: string; approvalId?: string; signature?: string }[];
  return content.find((part) => part.type === 'tool-approval-request')!;
};
const answer = (result: TurnResult, approved: boolean, extra: { approvalId?: string; reason?: string } = {}): ModelMessage[] => [
  ...result.messages,
  { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: extra.approvalId ?? approvalRequestOf(result).approvalId!, approved, ...(extra.reason === undefined ? {} : { reason: extra.reason }) }] },
];
/** The tool results the model received in a request, by call id. */
const toolResultsIn = (prompt: readonly { role: string; content: unknown }[]) =>
  prompt.flatMap((message) => (message.role === 'tool' ? (message.content as { toolCallId: string; output: unknown }[]) : [])).map(({ toolCallId, output }) => ({ toolCallId, output }));

async function awaitingDelete(context: ReturnType<typeof setup>) {
  return context.send([user('delete acme/old')], { toolCalls: [{ toolName: 'delete_repo', input: { repo: 'acme/old' }, toolCallId: 'del' }, { toolName: 'list_repos', input: { owner: 'acme' }, toolCallId: 'list' }] });
}

describe('approvals across requests (C27)', () => {
  it('S16: a call that needs approval ends the turn with a tool-approval-request after the step’s other calls finish', async () => {
    const context = setup();
    const { result, requests } = await awaitingDelete(context);

    expect(result).toMatchObject({ status: 'completed', reason: 'awaiting-approval' });
    expect(requests).toHaveLength(1);
    expect(context.ran).toEqual([{ toolName: 'list_repos', input: { owner: 'acme' } }]);
    const [assistant, toolMessage] = result.messages.slice(-2);
    expect(assistant).toEqual({
      role: 'assistant',
      content: [
        expect.objectContaining({ type: 'tool-call', toolCallId: 'del', toolName: 'delete_repo', input: { repo: 'acme/old' } }),
        expect.objectContaining({ type: 'tool-call', toolCallId: 'list', toolName: 'list_repos' }),
        { type: 'tool-approval-request', approvalId: `approval:${result.turnId}:0:del`, toolCallId: 'del', reason: 'delete_repo requires approval: its needsApproval is true' },
      ],
    });
    expect(toolMessage).toEqual({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'list', toolName: 'list_repos', output: { type: 'text', value: 'list_repos done' } }] });
    expect(result.steps[0]!.toolResults.map((entry) => entry.outcome)).toEqual(['awaiting-approval', 'ok']);
  });

  it('S16: an approval answered in a later send() runs the call once, the model gets its result, and a replay runs nothing', async () => {
    const context = setup();
    const { result: first } = await awaitingDelete(context);
    const answered = answer(first, true);

    const { result: second, requests } = await context.send(answered, { text: 'deleted' });
    expect(context.ran.filter((entry) => entry.toolName === 'delete_repo')).toEqual([{ toolName: 'delete_repo', input: { repo: 'acme/old' } }]);
    expect(second).toMatchObject({ status: 'completed', reason: 'stop', text: 'deleted' });
    expect(second.turnId).not.toBe(first.turnId);
    expect(second.steps[0]).toMatchObject({ stepIndex: 0, finishReason: 'answers', visible: ['delete_repo'] });
    expect(second.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'del', outcome: 'ok', output: 'delete_repo done', operationId: `${second.turnId}:0:del` });
    expect(toolResultsIn(requests[0]!.prompt)).toEqual([
      { toolCallId: 'list', output: { type: 'text', value: 'list_repos done' } },
      { toolCallId: 'del', output: { type: 'text', value: 'delete_repo done' } },
    ]);

    // the same answer again: nothing runs, the model reads why
    const { result: replayed, requests: replayRequests } = await context.send(answered, { text: 'ok' });
    expect(context.ran.filter((entry) => entry.toolName === 'delete_repo')).toHaveLength(1);
    expect(replayed.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-answer', output: expect.stringContaining('was already answered (a replayed answer)') });
    expect(JSON.stringify(toolResultsIn(replayRequests[0]!.prompt))).toContain('already answered');
  });

  it('S16: a denial runs nothing and gives the model ai’s execution-denied result with the reason', async () => {
    const context = setup();
    const { result: first } = await awaitingDelete(context);
    const { result, requests } = await context.send(answer(first, false, { reason: 'keep it' }), { text: 'kept' });

    expect(context.ran.map((entry) => entry.toolName)).toEqual(['list_repos']);
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'denied', output: 'delete_repo was denied by a person: keep it' });
    expect(toolResultsIn(requests[0]!.prompt)[1]).toEqual({ toolCallId: 'del', output: { type: 'execution-denied', reason: 'keep it' } });
  });

  it('S16: a forged approval id runs nothing; an answer to an unknown id leaves the open call unanswered, and the model reads both', async () => {
    const context = setup();
    const { result: first } = await awaitingDelete(context);
    const forgedId = 'approval:someone-else:0:del';
    const forged = first.messages.map((message) =>
      message.role === 'assistant' && Array.isArray(message.content)
        ? { ...message, content: message.content.map((part) => (part.type === 'tool-approval-request' ? { ...part, approvalId: forgedId } : part)) }
        : message,
    ) as ModelMessage[];
    const { result } = await context.send(answer({ ...first, messages: forged }, true, { approvalId: forgedId }), { text: 'ok' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-answer', output: expect.stringContaining(`this runtime issued no approval request "${forgedId}"`) });

    const { result: stray } = await context.send(answer(first, true, { approvalId: 'not-a-request' }), { text: 'ok' });
    expect(stray.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-answer', output: expect.stringContaining('carried no tool-approval-response to its approval request') });
    expect(context.ran.map((entry) => entry.toolName)).toEqual(['list_repos']);

    // the real request is still open: its own answer runs the call
    await context.send(answer(first, true), { text: 'ok' });
    expect(context.ran.map((entry) => entry.toolName)).toEqual(['list_repos', 'delete_repo']);
  });

  it('S16: an altered input or tool runs nothing, and the approval is spent', async () => {
    const context = setup();
    const { result: first } = await awaitingDelete(context);
    const altered = answer(first, true).map((message) =>
      message.role === 'assistant' && Array.isArray(message.content)
        ? { ...message, content: message.content.map((part) => (part.type === 'tool-call' && part.toolCallId === 'del' ? { ...part, input: { repo: 'acme/prod' } } : part)) }
        : message,
    ) as ModelMessage[];
    const { result } = await context.send(altered, { text: 'ok' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-answer', output: expect.stringContaining('its tool or input was altered') });
    expect(context.ran.map((entry) => entry.toolName)).toEqual(['list_repos']);
  });

  it('S16: with toolApprovalSecret a request is signed, and a bad or missing signature is refused before the store is asked', async () => {
    const claims: string[] = [];
    const memory = createMemoryApprovalStore();
    const approvalStore: ApprovalStore = { issue: (record) => memory.issue(record), claim: (id) => (claims.push(id), memory.claim(id)) };
    const context = setup({ toolApprovalSecret: 'server-secret', approvalStore });
    const { result: first } = await awaitingDelete(context);
    expect(approvalRequestOf(first).signature).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const resign = (signature: string | undefined) =>
      answer(first, true).map((message) =>
        message.role === 'assistant' && Array.isArray(message.content)
          ? { ...message, content: message.content.map((part) => (part.type === 'tool-approval-request' ? { ...part, signature } : part)) }
          : message,
      ) as ModelMessage[];
    const { result: bad } = await context.send(resign('AAAA'), { text: 'ok' });
    expect(bad.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-answer', output: expect.stringContaining('is not valid for this call (a forged or altered request)') });
    const { result: missing } = await context.send(resign(undefined), { text: 'ok' });
    expect(missing.steps[0]!.toolResults[0]!.output).toContain('is missing');
    expect(claims).toEqual([]);

    await context.send(answer(first, true), { text: 'ok' });
    expect(context.ran.map((entry) => entry.toolName)).toEqual(['list_repos', 'delete_repo']);
  });

  it('an approval response that answers no open call is dropped, so the turn runs (streamText would refuse it)', async () => {
    const context = setup();
    const { result: first } = await context.send([user('hello')], { text: 'hi' });
    const stray: ModelMessage[] = [...first.messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: '__proto__', approved: true }] }];
    const { result, requests } = await context.send(stray, { text: 'still here' });
    expect(result).toMatchObject({ status: 'completed', reason: 'stop', text: 'still here' });
    expect(requests[0]!.prompt.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(context.ran).toEqual([]);
  });

  it('the stream reports the awaiting call’s tool-result with its approval request, then turn-end awaiting-approval; a store that cannot record the request makes the call a tool error and the loop goes on', async () => {
    const context = setup();
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'delete_repo', input: { repo: 'acme/old' }, toolCallId: 'del' }] }] });
    const turn = context.runtime.send({ model: scripted.model, prompt: 'delete acme/old' });
    const parts = [];
    for await (const part of turn.stream) if (part.type === 'tool-result' || part.type === 'turn-end') parts.push(part);
    expect(parts).toEqual([
      expect.objectContaining({ type: 'tool-result', toolCallId: 'del', outcome: 'awaiting-approval', approvalRequest: { approvalId: `approval:${turn.turnId}:0:del`, reason: 'delete_repo requires approval: its needsApproval is true' } }),
      // turn-end carries the turn's usage since h3-full-stream
      { type: 'turn-end', status: 'completed', reason: 'awaiting-approval', usage: expect.objectContaining({ inputTokens: 10, outputTokens: 5, totalTokens: 15 }) },
    ]);

    const broken = setup({ approvalStore: { issue: () => Promise.reject(new Error('redis is down')), claim: () => ({ status: 'unknown' }) } });
    const { result, requests } = await broken.send([user('delete acme/old')], { toolCalls: [{ toolName: 'delete_repo', input: { repo: 'acme/old' }, toolCallId: 'del' }] }, { text: 'could not' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'error', output: 'delete_repo did not run: its approval request could not be recorded (redis is down).' });
    expect(result).toMatchObject({ reason: 'stop', text: 'could not' });
    expect(requests).toHaveLength(2);
    expect(broken.ran).toEqual([]);
  });
});
