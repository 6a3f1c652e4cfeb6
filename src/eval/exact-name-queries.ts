import type { EvalDataset } from './eval-dataset.js';

/**
 * The exact-name query set of a catalog: one query per tool, the tool's id as it would be
 * bound (its canonical name), with that tool as the only gold answer. Every ranker of ours must
 * put each at rank 1 (C9).
 */
export function exactNameQueries(dataset: EvalDataset): EvalDataset {
  const tools = dataset.tools.map((tool) => ({ ...tool, name: tool.id }));
  const queries = tools.map((tool) => ({ id: `name:${tool.id}`, query: tool.id, gold: [tool.id] }));
  return { name: `${dataset.name} (exact names)`, tools, queries, totalQueries: queries.length };
}
