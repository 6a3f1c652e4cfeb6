// `npx tsx test/eval/eval-probe2.ts [--queries]`: hit@5 and recall@5 of the default ranker on
// mcp-catalog's queries-probe2.jsonl, a REPORT-ONLY set (67 queries written for the seventh MCP
// pass before any ranking change; no tuner reads it, tuning-halves.ts leaves it out). `--queries`
// adds each query's best gold rank; print it only after the ranking changes are chosen.
import { fileURLToPath } from 'node:url';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { runEval } from '../../src/eval/run-eval.js';
import { hybridEvalRanker } from '../../src/eval/turnscope-rankers.js';

const mcp = fileURLToPath(new URL('../fixtures/datasets/mcp-catalog/', import.meta.url));
const dataset = await loadEvalDataset({ catalogFile: `${mcp}catalog.json`, queriesFile: `${mcp}queries-probe2.jsonl`, name: 'mcp-catalog-probe2' });
const [row] = await runEval({ datasets: [dataset], rankers: [hybridEvalRanker()], ks: [5] });
process.stdout.write(`| ${row!.dataset} | ${row!.queries} | hit@5 ${((row!.hit[5] ?? 0) * 100).toFixed(1)} | R@5 ${((row!.recall[5] ?? 0) * 100).toFixed(1)} |\n`);
if (process.argv.includes('--queries')) {
  const nameOf = new Map(dataset.tools.map((tool) => [tool.id, tool.name]));
  const ranker = await hybridEvalRanker().build({ tools: dataset.tools, depth: 50 });
  for (const query of dataset.queries) {
    const ranked = (await ranker.rank(query.query, 50)).map((id) => nameOf.get(id) ?? id);
    const best = ranked.findIndex((name) => query.gold.includes(name));
    process.stdout.write(`${query.id} ${best < 0 ? '-' : best + 1} ${JSON.stringify(query.query)}\n`);
  }
}
