import type { EmbeddingModelV4CallOptions } from '@ai-sdk/provider';
import { MockEmbeddingModelV4 } from 'ai/test';

/**
 * A toy embedding: one dimension per concept, synonyms share a dimension. It is what makes a
 * semantic ranker worth having: "photo" and "screenshot" share nothing lexically.
 */
const CONCEPTS: string[][] = [
  ['picture', 'photo', 'image', 'screenshot', 'capture'],
  ['mail', 'email', 'inbox', 'letter'],
  ['page', 'browser', 'website', 'web'],
  ['issue', 'bug', 'ticket'],
  ['file', 'document', 'disk'],
];

/** The concept vector of `text`: how often it names each concept (a small constant when none). */
export function embedConcepts(text: string): number[] {
  const words = text.toLowerCase().split(/[^a-z]+/);
  const vector = CONCEPTS.map((synonyms) => words.filter((word) => synonyms.includes(word)).length);
  return vector.some((value) => value > 0) ? vector : CONCEPTS.map(() => 0.01);
}

/**
 * The AI SDK's `MockEmbeddingModelV4` embedding with {@link embedConcepts}. `before` runs first
 * on every call (to fail, delay or wait for the abort signal); its `doEmbedCalls` record the calls.
 */
export function createConceptEmbeddingModel(
  options: { readonly modelId?: string; readonly before?: (call: EmbeddingModelV4CallOptions) => Promise<void> | void } = {},
): MockEmbeddingModelV4 {
  return new MockEmbeddingModelV4({
    modelId: options.modelId ?? 'concepts',
    maxEmbeddingsPerCall: 1_000,
    doEmbed: async (call) => {
      await options.before?.(call);
      return { embeddings: call.values.map(embedConcepts), warnings: [] };
    },
  });
}
