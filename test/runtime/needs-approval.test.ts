import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXEC_TOOL_NAME } from '../../src/code-mode/code-mode-options.js';
import { createToolSearchRuntime, type ApprovalRequest, type ToolApprover } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import type { ScriptedToolCall } from '../../src/testing/scripted-step.js';

// An AI SDK tool's `needsApproval` is the tool author's demand that a person approves the call:
// the runtime honours it after the permission check, for every kind of tool (C4).

type Log = { toolName: string; input: unknown }[];

/** `delete_repo` always needs approval; `transfer_funds` above 1,000 USD; `list_repos` never. */
function repoTools(log: Log, needsApprovalCalls: { input: unknown; toolCallId: string; messages: unknown }[] = []): ToolSet {
  const ran = (toolName: string) => async (input: unknown) => {
    log.push({ toolName, input });
    return `${toolName} done`;
  };
  return {
    delete_repo: tool({ description: 'Delete a GitHub repository for good.', inputSchema: z.object({ repo: z.string() }), needsApproval: true, execute: ran('delete_repo') }),
    transfer_funds: tool({
      description: 'Transfer money to an account.',
      inputSchema: z.object({ to: z.string(), amountUsd: z.number() }),
      needsApproval: async (input, { toolCallId, messages }) => {
        needsApprovalCalls.push({ input, toolCallId, messages });
        return input.amountUsd > 1_000;
      },
      execute: ran('transfer_funds'),
    }),
    list_repos: tool({ description: 'List the repositories of an owner.', inputSchema: z.object({ owner: z.string() }), execute: ran('list_repos') }),
  };
}

const DIRECT = ['delete_repo', 'transfer_funds', 'list_repos'];
const call = (toolName: string, input: unknown, toolCallId: string): ScriptedToolCall => ({ toolName, input, toolCallId });
const oneStep = (...toolCalls: ScriptedToolCall[]) => createScriptedModel({ steps: [{ toolCalls }, { text: 'done' }] });

/** Allows every call but those for `prod`, recording what it was asked. */
function recordingApprover(asked: ApprovalRequest[]): ToolApprover {
  return async (request) => {
    asked.push(request);
    return JSON.stringify(request.input).includes('prod') ? { type: 'deny', reason: 'prod stays' } : { type: 'allow' };
  };
}

/** The entries as sorted JSON: what ran, whatever order parallel calls finished in. */
const inAnyOrder = (entries: Log) => entries.map((entry) => JSON.stringify(entry)).sort();

const summary = (request: ApprovalRequest) => ({ toolName: request.toolName, toolCallId: request.toolCallId, reason: request.reason, origin: request.origin });

