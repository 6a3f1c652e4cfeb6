// The split every tuning script of the eval uses (`npm run eval:tune`, tune-thesaurus.ts,
// eval-halves.ts): an evenly spaced sample of at most 4,000 queries per dataset, TUNING half =
// even positions, held-out half = odd positions; and recall@5 of a hybrid ranker over datasets.
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { EvalDataset } from '../../src/eval/eval-dataset.js';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { runEval } from '../../src/eval/run-eval.js';
import { sampleQueries } from '../../src/eval/sample-queries.js';
import { hybridEvalRanker } from '../../src/eval/turnscope-rankers.js';
import type { HybridRankerOptions } from '../../src/search/create-hybrid-ranker.js';

const DATASETS = fileURLToPath(new URL('../fixtures/datasets/', import.meta.url));
/** Queries per dataset before the split: MetaTool has 21,041, far more than tuning needs. */
export const MAX_TUNING_QUERIES = 4_000;

/** One half of a dataset's queries: 0 = tuning (even positions), 1 = held out (odd). `label` adds "(tuning)" / "(held out)" to its name. */
export function half(dataset: EvalDataset, parity: 0 | 1, label = false): EvalDataset {
  const queries = dataset.queries.filter((_, index) => index % 2 === parity);
  const name = label ? `${dataset.name} (${parity === 0 ? 'tuning' : 'held out'})` : dataset.name;
  return { ...dataset, name, queries, totalQueries: queries.length };
}

/** The shipped query sets named, each sampled to at most {@link MAX_TUNING_QUERIES} evenly spaced queries. */
export async function loadSampledQuerySets(names: readonly string[]): Promise<EvalDataset[]> {
  const datasets: EvalDataset[] = [];
  for (const name of names) {
    const dataset = await loadEvalDataset({ catalogFile: `${DATASETS}${name}/catalog.json`, queriesFile: `${DATASETS}${name}/queries.jsonl` });
    datasets.push(sampleQueries(dataset, MAX_TUNING_QUERIES));
  }
  return datasets;
}

/**
 * The query files of mcp-catalog that no tuner may choose on, reported only
 * (`npx tsx test/eval/eval-probes.ts`): `queries-hidden-probe.jsonl` checks the relevance floor
 * (C24) on queries nothing was tuned on (tune-stop-rule.ts replays it for its report only);
 * `queries-probe3.jsonl` (90 queries written before the eighth MCP pass), `queries-probe4.jsonl`
 * (100 written before the ninth), `queries-probe5.jsonl` (103 written before the tenth) and
 * `queries-probe6.jsonl` (60 written by issue 14's thirteenth session, which wrote no ranking),
 * `queries-probe7.jsonl` (60 written by a helper of the fourteenth session that changed no ranking and
 * read neither the ranker nor another query file) and `queries-probe8.jsonl` (60 written the same way by
 * a helper of the fifteenth session) estimate wordings no ranking pass saw. (`queries-probe2.jsonl` was one until the eighth pass, which split it into
 * halves like the other sets: its misses had been read.)
 */
export const MCP_REPORT_ONLY_QUERY_FILES: readonly string[] = ['queries-hidden-probe.jsonl', 'queries-probe3.jsonl', 'queries-probe4.jsonl', 'queries-probe5.jsonl', 'queries-probe6.jsonl', 'queries-probe7.jsonl', 'queries-probe8.jsonl'];

/**
 * One half of every query set of the MCP catalog (`mcp-catalog/queries.jsonl` and each
 * `queries-*.jsonl` beside it, in file-name order, except {@link MCP_REPORT_ONLY_QUERY_FILES}),
 * each split by its own positions (0 = tuning, even; 1 = held out, odd) and joined into one dataset
 * named `mcp-catalog`, so a tuner counts the catalog once however many query sets it has.
 */
export async function loadMcpCatalogHalf(parity: 0 | 1): Promise<EvalDataset> {
  const folder = `${DATASETS}mcp-catalog/`;
  const files = (await readdir(folder)).filter((file) => /^queries(-[a-z0-9-]+)?\.jsonl$/.test(file) && !MCP_REPORT_ONLY_QUERY_FILES.includes(file)).sort();
  const halves: EvalDataset[] = [];
  for (const file of files) {
    halves.push(half(await loadEvalDataset({ catalogFile: `${folder}catalog.json`, queriesFile: `${folder}${file}` }), parity));
  }
  const queries = halves.flatMap((dataset) => dataset.queries);
  return { ...halves[0]!, name: 'mcp-catalog', queries, totalQueries: queries.length };
}

/** Recall@5 of the hybrid ranker with `options` on each dataset (0–1), and their mean. */
export async function recallAt5(options: HybridRankerOptions, datasets: EvalDataset[]): Promise<{ mean: number; perDataset: number[] }> {
  const rows = await runEval({ datasets, rankers: [hybridEvalRanker(options)], ks: [5] });
  const perDataset = rows.map((row) => row.recall[5]!);
  return { mean: perDataset.reduce((sum, value) => sum + value, 0) / perDataset.length, perDataset };
}

/** `66.02 (63.0 / 49.7 / 85.4)`: the mean and each dataset's recall, in percent. */
export const formatRecall = (result: { mean: number; perDataset: number[] }): string =>
  `${(result.mean * 100).toFixed(2)} (${result.perDataset.map((value) => (value * 100).toFixed(1)).join(' / ')})`;
