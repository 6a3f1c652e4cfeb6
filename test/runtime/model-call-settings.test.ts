import { smoothStream, type StreamTextTransform, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';

const shout: StreamTextTransform<ToolSet> = () =>
  new TransformStream({
    transform(part, controller) {
      controller.enqueue(part.type === 'text-delta' ? { ...part, text: part.text.toUpperCase() } : part);
    },
  });

describe('AI SDK stream settings on a turn', () => {
  it('experimental_transform: the runtime default applies to every step, a send overrides it (smoothStream splits the text into words)', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, experimental_transform: shout });
    const first = await runtime.send({ model: createScriptedModel({ steps: [{ text: 'hello there' }] }).model, prompt: 'go' }).result;
    expect(first.text).toBe('HELLO THERE');

    const turn = runtime.send({ model: createScriptedModel({ steps: [{ text: 'one two three' }] }).model, prompt: 'go', experimental_transform: smoothStream({ chunking: 'word', delayInMs: null }) });
    const deltas: string[] = [];
    for await (const part of turn.stream) if (part.type === 'text-delta') deltas.push(part.text);
    expect((await turn.result).text).toBe('one two three');
    expect(deltas).toEqual(['one ', 'two ', 'three']);
  });

  it('repairToolCall: a call whose input is not JSON is repaired by the runtime default and runs; without it the call is invalid input', async () => {
    const log: ExecutionLog = [];
    const { tools } = sampleTools(log);
    const malformed = { steps: [{ toolCalls: [{ toolName: 'Bash', input: '{"command": "ls"' }] }, { text: 'done' }] };
    const repaired = createToolSearchRuntime({
      tools,
      repairToolCall: async ({ toolCall }) => ({ ...toolCall, input: `${toolCall.input}}` }),
    });
    const result = await repaired.send({ model: createScriptedModel(malformed).model, prompt: 'list' }).result;
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolName: 'Bash', outcome: 'ok' });
    expect(log).toEqual([{ toolName: 'Bash', input: { command: 'ls' } }]);

    const plain = await createToolSearchRuntime({ tools }).send({ model: createScriptedModel(malformed).model, prompt: 'list' }).result;
    expect(plain.steps[0]!.toolResults[0]!.outcome).toBe('invalid-input');
    expect(log).toHaveLength(1);
  });

  it("repairToolCall: a send's experimental_repairToolCall (the older name) overrides the runtime's repairToolCall, as a send's setting overrides the runtime's", async () => {
    const log: ExecutionLog = [];
    const { tools } = sampleTools(log);
    const malformed = { steps: [{ toolCalls: [{ toolName: 'Bash', input: '{"command": "ls"' }] }, { text: 'done' }] };
    const asked: string[] = [];
    const runtime = createToolSearchRuntime({
      tools,
      repairToolCall: async () => (asked.push('runtime'), null),
    });
    const result = await runtime.send({
      model: createScriptedModel(malformed).model,
      prompt: 'list',
      experimental_repairToolCall: async ({ toolCall }) => (asked.push('send'), { ...toolCall, input: `${toolCall.input}}` }),
    }).result;
    expect(asked).toEqual(['send']);
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolName: 'Bash', outcome: 'ok' });
    expect(log).toEqual([{ toolName: 'Bash', input: { command: 'ls' } }]);
  });

  it("providerOptions: a send's entry is deep-merged over the runtime's, as ai's defaultSettingsMiddleware merges (mergeObjects): a provider's other options stay", async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, providerOptions: { openai: { store: false, include: ['reasoning.encrypted_content'], metadata: { team: 'a', app: 'x' } }, anthropic: { sendReasoning: true } } });
    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    const seen: unknown[] = [];
    const doStream = scripted.model.doStream.bind(scripted.model);
    scripted.model.doStream = (options) => (seen.push(options.providerOptions), doStream(options));
    await runtime.send({ model: scripted.model, prompt: 'go', providerOptions: { openai: { reasoningEffort: 'low', metadata: { team: 'b' }, include: [] } } }).result;
    expect(seen).toEqual([
      {
        openai: { store: false, include: [], metadata: { team: 'b', app: 'x' }, reasoningEffort: 'low' },
        anthropic: { sendReasoning: true },
      },
    ]);
  });
});
