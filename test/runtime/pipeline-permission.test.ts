import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, type ApprovalRequest, type PermissionCheck } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';

/** Asks for Bash (direct) and github_create_issue (discovered); allows the rest. */
const askForWrites: PermissionCheck = ({ toolName }) =>
  toolName === 'Bash' || toolName === 'github_create_issue' ? { type: 'ask', reason: `${toolName} changes things` } : { type: 'allow' };

const script = () =>
  createScriptedModel({
    steps: [
      { toolCalls: [{ toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }, { toolName: 'Bash', input: { command: 'make' } }] },
      { toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'x' } }] },
      { text: 'done' },
    ],
  });

describe('options.permission ask → options.approver (C4)', () => {
  it('the approver approves: a direct and a discovered call run, and the approver saw each with its origin and reason', async () => {
    const log: ExecutionLog = [];
    const { tools, groups } = sampleTools(log);
    const asked: ApprovalRequest[] = [];
    const runtime = createToolSearchRuntime({
      tools,
      groups,
      permission: askForWrites,
      approver: async (request) => {
        asked.push(request);
        return { type: 'allow' };
      },
    });
    const result = await runtime.send({ model: script().model, prompt: 'go' }).result;

    expect(asked.map(({ toolName, origin, reason, stepIndex }) => ({ toolName, origin, reason, stepIndex }))).toEqual([
      { toolName: 'Bash', origin: 'direct', reason: 'Bash changes things', stepIndex: 0 },
      { toolName: 'github_create_issue', origin: 'discovered', reason: 'github_create_issue changes things', stepIndex: 1 },
    ]);
    expect(log.map((entry) => entry.toolName)).toEqual(['Bash', 'github_create_issue']);
    expect(result.steps[1]!.toolResults[0]).toMatchObject({ outcome: 'ok', output: { number: 42, title: 'x' } });
  });

  it('the approver denies: the call does not run and the model reads the reason', async () => {
    const log: ExecutionLog = [];
    const { tools, groups } = sampleTools(log);
    const runtime = createToolSearchRuntime({ tools, groups, permission: askForWrites, approver: async () => ({ type: 'deny', reason: 'not during the freeze' }) });
    const scripted = script();
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    expect(log).toEqual([]);
    expect(result.steps[0]!.toolResults[1]).toMatchObject({ outcome: 'denied', output: 'Permission denied for Bash: the approver denied it: not during the freeze' });
    expect(result.steps[1]!.toolResults[0]).toMatchObject({ outcome: 'denied', output: 'Permission denied for github_create_issue: the approver denied it: not during the freeze' });
    expect(result.steps[0]!.toolResults[1]!.operationId).toBeUndefined();
    expect(JSON.stringify(scripted.requests[1]!.prompt)).toContain('not during the freeze');
    expect(result.status).toBe('completed');
  });

  it('an approver that does not answer within timeout.approvalMs denies, and its signal fires', async () => {
    const log: ExecutionLog = [];
    const { tools, groups } = sampleTools(log);
    const signals: AbortSignal[] = [];
    const runtime = createToolSearchRuntime({
      tools,
      groups,
      permission: askForWrites,
      timeout: { approvalMs: 40 },
      approver: ({ abortSignal }) => {
        signals.push(abortSignal);
        return new Promise(() => undefined);
      },
    });
    const result = await runtime.send({ model: script().model, prompt: 'go' }).result;

    expect(log).toEqual([]);
    expect(result.steps[0]!.toolResults[1]).toMatchObject({
      outcome: 'denied',
      output: 'Permission denied for Bash: the call needs approval (Bash changes things) and none came within 40 ms',
    });
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
  });

  it('ask without an approver ends the turn awaiting a person’s approval, with the reason (C27)', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, permission: () => ({ type: 'ask', reason: 'reads outside the workspace' }) });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Read', input: { path: '/x' } }] }, { text: 'ok' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    expect(result.steps[0]!.toolResults[0]).toMatchObject({
      outcome: 'awaiting-approval',
      output: "Read awaits a person's approval (reads outside the workspace)",
      approvalRequest: { reason: 'reads outside the workspace' },
    });
    expect(result.reason).toBe('awaiting-approval');
    expect(scripted.requests).toHaveLength(1);
  });
});
