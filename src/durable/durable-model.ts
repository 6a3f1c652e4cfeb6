import { describeThrown } from '../errors/describe-thrown.js';
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { DurableStepRunner } from './durable-step-runner.js';

/** What one journaled model call records: the step's whole response as plain JSON stream parts, or its failure. */
export type RecordedModelCall =
  | { readonly ok: true; readonly parts: readonly unknown[] }
  | { readonly ok: false; readonly error: { readonly name: string; readonly message: string; readonly isRetryable: boolean; readonly code?: string } };

/**
 * Wraps an AI SDK `LanguageModelV4` so each `doStream` call is one journaled step of `runner`
 * (named `model:<n>`, n counting this wrapper's calls from 0): the first execution reads the
 * provider's whole stream and records its parts as plain JSON (dates as ISO strings, errors as
 * `{ name, message }`); a re-execution replays the recorded parts without calling the
 * provider. A failed request is recorded too (name, message, `isRetryable`), and thrown again
 * as an error with those fields, so the turn machine retries it as C16 says, as a new step.
 * `beforeCall(n)` runs synchronously before each call is journaled (the durable turn saves the
 * snapshot of the boundary there). `doGenerate` is journaled the same way (`model:<n>`).
 * Text arrives once the step's response is recorded: live deltas are not streamed through it.
 */
export function durableModel(model: LanguageModelV4, runner: DurableStepRunner, beforeCall: (callIndex: number) => void = () => {}): LanguageModelV4 {
  let calls = 0;
  const record = async (callOptions: LanguageModelV4CallOptions): Promise<RecordedModelCall> => {
    try {
      const { stream } = await model.doStream(callOptions);
      const parts: unknown[] = [];
      const reader = stream.getReader();
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        parts.push(toJsonPart(next.value));
      }
      return { ok: true, parts };
    } catch (error) {
      return { ok: false, error: errorRecord(error) };
    }
  };
  const journaled = async (callOptions: LanguageModelV4CallOptions): Promise<readonly LanguageModelV4StreamPart[]> => {
    const index = calls++;
    beforeCall(index);
    const recorded = await runner.run(`model:${index}`, () => record(callOptions));
    if (!recorded.ok) throw Object.assign(new Error(recorded.error.message), recorded.error);
    return recorded.parts.map(fromJsonPart);
  };
  return {
    specificationVersion: 'v4',
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    async doStream(callOptions) {
      const parts = await journaled(callOptions);
      return { stream: new ReadableStream({ start(controller) { for (const part of parts) controller.enqueue(part); controller.close(); } }) };
    },
    async doGenerate(callOptions) {
      // the runtime streams every step (one streamText call); a generate call is answered from the same recording
      const parts = await journaled(callOptions);
      const finish = parts.find((part) => part.type === 'finish');
      const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])).join('');
      const toolCalls = parts.flatMap((part) => (part.type === 'tool-call' ? [part] : []));
      return {
        content: [...(text === '' ? [] : [{ type: 'text' as const, text }]), ...toolCalls],
        finishReason: finish?.type === 'finish' ? finish.finishReason : { unified: 'other', raw: undefined },
        usage: finish?.type === 'finish' ? finish.usage : { inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: undefined, text: undefined, reasoning: undefined } },
        warnings: [],
      } as Awaited<ReturnType<LanguageModelV4['doGenerate']>>;
    },
  };
}

function toJsonPart(part: LanguageModelV4StreamPart): unknown {
  if (part.type === 'error') return { type: 'error', error: errorRecord(part.error) };
  return JSON.parse(JSON.stringify(part, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
}

function fromJsonPart(part: unknown): LanguageModelV4StreamPart {
  const value = part as LanguageModelV4StreamPart & { timestamp?: unknown; error?: RecordedModelCall & { message?: string } };
  if (value.type === 'response-metadata' && typeof value.timestamp === 'string') return { ...value, timestamp: new Date(value.timestamp) };
  if (value.type === 'error') {
    const error = value.error as unknown as { message: string };
    return { type: 'error', error: Object.assign(new Error(error.message), error) };
  }
  return value;
}

function errorRecord(error: unknown): { name: string; message: string; isRetryable: boolean; code?: string } {
  const record = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; message?: unknown; isRetryable?: unknown; code?: unknown };
  return {
    name: typeof record.name === 'string' ? record.name : 'Error',
    message: typeof record.message === 'string' ? record.message : describeThrown(error),
    isRetryable: record.isRetryable === true,
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
  };
}
