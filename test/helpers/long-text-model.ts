import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

/**
 * A model whose one answer is `deltas` text deltas (`delta`, `delta`, …) on a pull-based
 * stream, as a provider's HTTP body is: a delta leaves the model only when the SDK pulls it.
 * `pulled()` counts the deltas pulled so far, so a test sees how far the turn read the model's
 * stream ahead of its own reader. Usage: 10 input tokens, `deltas` output tokens.
 */
export function longTextModel(options: { readonly deltas: number; readonly delta?: string }): { model: MockLanguageModelV4; pulled: () => number } {
  const delta = options.delta ?? 'word ';
  let pulled = 0;
  const model = new MockLanguageModelV4({
    provider: 'turnscope-test',
    modelId: 'long-text',
    doStream: async () => {
      let started = false;
      const stream = new ReadableStream<LanguageModelV4StreamPart>(
        {
          pull(controller) {
            if (!started) {
              started = true;
              controller.enqueue({ type: 'stream-start', warnings: [] });
              controller.enqueue({ type: 'text-start', id: 't' });
              return;
            }
            if (pulled < options.deltas) {
              pulled++;
              controller.enqueue({ type: 'text-delta', id: 't', delta });
              return;
            }
            controller.enqueue({ type: 'text-end', id: 't' });
            controller.enqueue({
              type: 'finish',
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: options.deltas, text: options.deltas, reasoning: undefined } },
            });
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      return { stream };
    },
  });
  return { model, pulled: () => pulled };
}
