import { APICallError } from 'ai';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

/**
 * A model whose first request streams `partialText` and then fails with a retryable provider
 * error (HTTP 503) in the middle of the stream; every later request answers `answerText`.
 * `requests` counts the requests received.
 */
export function midStreamFailureModel(options: { readonly partialText: string; readonly answerText: string }): { model: MockLanguageModelV4; requests: () => number } {
  let count = 0;
  const model = new MockLanguageModelV4({
    provider: 'turnscope-test',
    modelId: 'mid-stream-failure',
    doStream: async () => {
      const index = count++;
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }, { type: 'text-start', id: `t${index}` }];
      if (index === 0) {
        parts.push({ type: 'text-delta', id: 't0', delta: options.partialText });
        parts.push({ type: 'error', error: new APICallError({ message: 'HTTP 503', url: 'https://provider.test', requestBodyValues: {}, statusCode: 503, isRetryable: true }) });
      } else {
        parts.push({ type: 'text-delta', id: `t${index}`, delta: options.answerText }, { type: 'text-end', id: `t${index}` });
        parts.push({
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } },
        });
      }
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  });
  return { model, requests: () => count };
}
