import { hasToolCall, isStepCount, stepCountIs, tool, type ModelMessage, type StepResult, type StopCondition, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, InvalidOptionError } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';

/** Three steps that each call a tool, then text: without a stop condition the turn takes four requests. */
const threeCallSteps = [
  { toolCalls: [{ toolName: 'Read', input: { path: '/a' } }] },
  { toolCalls: [{ toolName: 'Bash', input: { command: 'ls' } }] },
  { toolCalls: [{ toolName: 'Read', input: { path: '/b' } }] },
  { text: 'all done' },
];

describe('stopWhen: ai StopConditions end a turn at a step boundary', () => {
  it("hasToolCall('Bash') as the runtime default ends the turn after the step that called Bash: completed, reason stop-condition, no further request", async () => {
    const log: ExecutionLog = [];
    const { tools } = sampleTools(log);
    const runtime = createToolSearchRuntime({ tools, stopWhen: hasToolCall('Bash') });
    const scripted = createScriptedModel({ steps: threeCallSteps });
    const turn = runtime.send({ model: scripted.model, prompt: 'look around' });
    const parts: string[] = [];
    for await (const part of turn.stream) if (part.type === 'turn-end') parts.push(`${part.status}/${part.reason}`);
    const result = await turn.result;
    expect(result.status).toBe('completed');
    expect(result.reason).toBe('stop-condition');
    expect(parts).toEqual(['completed/stop-condition']);
    expect(scripted.requests).toHaveLength(2);
    expect(result.steps).toHaveLength(2);
    // the stopping step's call ran and its result is in the transcript
    expect(log).toEqual([{ toolName: 'Read', input: { path: '/a' } }, { toolName: 'Bash', input: { command: 'ls' } }]);
    expect(result.steps[1]!.toolResults[0]).toMatchObject({ toolName: 'Bash', outcome: 'ok', output: 'ran ls' });
    expect(result.messages.at(-1)).toMatchObject({ role: 'tool' });
  });

  it('isStepCount(2) with maxSteps 10 stops after 2 steps (stepCountIs is the same function)', async () => {
    expect(stepCountIs).toBe(isStepCount);
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, maxSteps: 10 });
    const scripted = createScriptedModel({ steps: threeCallSteps });
    const result = await runtime.send({ model: scripted.model, prompt: 'look around', stopWhen: isStepCount(2) }).result;
    expect(result.reason).toBe('stop-condition');
    expect(result.steps.map((step) => step.stepIndex)).toEqual([0, 1]);
    expect(scripted.requests).toHaveLength(2);
  });

  it('a send\'s stopWhen overrides the runtime\'s; an array stops when any condition holds; without one the turn runs to the model\'s answer', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, stopWhen: hasToolCall('Bash') });
    const overridden = createScriptedModel({ steps: threeCallSteps });
    const result = await runtime.send({ model: overridden.model, prompt: 'go', stopWhen: isStepCount(1) }).result;
    expect(result.reason).toBe('stop-condition');
    expect(overridden.requests).toHaveLength(1);

    const either = createScriptedModel({ steps: threeCallSteps });
    const any = await runtime.send({ model: either.model, prompt: 'go', stopWhen: [isStepCount(3), hasToolCall('nothing_called')] }).result;
    expect(any.reason).toBe('stop-condition');
    expect(either.requests).toHaveLength(3);

    const plain = createScriptedModel({ steps: threeCallSteps });
    const none = await createToolSearchRuntime({ tools }).send({ model: plain.model, prompt: 'go' }).result;
    expect(none.reason).toBe('stop');
    expect(none.text).toBe('all done');
    expect(plain.requests).toHaveLength(4);
  });

  it('an async condition is awaited and receives { steps } in StepResult shape: toolCalls, toolResults, text, finishReason, usage', async () => {
    const { tools } = sampleTools();
    const seen: StepResult<ToolSet>[][] = [];
    const condition: StopCondition<ToolSet> = async ({ steps }) => {
      seen.push(steps);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return steps.at(-1)!.toolResults.some((result) => result.output === 'ran ls');
    };
    const scripted = createScriptedModel({
      steps: [
        { text: 'reading', toolCalls: [{ toolCallId: 'c1', toolName: 'Read', input: { path: '/a' } }, { toolCallId: 'c2', toolName: 'github_create_issue', input: {} }] },
        { toolCalls: [{ toolCallId: 'c3', toolName: 'Bash', input: { command: 'ls' } }] },
        { text: 'never' },
      ],
    });
    const result = await createToolSearchRuntime({ tools }).send({ model: scripted.model, prompt: 'go', stopWhen: condition }).result;
    expect(result.reason).toBe('stop-condition');
    expect(seen.map((steps) => steps.length)).toEqual([1, 2]);
    const [first, second] = seen[1]!;
    expect(first).toMatchObject({
      stepNumber: 0,
      text: 'reading',
      finishReason: 'tool-calls',
      usage: { inputTokens: 10, outputTokens: 5 },
      toolCalls: [
        { type: 'tool-call', toolCallId: 'c1', toolName: 'Read', input: { path: '/a' } },
        { type: 'tool-call', toolCallId: 'c2', toolName: 'github_create_issue', input: {} },
      ],
      // the hidden deferred tool was rejected: no tool result for it
      toolResults: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'Read', input: { path: '/a' }, output: 'contents of /a' }],
      dynamicToolCalls: [],
    });
    expect(second).toMatchObject({ stepNumber: 1, toolCalls: [{ toolName: 'Bash' }], toolResults: [{ toolName: 'Bash', output: 'ran ls' }] });
  });

  it('a condition that throws or rejects fails the turn with reason execution-error and a StopConditionError naming the step', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const throwing = await runtime.send({
      model: createScriptedModel({ steps: threeCallSteps }).model,
      prompt: 'go',
      stopWhen: () => {
        throw new Error('budget service down');
      },
    }).result;
    expect(throwing.status).toBe('failed');
    expect(throwing.reason).toBe('execution-error');
    expect(throwing.error).toMatchObject({ name: 'StopConditionError', code: 'stop-condition', message: 'stopWhen threw after step 0: budget service down' });
    // the step's call ran and its record is kept
    expect(throwing.steps[0]!.toolResults[0]).toMatchObject({ toolName: 'Read', outcome: 'ok' });

    const rejecting = await runtime.send({
      model: createScriptedModel({ steps: threeCallSteps }).model,
      prompt: 'go',
      stopWhen: [isStepCount(5), async ({ steps }) => (steps.length === 2 ? Promise.reject(new Error('late failure')) : false)],
    }).result;
    expect(rejecting.status).toBe('failed');
    expect(rejecting.error?.message).toBe('stopWhen threw after step 1: late failure');
  });

  it('a stopWhen that is not a condition is refused at construction and at send() with InvalidOptionError', () => {
    const { tools } = sampleTools();
    expect(() => createToolSearchRuntime({ tools, stopWhen: 3 as never })).toThrow(InvalidOptionError);
    expect(() => createToolSearchRuntime({ tools, stopWhen: 3 as never })).toThrow('stop condition');
    const runtime = createToolSearchRuntime({ tools });
    expect(() => runtime.send({ model: createScriptedModel({ steps: [] }).model, prompt: 'x', stopWhen: ['x'] as never })).toThrow(InvalidOptionError);
  });

  it("S16: a turn that answers an approval is asked its stopWhen after the model's steps only, as streamText runs approved calls before its first step: isStepCount(1) still gets the model's answer", async () => {
    const ran: string[] = [];
    const runtime = createToolSearchRuntime({
      tools: {
        delete_repo: tool({ description: 'Delete a repository.', inputSchema: z.object({ repo: z.string() }), needsApproval: true, execute: async () => (ran.push('delete_repo'), 'deleted') }),
        list_repos: tool({ description: 'List the repositories of an owner.', inputSchema: z.object({ owner: z.string() }), execute: async () => (ran.push('list_repos'), ['acme/app']) }),
      },
      direct: ['delete_repo', 'list_repos'],
    });
    const first = await runtime.send({ model: createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'delete_repo', input: { repo: 'old' }, toolCallId: 'del' }] }] }).model, prompt: 'delete old' }).result;
    const approvalId = (first.messages.at(-1)!.content as { type: string; approvalId?: string }[]).find((part) => part.type === 'tool-approval-request')!.approvalId!;
    const seen: number[][] = [];
    const countingOne: StopCondition<ToolSet> = (options) => (seen.push(options.steps.map((step) => step.stepNumber)), isStepCount(1)(options));
    const scripted = createScriptedModel({ steps: [{ text: 'Deleted; what is left:', toolCalls: [{ toolName: 'list_repos', input: { owner: 'acme' } }] }, { text: 'never asked' }] });
    const messages: ModelMessage[] = [...first.messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId, approved: true }] }];
    const result = await runtime.send({ model: scripted.model, messages, stopWhen: [countingOne, hasToolCall('delete_repo')] }).result;

    expect(ran).toEqual(['delete_repo', 'list_repos']);
    expect(scripted.requests).toHaveLength(1);
    expect(result).toMatchObject({ status: 'completed', reason: 'stop-condition', text: 'Deleted; what is left:' });
    expect(result.steps.map((step) => step.finishReason)).toEqual(['answers', 'tool-calls']);
    // asked once, after the model's step (index 1); the answering step is not one of its steps
    expect(seen).toEqual([[1]]);
  });
});
