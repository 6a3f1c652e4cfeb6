import { describe, expect, it } from 'vitest';
import type { ModelStepOutput } from '../../machines/turn-types.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import type { TurnStreamPart } from '../../src/runtime/turn-stream-part.js';
import { uniqueStepCallIds } from '../../src/runtime/unique-step-call-ids.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect, sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';

const step = (ids: readonly string[]) => ({
  responseMessages: [
    { role: 'assistant', content: [{ type: 'text', text: 'on it' }, ...ids.map((id, index) => ({ type: 'tool-call', toolCallId: id, toolName: 'Bash', input: { command: `c${index}` } }))] },
  ],
  toolCalls: ids.map((id, index) => ({ toolCallId: id, toolName: 'Bash', input: { command: `c${index}` } })),
  text: 'on it',
  finishReason: 'tool-calls',
  usage: undefined,
});

const partIds = (output: ReturnType<typeof step>) =>
  (output.responseMessages[0] as { content: { type: string; toolCallId?: string }[] }).content.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []));

describe('uniqueStepCallIds: the call ids of one step', () => {
  it('returns a step without repeats as it is', () => {
    const output = step(['a', 'b', 'c']);
    expect(uniqueStepCallIds(output)).toBe(output);
  });

  it('renames each repeat to <id>_dup<n> in the calls and in the assistant message alike, past ids the step already has, hostile names included', () => {
    const renamed = uniqueStepCallIds<ModelStepOutput>(step(['call_0', 'call_0', 'call_0_dup2', '__proto__', '__proto__', 'call_0']));
    const ids = ['call_0', 'call_0_dup3', 'call_0_dup2', '__proto__', '__proto___dup2', 'call_0_dup4'];
    expect(renamed.toolCalls.map((call) => call.toolCallId)).toEqual(ids);
    expect(renamed.toolCalls.map((call) => call.duplicateOf)).toEqual([undefined, 'call_0', undefined, undefined, '__proto__', 'call_0']);
    expect(partIds(renamed as ReturnType<typeof step>)).toEqual(ids);
    expect(renamed.toolCalls.map((call) => call.input)).toEqual(ids.map((_, index) => ({ command: `c${index}` })));
  });
});

describe('result.steps and result.messages: a call id repeated within one step', () => {
  it('the first call runs; the repeat is a tool error that did not run; the transcript pairs each call with one result and continues', async () => {
    const log: ExecutionLog = [];
    const { tools } = sampleTools(log);
    const records: TelemetryRecord[] = [];
    const runtime = createToolSearchRuntime({ tools, telemetry: callbackSink((record) => void records.push(record)) });
    const scripted = createScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'Bash', input: { command: 'git push' }, toolCallId: 'same' },
            { toolName: 'Bash', input: { command: 'git push --force' }, toolCallId: 'same' },
          ],
        },
        { text: 'pushed' },
      ],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'push' });
    const parts = await collect<TurnStreamPart>(turn.stream);
    const result = await turn.result;

    expect(log).toEqual([{ toolName: 'Bash', input: { command: 'git push' } }]);
    expect(result.steps[0]!.toolResults.map(({ toolCallId, outcome, output }) => ({ toolCallId, outcome, output }))).toEqual([
      { toolCallId: 'same', outcome: 'ok', output: 'ran git push' },
      {
        toolCallId: 'same_dup2',
        outcome: 'error',
        output: 'Bash did not run: duplicate tool call id "same" (an earlier call of this step has it; this call\'s result is under "same_dup2"). Call Bash again if you still need it.',
      },
    ]);
    expect(parts.filter((part) => part.type === 'tool-call').map((part) => part.type === 'tool-call' && [part.toolCallId, part.duplicateOf])).toEqual([
      ['same', undefined],
      ['same_dup2', 'same'],
    ]);
    // the repeat settles at once, without running, so its end record may come first
    const ends = records.filter((record) => record.type === 'tool.execution.end').map((record) => record.type === 'tool.execution.end' && [record.toolCallId, record.outcome]);
    expect(ends).toHaveLength(2);
    expect(ends).toEqual(expect.arrayContaining([
      ['same', 'ok'],
      ['same_dup2', 'error'],
    ]));

    // the step-1 request, and a next send() of result.messages, carry one result per call
    const toolParts = (messages: readonly { role: string; content: unknown }[], type: string) =>
      messages.flatMap((message) => (Array.isArray(message.content) ? (message.content as { type: string; toolCallId: string }[]).filter((part) => part.type === type).map((part) => part.toolCallId) : []));
    expect(toolParts(scripted.requests[1]!.prompt, 'tool-call')).toEqual(['same', 'same_dup2']);
    expect(toolParts(scripted.requests[1]!.prompt, 'tool-result')).toEqual(['same', 'same_dup2']);
    expect(toolParts(result.messages, 'tool-call')).toEqual(['same', 'same_dup2']);
    expect(toolParts(result.messages, 'tool-result')).toEqual(['same', 'same_dup2']);
    const next = await runtime.send({ model: createScriptedModel({ steps: [{ text: 'ok' }] }).model, messages: [...result.messages, { role: 'user', content: 'and now?' }] }).result;
    expect(next).toMatchObject({ status: 'completed', text: 'ok' });
  });
});
