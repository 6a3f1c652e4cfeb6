import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { checkScriptedSteps } from './check-scripted-steps.js';
import type { RecordedRequest, ScriptedStep, ScriptedStepSource } from './scripted-step.js';

/** A scripted model and what it recorded. */
export interface ScriptedModel {
  /** Pass it as `send({ model })`. */
  readonly model: MockLanguageModelV4;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
}

/**
 * A deterministic model for tests, built on the AI SDK's `MockLanguageModelV4`: request
 * number k is answered by `steps[k]` (a step, or a function of the recorded request); every
 * request's visible tool names and complete definitions are recorded so a test can assert
 * what was visible at each step. Requests past the script answer `'(script ended)'` as text.
 *
 * Usage per request: 10 input tokens, 5 output tokens.
 *
 * @throws {InvalidOptionError} `options` is not `{ steps: [...] }` (an array, a model, a step
 *   that is not a step object or function, a tool call without a string `toolName`: see
 *   `checkScriptedSteps`); the message names the field and shows how to call it.
 */
export function createScriptedModel(options: { readonly steps: readonly ScriptedStepSource[] }): ScriptedModel {
  const steps = checkScriptedSteps(options);
  const requests: RecordedRequest[] = [];
  const model = new MockLanguageModelV4({
    provider: 'turnscope-scripted',
    modelId: 'scripted',
    doStream: async (callOptions) => {
      const index = requests.length;
      const tools = (callOptions.tools ?? []).flatMap((tool) =>
        tool.type === 'function' ? [{ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }] : [],
      );
      const request: RecordedRequest = { index, toolNames: tools.map((tool) => tool.name), tools, prompt: callOptions.prompt };
      requests.push(request);
      const source = steps[index];
      const step: ScriptedStep = source === undefined ? { text: '(script ended)' } : typeof source === 'function' ? source(request) : source;
      if (step.delayMs !== undefined) await sleep(step.delayMs, callOptions.abortSignal);
      if (step.error !== undefined) throw step.error;
      return { stream: toStream(index, step) };
    },
  });
  return { model, requests };
}

function toStream(index: number, step: ScriptedStep): ReadableStream<LanguageModelV4StreamPart> {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }, ...(step.parts ?? [])];
  if (step.text !== undefined) {
    parts.push({ type: 'text-start', id: `text-${index}` });
    parts.push({ type: 'text-delta', id: `text-${index}`, delta: step.text });
    parts.push({ type: 'text-end', id: `text-${index}` });
  }
  (step.toolCalls ?? []).forEach((call, callIndex) => {
    parts.push({
      type: 'tool-call',
      toolCallId: call.toolCallId ?? `call-${index}-${callIndex}`,
      toolName: call.toolName,
      input: typeof call.input === 'string' ? call.input : JSON.stringify(call.input),
    });
  });
  const hasCalls = (step.toolCalls ?? []).length > 0;
  parts.push({
    type: 'finish',
    finishReason: { unified: hasCalls ? 'tool-calls' : 'stop', raw: hasCalls ? 'tool_calls' : 'stop' },
    usage: {
      inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 5, text: 5, reasoning: undefined },
    },
  });
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
