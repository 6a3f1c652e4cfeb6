import type { LanguageModelUsage } from 'ai';
import { describe, expect, it } from 'vitest';
import { addUsage, EMPTY_USAGE } from '../../src/runtime/add-usage.js';

function usage(input: number | undefined, output: number | undefined, details: Partial<LanguageModelUsage> = {}): LanguageModelUsage {
  return {
    inputTokens: input,
    outputTokens: output,
    totalTokens: input === undefined && output === undefined ? undefined : (input ?? 0) + (output ?? 0),
    inputTokenDetails: { noCacheTokens: input, cacheReadTokens: undefined, cacheWriteTokens: undefined },
    outputTokenDetails: { textTokens: output, reasoningTokens: undefined },
    ...details,
  };
}

describe('addUsage', () => {
  it('sums the counts of two steps field by field, nested details included', () => {
    const step0 = usage(1_200, 80, {
      inputTokenDetails: { noCacheTokens: 200, cacheReadTokens: 1_000, cacheWriteTokens: undefined },
    });
    const step1 = usage(1_500, 40, {
      inputTokenDetails: { noCacheTokens: 100, cacheReadTokens: 1_400, cacheWriteTokens: 50 },
      outputTokenDetails: { textTokens: 30, reasoningTokens: 10 },
    });
    expect(addUsage(step0, step1)).toEqual({
      inputTokens: 2_700,
      outputTokens: 120,
      totalTokens: 2_820,
      inputTokenDetails: { noCacheTokens: 300, cacheReadTokens: 2_400, cacheWriteTokens: 50 },
      outputTokenDetails: { textTokens: 110, reasoningTokens: 10 },
    });
  });

  it('keeps a count unknown on both sides undefined, and counts a one-sided count', () => {
    const total = addUsage(usage(10, undefined), usage(undefined, undefined));
    expect(total.inputTokens).toBe(10);
    expect(total.outputTokens).toBeUndefined();
    expect(total.outputTokenDetails.reasoningTokens).toBeUndefined();
  });

  it('leaves a usage unchanged when added to EMPTY_USAGE', () => {
    const step = usage(300, 25);
    expect(addUsage(EMPTY_USAGE, step)).toEqual(step);
    expect(addUsage(step, EMPTY_USAGE)).toEqual(step);
  });

  it('sums the usage of many steps the same in any grouping', () => {
    const steps = [usage(10, 1), usage(20, 2), usage(30, 3)];
    const left = steps.reduce(addUsage, EMPTY_USAGE);
    const right = addUsage(steps[0]!, addUsage(steps[1]!, steps[2]!));
    expect(left).toEqual(right);
    expect(left).toMatchObject({ inputTokens: 60, outputTokens: 6, totalTokens: 66 });
  });

  it('drops provider raw usage, which cannot be summed', () => {
    const total = addUsage(usage(1, 1, { raw: { prompt_tokens: 1 } }), usage(2, 2, { raw: { prompt_tokens: 2 } }));
    expect(total).not.toHaveProperty('raw');
  });

  it('does not change its inputs', () => {
    const a = usage(5, 5);
    const b = usage(7, 7);
    addUsage(a, b);
    expect(a).toEqual(usage(5, 5));
    expect(b).toEqual(usage(7, 7));
  });
});
