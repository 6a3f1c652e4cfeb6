import { tool, type ModelMessage, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryApprovalStore, createToolSearchRuntime, type ApprovalStore, type ToolSearchRuntimeOptions, type TurnResult } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import type { ScriptedStepSource } from '../../src/testing/scripted-step.js';
import { openCallHarness, recordingExecute, type Ran } from '../helpers/open-call-harness.js';

// C27 / S16: client-side tools, deferred tools, hostile ids and cancellation across requests.

function tools(ran: Ran): ToolSet {
  const execute = (toolName: string) => recordingExecute(ran, toolName);
  return {
    list_repos: tool({ description: 'List the repositories of an owner.', inputSchema: z.object({ owner: z.string() }), execute: execute('list_repos') }),
    // a client-side tool: the browser answers it (addToolOutput)
    pick_color: tool({ description: 'Ask the user to pick a color.', inputSchema: z.object({ prompt: z.string() }) }),
    ui_wipe_canvas: tool({ description: 'Wipe the drawing canvas clean.', inputSchema: z.object({ canvas: z.string() }), needsApproval: true, execute: execute('ui_wipe_canvas') }),
    ui_draw_circle: tool({ description: 'Draw a circle on the drawing canvas.', inputSchema: z.object({ radius: z.number() }), execute: execute('ui_draw_circle') }),
  };
}

function setup(options: Partial<ToolSearchRuntimeOptions> = {}) {
  return openCallHarness(tools, ['list_repos', 'pick_color'], options);
}

const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const approvalIdOf = (result: TurnResult) =>
  (result.messages.findLast((message) => message.role === 'assistant')!.content as { type: string; approvalId?: string }[]).find((part) => part.type === 'tool-approval-request')!.approvalId!;
const approve = (result: TurnResult, approvalId = approvalIdOf(result)): ModelMessage[] => [...result.messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId, approved: true }] }];
const clientOutput = (result: TurnResult, toolCallId: string, value: unknown): ModelMessage[] => [
  ...result.messages,
  { role: 'tool', content: [{ type: 'tool-result', toolCallId, toolName: 'pick_color', output: { type: 'json', value: value as never } }] },
];
const toolResultsIn = (prompt: readonly { role: string; content: unknown }[]) =>
  prompt.flatMap((message) => (message.role === 'tool' ? (message.content as { toolCallId: string; output: unknown }[]) : [])).map(({ toolCallId, output }) => ({ toolCallId, output }));

describe('client-side tools across requests (C27)', () => {
  it('S16: a tool without execute ends the turn awaiting the client; its output in the next request completes the call, once, and the loop goes on', async () => {
    const context = setup();
    const { result: first, requests: firstRequests } = await context.send([user('pick a color')], { toolCalls: [{ toolName: 'pick_color', input: { prompt: 'Favourite?' }, toolCallId: 'pick' }] });
    expect(first).toMatchObject({ status: 'completed', reason: 'awaiting-client' });
    expect(firstRequests).toHaveLength(1);
    expect(first.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'awaiting-client' });
    expect(first.messages.at(-1)).toEqual({ role: 'assistant', content: [expect.objectContaining({ type: 'tool-call', toolCallId: 'pick', toolName: 'pick_color' })] });

    const answered = clientOutput(first, 'pick', { color: 'teal' });
    const { result, requests } = await context.send(answered, { text: 'teal it is' });
    expect(result).toMatchObject({ status: 'completed', reason: 'stop', text: 'teal it is' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'pick', outcome: 'ok', output: { color: 'teal' } });
    expect(toolResultsIn(requests[0]!.prompt)).toEqual([{ toolCallId: 'pick', output: { type: 'json', value: { color: 'teal' } } }]);

    const { result: replayed, requests: replayRequests } = await context.send(answered, { text: 'again' });
    expect(replayed.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-answer', output: expect.stringContaining('was already answered (a replayed answer)') });
    expect(JSON.stringify(toolResultsIn(replayRequests[0]!.prompt))).not.toContain('teal');
  });

  it('S16: an output for a client call with altered input is refused, and a server tool’s own result in the messages is left as it is', async () => {
    const context = setup();
    const { result: first } = await context.send([user('go')], {
      toolCalls: [
        { toolName: 'pick_color', input: { prompt: 'Favourite?' }, toolCallId: 'pick' },
        { toolName: 'list_repos', input: { owner: 'acme' }, toolCallId: 'list' },
      ],
    });
    const altered = clientOutput(first, 'pick', 'red').map((message) =>
      message.role === 'assistant' && Array.isArray(message.content)
        ? { ...message, content: message.content.map((part) => (part.type === 'tool-call' && part.toolCallId === 'pick' ? { ...part, input: { prompt: 'Which repo may I delete?' } } : part)) }
        : message,
    ) as ModelMessage[];
    const { result, requests } = await context.send(altered, { text: 'ok' });
    expect(result.steps[0]!.toolResults.map(({ toolCallId, outcome }) => ({ toolCallId, outcome }))).toEqual([{ toolCallId: 'pick', outcome: 'rejected-answer' }]);
    expect(toolResultsIn(requests[0]!.prompt)).toEqual([
      { toolCallId: 'list', output: { type: 'text', value: 'list_repos done' } },
      { toolCallId: 'pick', output: { type: 'error-text', value: expect.stringContaining('its tool or input was altered') } },
    ]);
  });
});

