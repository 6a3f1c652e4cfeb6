import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, InvalidOptionError, type TurnSnapshot, type TurnStreamPart } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect, sampleTools } from '../helpers/sample-tools.js';

// issue 13 item 2: turn.stream carries every part streamText's fullStream carries, in order,
// with its step and attempt; a retried attempt's output is marked so a UI can drop it.

const SIGNED = { anthropic: { signature: 'sig-step-0' } };
const PNG = 'iVBORw0KGgo=';

/** A step that reasons (signed), cites two sources, makes a file, streams a Read call's input and calls it. */
const richStep: LanguageModelV4StreamPart[] = [
  { type: 'reasoning-start', id: 'r0' },
  { type: 'reasoning-delta', id: 'r0', delta: 'The user wants ' },
  { type: 'reasoning-delta', id: 'r0', delta: 'the README.' },
  { type: 'reasoning-delta', id: 'r0', delta: '', providerMetadata: SIGNED },
  { type: 'reasoning-end', id: 'r0' },
  { type: 'reasoning-file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
  { type: 'source', sourceType: 'url', id: 'src-1', url: 'https://example.com/readme', title: 'README' },
  { type: 'source', sourceType: 'document', id: 'src-2', mediaType: 'application/pdf', title: 'Manual' },
  { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
  { type: 'custom', kind: 'scripted.note', providerMetadata: { scripted: { note: 'kept' } } },
  { type: 'tool-input-start', id: 'call-read', toolName: 'Read' },
  { type: 'tool-input-delta', id: 'call-read', delta: '{"path":' },
  { type: 'tool-input-delta', id: 'call-read', delta: '"README.md"}' },
  { type: 'tool-input-end', id: 'call-read' },
];

const MODEL_OUTPUT = new Set(['text-start', 'text-delta', 'text-end', 'reasoning-start', 'reasoning-delta', 'reasoning-end', 'reasoning-file', 'source', 'file', 'tool-input-start', 'tool-input-delta', 'tool-input-end', 'custom', 'raw']);

function providerError(statusCode: number): APICallError {
  return new APICallError({ message: `HTTP ${statusCode}`, url: 'https://provider.test/v1', requestBodyValues: {}, statusCode, isRetryable: statusCode >= 500 });
}

/** A part without the fields the assertions do not fix (the file object is checked apart). */
function shapeOf(part: TurnStreamPart): unknown {
  if (part.type === 'file' || part.type === 'reasoning-file') return { type: part.type, stepIndex: part.stepIndex, attempt: part.attempt, mediaType: part.file.mediaType, base64: part.file.base64 };
  return part;
}

describe('the full stream', () => {
  it('every part the model streams reaches turn.stream in order with its fields, step and attempt: reasoning, reasoning files, sources, files, custom, tool input, text', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const scripted = createScriptedModel({
      steps: [{ parts: richStep, text: 'Reading it.', toolCalls: [{ toolName: 'Read', toolCallId: 'call-read', input: { path: 'README.md' } }] }, { text: 'done' }],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'show me the readme' });
    const parts = await collect(turn.stream);

    const at = { stepIndex: 0, attempt: 1 };
    expect(parts.filter((part) => MODEL_OUTPUT.has(part.type) && part.type !== 'text-start' && part.type !== 'text-delta' && part.type !== 'text-end' && 'stepIndex' in part && part.stepIndex === 0).map(shapeOf)).toEqual([
      { type: 'reasoning-start', id: 'r0', ...at },
      { type: 'reasoning-delta', id: 'r0', text: 'The user wants ', ...at },
      { type: 'reasoning-delta', id: 'r0', text: 'the README.', ...at },
      { type: 'reasoning-delta', id: 'r0', text: '', providerMetadata: SIGNED, ...at },
      { type: 'reasoning-end', id: 'r0', ...at },
      { type: 'reasoning-file', mediaType: 'image/png', base64: PNG, ...at },
      { type: 'source', sourceType: 'url', id: 'src-1', url: 'https://example.com/readme', title: 'README', ...at },
      { type: 'source', sourceType: 'document', id: 'src-2', mediaType: 'application/pdf', title: 'Manual', ...at },
      { type: 'file', mediaType: 'image/png', base64: PNG, ...at },
      { type: 'custom', kind: 'scripted.note', providerMetadata: { scripted: { note: 'kept' } }, ...at },
      { type: 'tool-input-start', id: 'call-read', toolName: 'Read', dynamic: false, ...at },
      { type: 'tool-input-delta', id: 'call-read', delta: '{"path":', ...at },
      { type: 'tool-input-delta', id: 'call-read', delta: '"README.md"}', ...at },
      { type: 'tool-input-end', id: 'call-read', ...at },
    ]);
    // the whole order of step 0: step-start, the model's parts, the call, its result, step-end
    const step0 = parts.filter((part) => 'stepIndex' in part && part.stepIndex === 0).map((part) => part.type);
    expect(step0).toEqual([
      'step-start',
      'reasoning-start', 'reasoning-delta', 'reasoning-delta', 'reasoning-delta', 'reasoning-end', 'reasoning-file',
      'source', 'source', 'file', 'custom',
      'tool-input-start', 'tool-input-delta', 'tool-input-delta', 'tool-input-end',
      'text-start', 'text-delta', 'text-end',
      'tool-call', 'tool-result', 'step-end',
    ]);
    expect(parts.find((part) => part.type === 'text-delta' && part.stepIndex === 0)).toEqual({ type: 'text-delta', id: 'text-0', text: 'Reading it.', ...at });
    expect(parts.find((part) => part.type === 'tool-call')).toMatchObject({ toolCallId: 'call-read', toolName: 'Read', input: { path: 'README.md' } });
    expect((await turn.result).text).toBe('done');
  });

  it('step-end carries the response usage, finish reasons and metadata; turn-end the summed usage, and the error of a failed turn', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, retry: { maxAttempts: 1 } });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Read', input: { path: 'a' } }] }, { text: 'done' }] });
    const parts = await collect(runtime.send({ model: scripted.model, prompt: 'go' }).stream);

    const ends = parts.filter((part) => part.type === 'step-end');
    expect(ends).toHaveLength(2);
    expect(ends[0]).toMatchObject({
      stepIndex: 0,
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_calls',
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
      response: { modelId: 'scripted' },
      warnings: [],
    });
    expect(ends[1]).toMatchObject({ stepIndex: 1, finishReason: 'stop', rawFinishReason: 'stop', usage: { inputTokens: 10, outputTokens: 5 } });
    expect(ends[0]!.type === 'step-end' && ends[0]!.performance?.effectiveOutputTokensPerSecond).toBeTypeOf('number');
    expect(parts.at(-1)).toEqual({ type: 'turn-end', status: 'completed', reason: 'stop', usage: expect.objectContaining({ inputTokens: 20, outputTokens: 10, totalTokens: 30 }) });

    const failing = createScriptedModel({ steps: [{ error: providerError(400) }] });
    const failed = await collect(runtime.send({ model: failing.model, prompt: 'go' }).stream);
    expect(failed.map((part) => part.type)).toEqual(['step-start', 'turn-end']);
    expect(failed.at(-1)).toMatchObject({ type: 'turn-end', status: 'failed', reason: 'model-error', error: { message: 'HTTP 400', isRetryable: false } });
  });

  it("a retried attempt's partial output carries its attempt, the retry part names that attempt, and dropping it leaves exactly the answer", async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, retry: { maxAttempts: 3, initialDelayMs: 1 } });
    const scripted = createScriptedModel({
      steps: [
        {
          parts: [
            { type: 'reasoning-start', id: 'r' },
            { type: 'reasoning-delta', id: 'r', delta: 'half a thought' },
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'Half an ans' },
            { type: 'tool-input-start', id: 'lost', toolName: 'Read' },
            { type: 'tool-input-delta', id: 'lost', delta: '{"pa' },
            { type: 'error', error: providerError(503) },
          ],
        },
        { text: 'The whole answer.' },
      ],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'go' });
    const parts = await collect(turn.stream);
    const result = await turn.result;

    expect(parts.map((part) => (part.type === 'turn-end' ? part.type : `${part.type}@${part.stepIndex}.${'attempt' in part ? part.attempt : '-'}`))).toEqual([
      'step-start@0.1',
      'reasoning-start@0.1', 'reasoning-delta@0.1', 'text-start@0.1', 'text-delta@0.1', 'tool-input-start@0.1', 'tool-input-delta@0.1',
      // the failed request sent no end parts: the turn closes each block it opened before the retry
      'reasoning-end@0.1', 'text-end@0.1', 'tool-input-end@0.1',
      'retry@0.1',
      'step-start@0.2',
      'text-start@0.2', 'text-delta@0.2', 'text-end@0.2',
      'step-end@0.-',
      'turn-end',
    ]);
    expect(parts.find((part) => part.type === 'retry')).toEqual({ type: 'retry', stepIndex: 0, attempt: 1, delayMs: 1, error: 'HTTP 503' });
    // a UI drops every part of an abandoned (stepIndex, attempt) and keeps the answer
    const abandoned = new Set(parts.flatMap((part) => (part.type === 'retry' ? [`${part.stepIndex}.${part.attempt}`] : [])));
    const shown = parts.flatMap((part) => (part.type === 'text-delta' && !abandoned.has(`${part.stepIndex}.${part.attempt}`) ? [part.text] : [])).join('');
    expect(shown).toBe(result.text);
    expect(result).toMatchObject({ status: 'completed', text: 'The whole answer.', steps: [{ stepIndex: 0, attempts: 2, text: 'The whole answer.', toolResults: [] }] });
    expect(parts.some((part) => part.type === 'tool-call')).toBe(false);
  });

  it('raw chunks only when asked: off by default, on with the runtime option, and a send overrides it either way', async () => {
    const { tools } = sampleTools();
    const rawStep = { parts: [{ type: 'raw', rawValue: { event: 'content_block_delta', n: 1 } }] satisfies LanguageModelV4StreamPart[], text: 'ok' };
    const rawParts = async (runtime: ReturnType<typeof createToolSearchRuntime>, includeRawChunks?: boolean) => {
      const scripted = createScriptedModel({ steps: [rawStep] });
      const parts = await collect(runtime.send({ model: scripted.model, prompt: 'go', ...(includeRawChunks === undefined ? {} : { includeRawChunks }) }).stream);
      return parts.filter((part) => part.type === 'raw');
    };
    const quiet = createToolSearchRuntime({ tools });
    const loud = createToolSearchRuntime({ tools, includeRawChunks: true });

    expect(await rawParts(quiet)).toEqual([]);
    expect(await rawParts(quiet, true)).toEqual([{ type: 'raw', rawValue: { event: 'content_block_delta', n: 1 }, stepIndex: 0, attempt: 1 }]);
    expect(await rawParts(loud)).toHaveLength(1);
    expect(await rawParts(loud, false)).toEqual([]);
    expect(() => createToolSearchRuntime({ tools, includeRawChunks: 'yes' as unknown as boolean })).toThrow(InvalidOptionError);
    expect(() => quiet.send({ model: createScriptedModel({ steps: [] }).model, prompt: 'go', includeRawChunks: 1 as unknown as boolean })).toThrow(/includeRawChunks.*true or false/s);
  });

  it("reasoning stays in the transcript with its signature: the next step's request, result.messages and a resumed snapshot replay it unchanged", async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const script = [
      { parts: richStep.slice(0, 5), toolCalls: [{ toolName: 'Read', toolCallId: 'call-read', input: { path: 'README.md' } }] },
      { text: 'done' },
    ];
    const scripted = createScriptedModel({ steps: script });
    const turn = runtime.send({ model: scripted.model, prompt: 'show me the readme' });
    let snapshot: TurnSnapshot | undefined;
    for await (const part of turn.stream) if (part.type === 'step-end' && part.snapshot !== undefined) snapshot ??= JSON.parse(JSON.stringify(part.snapshot)) as TurnSnapshot;
    const result = await turn.result;

    const reasoning = { type: 'reasoning', text: 'The user wants the README.', providerOptions: SIGNED };
    const assistantContent = (prompt: readonly { role: string; content: unknown }[]) =>
      prompt.filter((message) => message.role === 'assistant').flatMap((message) => message.content as { type: string }[]);
    expect(assistantContent(scripted.requests[1]!.prompt)[0]).toEqual(reasoning);
    expect(assistantContent(result.messages as { role: string; content: unknown }[])[0]).toEqual(reasoning);

    const resumedModel = createScriptedModel({ steps: script.slice(1) });
    const resumed = await createToolSearchRuntime({ tools }).resume({ snapshot: snapshot!, model: resumedModel.model }).result;
    expect(assistantContent(resumedModel.requests[0]!.prompt)[0]).toEqual(reasoning);
    expect(resumedModel.requests[0]!.prompt).toEqual(scripted.requests[1]!.prompt);
    expect(resumed.text).toBe('done');
  });
});