describe('needsApproval: the tool asks for approval (C4)', () => {
  it('needsApproval: true sends the call to the approver with a reason; an allowed call runs, a denied one does not', async () => {
    const log: Log = [];
    const asked: ApprovalRequest[] = [];
    const runtime = createToolSearchRuntime({ tools: repoTools(log), direct: DIRECT, approver: recordingApprover(asked) });
    const result = await runtime.send({ model: oneStep(call('delete_repo', { repo: 'acme/scratch' }, 'a'), call('delete_repo', { repo: 'acme/prod' }, 'b'), call('list_repos', { owner: 'acme' }, 'c')).model, prompt: 'clean up' }).result;

    expect(asked.map(summary)).toEqual([
      { toolName: 'delete_repo', toolCallId: 'a', reason: 'delete_repo requires approval: its needsApproval is true', origin: 'direct' },
      { toolName: 'delete_repo', toolCallId: 'b', reason: 'delete_repo requires approval: its needsApproval is true', origin: 'direct' },
    ]);
    expect(asked[0]!.input).toEqual({ repo: 'acme/scratch' });
    // the calls of a step run in parallel: a call that waits for approval may finish after another
    expect(inAnyOrder(log)).toEqual(inAnyOrder([
      { toolName: 'delete_repo', input: { repo: 'acme/scratch' } },
      { toolName: 'list_repos', input: { owner: 'acme' } },
    ]));
    expect(result.steps[0]!.toolResults.map(({ outcome, output }) => ({ outcome, output }))).toEqual([
      { outcome: 'ok', output: 'delete_repo done' },
      { outcome: 'denied', output: 'Permission denied for delete_repo: the approver denied it: prod stays' },
      { outcome: 'ok', output: 'list_repos done' },
    ]);
  });

  it('without an approver a call that needs approval ends the turn awaiting a person’s approval (C27): it does not run, the model is not asked again', async () => {
    const log: Log = [];
    const runtime = createToolSearchRuntime({ tools: repoTools(log), direct: DIRECT });
    const scripted = oneStep(call('delete_repo', { repo: 'acme/scratch' }, 'a'), call('list_repos', { owner: 'acme' }, 'b'));
    const result = await runtime.send({ model: scripted.model, prompt: 'clean up' }).result;

    expect(log).toEqual([{ toolName: 'list_repos', input: { owner: 'acme' } }]);
    expect(result.steps[0]!.toolResults[0]).toMatchObject({
      outcome: 'awaiting-approval',
      output: "delete_repo awaits a person's approval (delete_repo requires approval: its needsApproval is true)",
      approvalRequest: { approvalId: `approval:${result.turnId}:0:a`, reason: 'delete_repo requires approval: its needsApproval is true' },
    });
    expect(result.steps[0]!.toolResults[0]!.operationId).toBeUndefined();
    expect(scripted.requests).toHaveLength(1);
    expect(result).toMatchObject({ status: 'completed', reason: 'awaiting-approval' });
  });

  it('the approver of a call that needs approval has timeout.approvalMs, like any ask: then the call is denied and the approver’s signal fires', async () => {
    const log: Log = [];
    const signals: AbortSignal[] = [];
    const runtime = createToolSearchRuntime({
      tools: repoTools(log),
      direct: DIRECT,
      timeout: { approvalMs: 30 },
      approver: ({ abortSignal }) => {
        signals.push(abortSignal);
        return new Promise(() => undefined);
      },
    });
    const result = await runtime.send({ model: oneStep(call('delete_repo', { repo: 'acme/old' }, 'a')).model, prompt: 'go' }).result;

    expect(result.steps[0]!.toolResults[0]).toMatchObject({
      outcome: 'denied',
      output: 'Permission denied for delete_repo: the call needs approval (delete_repo requires approval: its needsApproval is true) and none came within 30 ms',
    });
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    expect(log).toEqual([]);
  });

  it('the function form decides per input: it gets a copy of the validated input, the call id and the messages; true asks, false runs without asking', async () => {
    const log: Log = [];
    const decided: { input: unknown; toolCallId: string; messages: unknown }[] = [];
    const asked: ApprovalRequest[] = [];
    const runtime = createToolSearchRuntime({ tools: repoTools(log, decided), direct: DIRECT, approver: recordingApprover(asked) });
    const small = { to: 'acme-ops', amountUsd: 50 };
    const large = { to: 'acme-ops', amountUsd: 5_000 };
    await runtime.send({ model: oneStep(call('transfer_funds', small, 'small'), call('transfer_funds', large, 'large')).model, prompt: 'pay' }).result;

    expect(decided.map(({ input, toolCallId }) => ({ input, toolCallId }))).toEqual([
      { input: small, toolCallId: 'small' },
      { input: large, toolCallId: 'large' },
    ]);
    expect(decided[0]!.messages).toEqual([{ role: 'user', content: 'pay' }]);
    expect(asked.map(summary)).toEqual([
      { toolName: 'transfer_funds', toolCallId: 'large', reason: 'transfer_funds requires approval for this input: its needsApproval returned true', origin: 'direct' },
    ]);
    expect(log).toEqual([
      { toolName: 'transfer_funds', input: small },
      { toolName: 'transfer_funds', input: large },
    ]);
  });

  it('with a permission check: allow does not skip needsApproval, deny wins before it is asked, an ask the approver allowed is not asked twice', async () => {
    const outcomes = async (answer: 'allow' | 'deny' | 'ask') => {
      const log: Log = [];
      const decided: { input: unknown; toolCallId: string; messages: unknown }[] = [];
      const asked: ApprovalRequest[] = [];
      const runtime = createToolSearchRuntime({
        tools: repoTools(log, decided),
        direct: DIRECT,
        permission: () => (answer === 'deny' ? { type: 'deny', reason: 'read-only session' } : answer === 'ask' ? { type: 'ask', reason: 'policy: ask for everything' } : { type: 'allow' }),
        approver: recordingApprover(asked),
      });
      const result = await runtime.send({ model: oneStep(call('delete_repo', { repo: 'acme/old' }, 'a'), call('transfer_funds', { to: 'x', amountUsd: 9_000 }, 'b')).model, prompt: 'go' }).result;
      return { asked: asked.map((request) => [request.toolCallId, request.reason]), decided: decided.length, ran: log.map((entry) => entry.toolName), results: result.steps[0]!.toolResults.map((entry) => entry.outcome) };
    };

    expect(await outcomes('allow')).toEqual({
      asked: [
        ['a', 'delete_repo requires approval: its needsApproval is true'],
        ['b', 'transfer_funds requires approval for this input: its needsApproval returned true'],
      ],
      decided: 1,
      ran: ['delete_repo', 'transfer_funds'],
      results: ['ok', 'ok'],
    });
    expect(await outcomes('deny')).toEqual({ asked: [], decided: 0, ran: [], results: ['denied', 'denied'] });
    expect(await outcomes('ask')).toEqual({
      asked: [
        ['a', 'policy: ask for everything'],
        ['b', 'policy: ask for everything'],
      ],
      decided: 0,
      ran: ['delete_repo', 'transfer_funds'],
      results: ['ok', 'ok'],
    });
  });

  it('a needsApproval function that throws, rejects with a value that is not an Error, or never answers denies with a readable message; the turn goes on', async () => {
    const log: Log = [];
    const asked: ApprovalRequest[] = [];
    const guarded = (needsApproval: (input: { id: string }) => boolean | Promise<boolean>) =>
      tool({
        description: 'A guarded tool.',
        inputSchema: z.object({ id: z.string() }),
        needsApproval,
        execute: async (input) => {
          log.push({ toolName: 'guarded', input });
          return 'ran';
        },
      });
    const runtime = createToolSearchRuntime({
      tools: {
        throws: guarded(() => {
          throw new Error('the quota service is down');
        }),
        rejects: guarded(() => Promise.reject(Object.create(null) as unknown)),
        hangs: guarded(() => new Promise<boolean>(() => undefined)),
      },
      direct: ['throws', 'rejects', 'hangs'],
      timeout: { perToolMs: { hangs: 30 } },
      approver: recordingApprover(asked),
    });
    const result = await runtime.send({ model: oneStep(call('throws', { id: '1' }, 'a'), call('rejects', { id: '2' }, 'b'), call('hangs', { id: '3' }, 'c')).model, prompt: 'go' }).result;

    expect(result).toMatchObject({ status: 'completed', text: 'done' });
    expect(result.steps[0]!.toolResults.map(({ outcome, output }) => ({ outcome, output }))).toEqual([
      { outcome: 'denied', output: "Permission denied for throws: throws's needsApproval failed: the quota service is down, so the call did not run" },
      { outcome: 'denied', output: "Permission denied for rejects: rejects's needsApproval failed: an object with no message ({}), so the call did not run" },
      { outcome: 'denied', output: "Permission denied for hangs: hangs's needsApproval did not answer within 30 ms, so the call did not run" },
    ]);
    expect(log).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe('needsApproval across the kinds of tools (C4)', () => {
  it('a discovered tool and a client tool that need approval go to the approver like a direct one', async () => {
    const log: Log = [];
    const asked: ApprovalRequest[] = [];
    const runtime = createToolSearchRuntime({ tools: repoTools(log), approver: recordingApprover(asked) });
    const clientTools: ToolSet = {
      ui_wipe_canvas: tool({
        description: 'Erase everything drawn on the canvas the user sees.',
        inputSchema: z.object({ canvas: z.string() }),
        needsApproval: (input) => input.canvas !== 'scratch',
        execute: async (input) => {
          log.push({ toolName: 'ui_wipe_canvas', input });
          return 'wiped';
        },
      }),
    };
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [call('tool_search', { query: 'delete_repo', limit: 1 }, 's1'), call('tool_search', { query: 'ui_wipe_canvas', limit: 1 }, 's2')] },
        { toolCalls: [call('delete_repo', { repo: 'acme/prod' }, 'a'), call('ui_wipe_canvas', { canvas: 'board' }, 'b'), call('ui_wipe_canvas', { canvas: 'scratch' }, 'c')] },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'wipe', clientTools, clientId: 'ui' }).result;

    expect(result.activated).toEqual(expect.arrayContaining(['delete_repo', 'ui_wipe_canvas']));
    expect(asked.map(summary)).toEqual([
      { toolName: 'delete_repo', toolCallId: 'a', reason: 'delete_repo requires approval: its needsApproval is true', origin: 'discovered' },
      { toolName: 'ui_wipe_canvas', toolCallId: 'b', reason: 'ui_wipe_canvas requires approval for this input: its needsApproval returned true', origin: 'discovered' },
    ]);
    expect(result.steps[1]!.toolResults.map((entry) => entry.outcome)).toEqual(['denied', 'ok', 'ok']);
    expect(inAnyOrder(log)).toEqual(inAnyOrder([
      { toolName: 'ui_wipe_canvas', input: { canvas: 'board' } },
      { toolName: 'ui_wipe_canvas', input: { canvas: 'scratch' } },
    ]));
  });

  it('a nested call from exec (code mode) that needs approval goes to the approver; without one it is denied inside the code', async () => {
    const run = async (approver: ToolApprover | undefined) => {
      const log: Log = [];
      const runtime = createToolSearchRuntime({ tools: repoTools(log), direct: DIRECT, toolMode: 'code', ...(approver === undefined ? {} : { approver }) });
      const code = 'try { return await tools.delete_repo({ repo: "acme/old" }); } catch (error) { return error.message; }';
      const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code }, toolCallId: 'code' }] }, { text: 'done' }] });
      const result = await runtime.send({ model: scripted.model, prompt: 'delete acme/old' }).result;
      return { log, output: result.steps[0]!.toolResults[0]!.output };
    };
    const asked: ApprovalRequest[] = [];

    const approved = await run(recordingApprover(asked));
    expect(asked.map(summary)).toEqual([{ toolName: 'delete_repo', toolCallId: 'code/1', reason: 'delete_repo requires approval: its needsApproval is true', origin: 'direct' }]);
    expect(approved.log).toEqual([{ toolName: 'delete_repo', input: { repo: 'acme/old' } }]);
    expect(approved.output).toMatchObject({ result: 'delete_repo done' });

    const unapproved = await run(undefined);
    expect(unapproved.log).toEqual([]);
    expect(unapproved.output).toMatchObject({ result: expect.stringContaining('Permission denied for delete_repo: delete_repo requires approval: its needsApproval is true, and no approver is configured') });
  });
  it('a needsApproval answer that is truthy but not a boolean asks, and the reason says what it returned', async () => {
    const log: Log = [];
    const asked: ApprovalRequest[] = [];
    const tools: ToolSet = {
      wipe: tool({ description: 'Wipe a disk.', inputSchema: z.object({ disk: z.string() }), needsApproval: (async () => 'yes') as never, execute: async () => { log.push({ toolName: 'wipe', input: {} }); return 'wiped'; } }),
      purge: tool({ description: 'Purge a cache.', inputSchema: z.object({ cache: z.string() }), needsApproval: (() => Symbol('ask')) as never, execute: async () => 'purged' }),
      keep: tool({ description: 'Keep a file.', inputSchema: z.object({ file: z.string() }), needsApproval: (() => 0) as never, execute: async () => 'kept' }),
    };
    const runtime = createToolSearchRuntime({ tools, direct: ['wipe', 'purge', 'keep'], approver: recordingApprover(asked) });
    const result = await runtime.send({ model: oneStep(call('wipe', { disk: 'sda' }, 'a'), call('purge', { cache: 'img' }, 'b'), call('keep', { file: 'x' }, 'c')).model, prompt: 'tidy' }).result;

    expect(asked.map(summary).sort((x, y) => x.toolCallId.localeCompare(y.toolCallId))).toEqual([
      { toolName: 'wipe', toolCallId: 'a', reason: 'wipe requires approval for this input: its needsApproval returned yes (not a boolean; a truthy answer asks)', origin: 'direct' },
      { toolName: 'purge', toolCallId: 'b', reason: 'purge requires approval for this input: its needsApproval returned a symbol (not a boolean; a truthy answer asks)', origin: 'direct' },
    ]);
    expect(log).toEqual([{ toolName: 'wipe', input: {} }]);
    expect(result.steps[0]!.toolResults.map((entry) => [entry.toolCallId, entry.outcome])).toEqual([['a', 'ok'], ['b', 'ok'], ['c', 'ok']]);
  });
});
