// `npx tsx test/eval/mcp-tuning-misses.ts [--all]`: the queries of the TUNING halves of
// mcp-catalog's five query sets (even ids of queries.jsonl, queries-fresh.jsonl, queries-blind.jsonl,
// queries-blind2.jsonl and queries-probe2.jsonl) whose gold is not in the default ranker's top 5, with the top 5 and the
// best rank of a gold tool. Held-out queries are never printed: the split is what makes the
// held-out halves an estimate of an unseen set. `--all` prints every tuning query's top 5 instead.
import { fileURLToPath } from 'node:url';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { hybridEvalRanker } from '../../src/eval/turnscope-rankers.js';
import { half } from './tuning-halves.js';

const mcp = fileURLToPath(new URL('../fixtures/datasets/mcp-catalog/', import.meta.url));
const all = process.argv.includes('--all');
for (const file of ['queries.jsonl', 'queries-fresh.jsonl', 'queries-blind.jsonl', 'queries-blind2.jsonl', 'queries-probe2.jsonl']) {
  const dataset = half(await loadEvalDataset({ catalogFile: `${mcp}catalog.json`, queriesFile: `${mcp}${file}` }), 0);
  const nameOf = new Map(dataset.tools.map((tool) => [tool.id, tool.name]));
  const ranker = await hybridEvalRanker().build({ tools: dataset.tools, depth: 50 });
  let misses = 0;
  for (const query of dataset.queries) {
    const ranked = (await ranker.rank(query.query, 50)).map((id) => nameOf.get(id) ?? id);
    const best = ranked.findIndex((name) => query.gold.includes(name));
    if (best >= 0 && best < 5 && !all) continue;
    if (best < 0 || best >= 5) misses += 1;
    process.stdout.write(`${query.id} ${JSON.stringify(query.query)} gold=${query.gold.join(',')} best=${best < 0 ? '-' : best + 1}\n    ${ranked.slice(0, 5).join('  ')}\n`);
  }
  process.stdout.write(`# ${file}: ${misses} misses of ${dataset.queries.length} tuning queries\n\n`);
}
