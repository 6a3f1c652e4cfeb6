import type { TurnUsage } from './turn-types.js';

/** Usage with every count unknown: the sum of no requests. */
export const EMPTY_USAGE: TurnUsage = Object.freeze({ inputTokens: undefined, outputTokens: undefined, totalTokens: undefined });

/**
 * Sums two token usages field by field (plain numbers; nested detail objects the same way); a
 * count unknown on both sides stays `undefined`. A provider's `raw` usage is dropped: it cannot
 * be summed meaningfully. Anything that is not a plain object (a provider that reports no usage)
 * counts as empty. Never throws; the inputs are not changed.
 */
export function addUsage(a: unknown, b: unknown): TurnUsage {
  return (sum(isRecord(a) ? a : {}, isRecord(b) ? b : {}) ?? {}) as TurnUsage;
}

function sum(a: unknown, b: unknown): unknown {
  if (typeof a === 'number' || typeof b === 'number') {
    return (typeof a === 'number' && Number.isFinite(a) ? a : 0) + (typeof b === 'number' && Number.isFinite(b) ? b : 0);
  }
  if (isRecord(a) || isRecord(b)) {
    const left = isRecord(a) ? a : {};
    const right = isRecord(b) ? b : {};
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      if (key !== 'raw') out[key] = sum(left[key], right[key]);
    }
    return { ...out };
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
