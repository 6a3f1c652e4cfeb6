import { describe, expect, it } from 'vitest';
import { percentile } from '../../src/eval/run-eval.js';
import { retrievalMetrics } from '../../src/eval/retrieval-metrics.js';

describe('retrievalMetrics', () => {
  it('scores recall, hit, reciprocal rank and nDCG@10 against the gold names', () => {
    const metrics = retrievalMetrics({ ranked: ['a', 'g1', 'b', 'c', 'g2'], gold: ['g1', 'g2', 'g3'], ks: [1, 3, 5] });
    expect(Object.fromEntries(metrics.recall)).toEqual({ 1: 0, 3: 1 / 3, 5: 2 / 3 });
    expect(Object.fromEntries(metrics.hit)).toEqual({ 1: 0, 3: 1, 5: 1 });
    expect(metrics.reciprocalRank).toBe(0.5);
    const dcg = 1 / Math.log2(3) + 1 / Math.log2(6);
    const ideal = 1 + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(metrics.ndcg10).toBeCloseTo(dcg / ideal, 12);
  });

  it('counts a repeated name once, at its first position', () => {
    const metrics = retrievalMetrics({ ranked: ['x', 'x', 'g'], gold: ['g'], ks: [2] });
    expect(metrics.recall.get(2)).toBe(1);
    expect(metrics.reciprocalRank).toBe(0.5);
  });

  it('gives zeros when nothing relevant came back', () => {
    const metrics = retrievalMetrics({ ranked: [], gold: ['g'], ks: [5] });
    expect(metrics).toEqual({ recall: new Map([[5, 0]]), hit: new Map([[5, 0]]), reciprocalRank: 0, ndcg10: 0 });
  });
});

describe('percentile', () => {
  it('is the nearest-rank percentile', () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(values, 0.95)).toBe(95);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile([], 0.95)).toBe(0);
  });
});
