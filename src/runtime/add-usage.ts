import type { LanguageModelUsage } from 'ai';

/** Usage with every count unknown: the sum of no requests. */
export const EMPTY_USAGE: LanguageModelUsage = {
  inputTokens: undefined,
  outputTokens: undefined,
  totalTokens: undefined,
} as LanguageModelUsage;

/**
 * Sums the token counts of two usages field by field; a count unknown on both sides stays
 * `undefined`. Nested detail objects are summed the same way.
 */
export function addUsage(a: LanguageModelUsage, b: LanguageModelUsage): LanguageModelUsage {
  return sum(a, b) as LanguageModelUsage;
}

function sum(a: unknown, b: unknown): unknown {
  if (typeof a === 'number' || typeof b === 'number') {
    return (typeof a === 'number' ? a : 0) + (typeof b === 'number' ? b : 0);
  }
  if (isRecord(a) || isRecord(b)) {
    const left = isRecord(a) ? a : {};
    const right = isRecord(b) ? b : {};
    const out: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      // provider-specific raw usage cannot be summed meaningfully
      if (key !== 'raw') out[key] = sum(left[key], right[key]);
    }
    return out;
  }
  return a ?? b;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
