// `npx tsx test/eval/eval-probes.ts [--queries]`: hit@5 and recall@5 of the default ranker on each
// REPORT-ONLY query set of mcp-catalog (MCP_REPORT_ONLY_QUERY_FILES of tuning-halves.ts: query sets
// written before a ranking pass and never tuned on; loadMcpCatalogHalf leaves them out): the
// hidden probe, probe3, probe4, probe5, probe6, probe7 and probe8. (probe2 was one until the eighth MCP pass; eval-halves.ts splits it now.)
// `--queries` adds each query's best gold rank ('-' = not in the top 50); print it only after the
// ranking changes are chosen, and never choose a change by it.
import { fileURLToPath } from 'node:url';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { runEval } from '../../src/eval/run-eval.js';
import { hybridEvalRanker } from '../../src/eval/turnscope-rankers.js';
import { MCP_REPORT_ONLY_QUERY_FILES } from './tuning-halves.js';

const mcp = fileURLToPath(new URL('../fixtures/datasets/mcp-catalog/', import.meta.url));
process.stdout.write('| dataset | queries | hit@5 | R@5 |\n|---|---:|---:|---:|\n');
for (const file of MCP_REPORT_ONLY_QUERY_FILES) {
  const name = `mcp-catalog-${file.replace(/^queries-|\.jsonl$/g, '')}`;
  const dataset = await loadEvalDataset({ catalogFile: `${mcp}catalog.json`, queriesFile: `${mcp}${file}`, name });
  const [row] = await runEval({ datasets: [dataset], rankers: [hybridEvalRanker()], ks: [5] });
  process.stdout.write(`| ${row!.dataset} | ${row!.queries} | ${((row!.hit[5] ?? 0) * 100).toFixed(1)} | ${((row!.recall[5] ?? 0) * 100).toFixed(1)} |\n`);
  if (process.argv.includes('--queries')) {
    const nameOf = new Map(dataset.tools.map((tool) => [tool.id, tool.name]));
    const ranker = await hybridEvalRanker().build({ tools: dataset.tools, depth: 50 });
    for (const query of dataset.queries) {
      const ranked = (await ranker.rank(query.query, 50)).map((id) => nameOf.get(id) ?? id);
      const best = ranked.findIndex((toolName) => query.gold.includes(toolName));
      process.stdout.write(`${query.id} ${best < 0 ? '-' : best + 1} ${JSON.stringify(query.query)}\n`);
    }
  }
}
