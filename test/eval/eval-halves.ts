// `npx tsx test/eval/eval-halves.ts`: hit@5 and recall@5 of the default ranker on the tuning half
// (even positions) and the held-out half (odd positions) of every shipped query set, after an
// evenly spaced sample of at most 4,000 queries — the split `npm run eval:tune` uses. mcp-catalog's
// ids (mcp-000 …) follow the file order, so its halves are its even and odd ids.
import { fileURLToPath } from 'node:url';
import type { EvalDataset } from '../../src/eval/eval-dataset.js';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { runEval } from '../../src/eval/run-eval.js';
import { sampleQueries } from '../../src/eval/sample-queries.js';
import { hybridEvalRanker } from '../../src/eval/turnscope-rankers.js';

const DATASETS = fileURLToPath(new URL('../fixtures/datasets/', import.meta.url));
const MAX_QUERIES = 4_000;

function half(dataset: EvalDataset, parity: 0 | 1): EvalDataset {
  const queries = dataset.queries.filter((_, index) => index % 2 === parity);
  return { ...dataset, name: `${dataset.name} (${parity === 0 ? 'tuning' : 'held out'})`, queries, totalQueries: queries.length };
}

const percent = (value: number | undefined) => ((value ?? 0) * 100).toFixed(1);
process.stdout.write('| dataset | queries | hit@5 | R@5 |\n|---|---:|---:|---:|\n');
for (const name of ['mcp-catalog', 'metatool', 'livemcpbench', 'bfcl']) {
  const dataset = sampleQueries(await loadEvalDataset({ catalogFile: `${DATASETS}${name}/catalog.json`, queriesFile: `${DATASETS}${name}/queries.jsonl` }), MAX_QUERIES);
  const rows = await runEval({ datasets: [half(dataset, 0), half(dataset, 1)], rankers: [hybridEvalRanker()], ks: [5] });
  for (const row of rows) process.stdout.write(`| ${row.dataset} | ${row.queries} | ${percent(row.hit[5])} | ${percent(row.recall[5])} |\n`);
}
