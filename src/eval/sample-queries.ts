import type { EvalDataset } from './eval-dataset.js';

/**
 * At most `maxQueries` queries, evenly spaced through the file (query i·n/max for i = 0, 1, …),
 * so a sample covers every part of a dataset sorted by tool or category. Deterministic.
 * A dataset with no more queries than that is returned as it is.
 */
export function sampleQueries(dataset: EvalDataset, maxQueries: number): EvalDataset {
  const { queries } = dataset;
  if (queries.length <= maxQueries) return dataset;
  const sampled = Array.from({ length: maxQueries }, (_, index) => queries[Math.floor((index * queries.length) / maxQueries)]!);
  return { ...dataset, queries: sampled };
}
