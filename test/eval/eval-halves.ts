// `npx tsx test/eval/eval-halves.ts`: hit@5 and recall@5 of the default ranker on the tuning half
// (even positions) and the held-out half (odd positions) of every shipped query set, after an
// evenly spaced sample of at most 4,000 queries — the split `npm run eval:tune` uses. mcp-catalog's
// ids (mcp-000 …) follow the file order, so its halves are its even and odd ids; its second set,
// queries-fresh.jsonl (fresh-000 …), is split the same way and shown as mcp-catalog-fresh; its third,
// queries-blind.jsonl (blind-000 …), likewise as mcp-catalog-blind; its fourth, queries-blind2.jsonl
// (blind2-000 …), as mcp-catalog-blind2; its fifth, queries-probe2.jsonl (probe2-000 …), as
// mcp-catalog-probe2. The report-only files (MCP_REPORT_ONLY_QUERY_FILES) are eval-probes.ts's.
import { fileURLToPath } from 'node:url';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { runEval } from '../../src/eval/run-eval.js';
import { hybridEvalRanker } from '../../src/eval/turnscope-rankers.js';
import { half, loadSampledQuerySets } from './tuning-halves.js';

const percent = (value: number | undefined) => ((value ?? 0) * 100).toFixed(1);
process.stdout.write('| dataset | queries | hit@5 | R@5 |\n|---|---:|---:|---:|\n');
const mcp = fileURLToPath(new URL('../fixtures/datasets/mcp-catalog/', import.meta.url));
const fresh = await loadEvalDataset({ catalogFile: `${mcp}catalog.json`, queriesFile: `${mcp}queries-fresh.jsonl`, name: 'mcp-catalog-fresh' });
const blind = await loadEvalDataset({ catalogFile: `${mcp}catalog.json`, queriesFile: `${mcp}queries-blind.jsonl`, name: 'mcp-catalog-blind' });
const blind2 = await loadEvalDataset({ catalogFile: `${mcp}catalog.json`, queriesFile: `${mcp}queries-blind2.jsonl`, name: 'mcp-catalog-blind2' });
const probe2 = await loadEvalDataset({ catalogFile: `${mcp}catalog.json`, queriesFile: `${mcp}queries-probe2.jsonl`, name: 'mcp-catalog-probe2' });
for (const dataset of [fresh, blind, blind2, probe2, ...(await loadSampledQuerySets(['mcp-catalog', 'metatool', 'livemcpbench', 'bfcl']))]) {
  const rows = await runEval({ datasets: [half(dataset, 0, true), half(dataset, 1, true)], rankers: [hybridEvalRanker()], ks: [5] });
  for (const row of rows) process.stdout.write(`| ${row.dataset} | ${row.queries} | ${percent(row.hit[5])} | ${percent(row.recall[5])} |\n`);
}