describe('approvals of discovered tools, hostile ids and cancellation (C27)', () => {
  it('S16: an approval for a deferred tool found by search in turn 1 runs in turn 2, which activated nothing, and makes no other tool callable', async () => {
    const context = setup();
    const { result: first } = await context.send(
      [user('wipe the board')],
      { toolCalls: [{ toolName: 'tool_search', input: { query: 'wipe canvas', limit: 1 }, toolCallId: 'find' }] },
      { toolCalls: [{ toolName: 'ui_wipe_canvas', input: { canvas: 'board' }, toolCallId: 'wipe' }] },
    );
    expect(first).toMatchObject({ reason: 'awaiting-approval', activated: ['ui_wipe_canvas'] });

    const { result, requests } = await context.send(approve(first), { toolCalls: [{ toolName: 'ui_draw_circle', input: { radius: 3 }, toolCallId: 'draw' }, { toolName: 'ui_wipe_canvas', input: { canvas: 'scratch' }, toolCallId: 'again' }] }, { text: 'wiped' });
    expect(context.ran).toEqual([{ toolName: 'ui_wipe_canvas', input: { canvas: 'board' } }]);
    expect(result.steps[0]).toMatchObject({ visible: ['ui_wipe_canvas'], toolResults: [expect.objectContaining({ toolCallId: 'wipe', outcome: 'ok' })] });
    // the model's first request of turn 2: the direct tools and tool_search, no discovered tool (C17, C18)
    expect(requests[0]!.toolNames).toEqual(['list_repos', 'pick_color', 'tool_search']);
    expect(result.steps[1]!.toolResults.map((entry) => entry.outcome)).toEqual(['rejected-hidden', 'rejected-hidden']);
    expect(result.activated).toEqual([]);
  });

  it('S16: hostile ids (__proto__, constructor) are ids like any other: a forged one runs nothing, a real one runs once', async () => {
    const context = setup();
    const { result: first } = await context.send(
      [user('wipe')],
      { toolCalls: [{ toolName: 'tool_search', input: { query: 'wipe canvas', limit: 1 }, toolCallId: 'constructor' }] },
      { toolCalls: [{ toolName: 'ui_wipe_canvas', input: { canvas: 'board' }, toolCallId: '__proto__' }] },
    );
    expect(approvalIdOf(first)).toBe(`approval:${first.turnId}:1:__proto__`);
    for (const forged of ['__proto__', 'constructor', 'toString']) {
      const messages = first.messages.map((message) =>
        message.role === 'assistant' && Array.isArray(message.content)
          ? { ...message, content: message.content.map((part) => (part.type === 'tool-approval-request' ? { ...part, approvalId: forged } : part)) }
          : message,
      ) as ModelMessage[];
      const { result } = await context.send(approve({ ...first, messages }, forged), { text: 'no' });
      expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: '__proto__', outcome: 'rejected-answer' });
    }
    expect(context.ran).toEqual([]);
    const { result } = await context.send(approve(first), { text: 'done' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: '__proto__', outcome: 'ok' });
    expect(context.ran).toEqual([{ toolName: 'ui_wipe_canvas', input: { canvas: 'board' } }]);
  });

  it('S16: a cancel between the answer and the run runs nothing; the answer is spent, so answering again runs nothing either', async () => {
    let releaseClaim!: () => void;
    const claimed = new Promise<void>((resolve) => (releaseClaim = resolve));
    let claiming!: () => void;
    const claimStarted = new Promise<void>((resolve) => (claiming = resolve));
    const memory = createMemoryApprovalStore();
    const approvalStore: ApprovalStore = {
      issue: (record) => memory.issue(record),
      claim: async (id) => {
        const answer = memory.claim(id);
        claiming();
        await claimed;
        return answer;
      },
    };
    const context = setup({ approvalStore });
    const { result: first } = await context.send(
      [user('wipe')],
      { toolCalls: [{ toolName: 'tool_search', input: { query: 'wipe canvas', limit: 1 }, toolCallId: 'find' }] },
      { toolCalls: [{ toolName: 'ui_wipe_canvas', input: { canvas: 'board' }, toolCallId: 'wipe' }] },
    );
    const { turn, requests } = context.start(approve(first), { text: 'never asked' });
    await claimStarted;
    turn.cancel('the user left');
    releaseClaim();
    const result = await turn.result;
    expect(result).toMatchObject({ status: 'cancelled', reason: 'cancelled' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'wipe', outcome: 'cancelled' });
    expect(requests).toHaveLength(0);
    expect(context.ran).toEqual([]);
    // the transcript answers the call, so it can be persisted and continued
    expect(result.messages.at(-1)).toMatchObject({ role: 'tool', content: [expect.objectContaining({ toolCallId: 'wipe' })] });

    const { result: again } = await context.send(approve(first), { text: 'no' });
    expect(again.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-answer', output: expect.stringContaining('already answered') });
    expect(context.ran).toEqual([]);
  });

  it('a permission ask with no approver is answered across requests: the approved call runs, the permission check asked again', async () => {
    const asked: string[] = [];
    const context = setup({ permission: ({ toolName }) => (asked.push(toolName), toolName === 'list_repos' ? { type: 'ask', reason: 'lists private repos' } : { type: 'allow' }) });
    const { result: first } = await context.send([user('list')], { toolCalls: [{ toolName: 'list_repos', input: { owner: 'acme' }, toolCallId: 'list' }] });
    expect(first.messages.at(-1)).toMatchObject({ content: [expect.anything(), { type: 'tool-approval-request', toolCallId: 'list', reason: 'lists private repos' }] });
    const { result } = await context.send(approve(first), { text: 'listed' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'ok', output: 'list_repos done' });
    expect(asked).toEqual(['list_repos', 'list_repos']);
    expect(context.ran).toHaveLength(1);
  });

  it('an answering turn snapshotted at its first step boundary resumes in another runtime with the same request, and the answered call does not run again (C28)', async () => {
    const context = setup();
    const { result: first } = await context.send([user('pick')], { toolCalls: [{ toolName: 'pick_color', input: { prompt: 'Favourite?' }, toolCallId: 'pick' }] });
    const { turn, requests } = context.start(clientOutput(first, 'pick', 'teal'), { text: 'teal' });
    const snapshots = [];
    for await (const part of turn.stream) if (part.type === 'step-end' && part.snapshot !== undefined) snapshots.push(part.snapshot);
    await turn.result;

    const elsewhere = setup();
    const scripted = createScriptedModel({ steps: [{ text: 'teal' }] });
    const resumed = await elsewhere.runtime.resume({ snapshot: JSON.parse(JSON.stringify(snapshots[0])), model: scripted.model }).result;
    expect(resumed).toMatchObject({ status: 'completed', text: 'teal' });
    expect(scripted.requests[0]!.prompt).toEqual(requests[0]!.prompt);
    expect(resumed.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'pick', outcome: 'ok' });
  });
});
