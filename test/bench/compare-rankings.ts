// `npx tsx test/bench/compare-rankings.ts --write FILE` / `--compare FILE`: the default ranker's top 10
// (names and scores) for every query of the shipped query sets, for each tool's name, a mistyped
// name word, an acronym and hostile strings, over each shipped catalog and a synthesized
// 10,000-tool catalog. `--write` saves them as JSON; `--compare` rebuilds them with the code of
// this checkout and prints how many differ from the file (exit 1 when any does). Written on one
// commit and compared on another, it shows that a change to the build left every ranking as it
// was, score for score. A script, not a test: the file is large and other work changes rankings
// on purpose.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EvalDataset, EvalTool } from '../../src/eval/eval-dataset.js';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { rankerDocumentOf } from '../../src/search/ranker-document-of.js';
import { synthesizeCatalog } from './synthesize-catalog.js';

/** One catalog's rankings: query → `name score` lines of its top 10. */
export type CatalogRankings = Record<string, readonly string[]>;

const root = fileURLToPath(new URL('../fixtures/datasets/', import.meta.url));
const DATASETS = ['metatool', 'livemcpbench', 'bfcl', 'mcp-catalog'] as const;
const HOSTILE_QUERIES = ['', ' ', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'select:', 'select:__proto__', 'PR', 'open a PR', 'list MRs', 'the', '中文 搜索', 'ß', 'x'.repeat(5_000)];

/** A query of `name` with the first name word of 5 or more letters mistyped (two letters swapped), or `undefined`. */
function mistyped(name: string): string | undefined {
  const words = name.split(/[_\-.\s]+/);
  const index = words.findIndex((word) => /^[a-z]{5,}$/i.test(word));
  if (index === -1) return undefined;
  const word = words[index]!;
  words[index] = `${word[0]}${word[2]}${word[1]}${word.slice(3)}`;
  return words.join(' ');
}

/** The queries asked of one catalog: its query set (if any), each tool's name and a mistyped name, and the hostile strings. */
function queriesOf(tools: readonly EvalTool[], queries: readonly string[]): string[] {
  const asked = new Set<string>(queries);
  for (const tool of tools) {
    asked.add(tool.id);
    const typo = mistyped(tool.id);
    if (typo !== undefined) asked.add(typo);
  }
  for (const query of HOSTILE_QUERIES) asked.add(query);
  return [...asked];
}

function rankingsOf(tools: readonly EvalTool[], queries: readonly string[]): CatalogRankings {
  const ranker = createHybridRanker(tools.map((tool) => rankerDocumentOf({ ...tool, name: tool.id })));
  const rankings: CatalogRankings = {};
  for (const query of queries) rankings[query] = ranker.rank(query, 10).map((match) => `${match.name} ${match.score}`);
  return rankings;
}

async function allRankings(): Promise<Record<string, CatalogRankings>> {
  const all: Record<string, CatalogRankings> = {};
  const pool: EvalTool[] = [];
  const poolQueries: string[] = [];
  for (const name of DATASETS) {
    const hasQueries = name !== 'mcp-catalog';
    const dataset: EvalDataset = await loadEvalDataset({ catalogFile: `${root}${name}/catalog.json`, ...(hasQueries ? { queriesFile: `${root}${name}/queries.jsonl` } : {}) });
    const queries = dataset.queries.map((query) => query.query);
    all[name] = rankingsOf(dataset.tools, queriesOf(dataset.tools, queries));
    pool.push(...dataset.tools.map((tool) => ({ ...tool, id: pool.some((other) => other.id === tool.id) ? `${name}__${tool.id}` : tool.id })));
    poolQueries.push(...queries.filter((_, index) => index % 20 === 0));
    process.stderr.write(`rankings: ${name} done\n`);
  }
  const synthesized = synthesizeCatalog(pool, 10_000);
  const sampledTools = synthesized.filter((_, index) => index % 10 === 0);
  all['synthesized-10000'] = rankingsOf(synthesized, queriesOf(sampledTools, poolQueries));
  return all;
}

const writeIndex = process.argv.indexOf('--write');
const compareIndex = process.argv.indexOf('--compare');
const file = process.argv[(writeIndex === -1 ? compareIndex : writeIndex) + 1];
if (file === undefined || (writeIndex === -1 && compareIndex === -1)) {
  console.error('usage: npx tsx test/bench/compare-rankings.ts --write FILE | --compare FILE');
  process.exit(2);
}
const current = await allRankings();
if (writeIndex !== -1) {
  writeFileSync(file, JSON.stringify(current));
  console.log(`wrote ${Object.values(current).reduce((sum, rankings) => sum + Object.keys(rankings).length, 0)} rankings to ${file}`);
} else {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, CatalogRankings>;
  let differing = 0;
  for (const [catalog, rankings] of Object.entries(saved)) {
    let compared = 0;
    let catalogDiffering = 0;
    for (const [query, ranking] of Object.entries(rankings)) {
      compared += 1;
      const now = current[catalog]?.[query];
      if (now !== undefined && now.length === ranking.length && now.every((line, index) => line === ranking[index])) continue;
      catalogDiffering += 1;
      if (catalogDiffering <= 3) console.log(`${catalog}: ${JSON.stringify(query.slice(0, 80))}\n  was ${ranking.slice(0, 3).join(', ')}\n  now ${(now ?? []).slice(0, 3).join(', ')}`);
    }
    console.log(`${catalog}: ${compared} queries, ${catalogDiffering} rankings differ`);
    differing += catalogDiffering;
  }
  process.exit(differing === 0 ? 0 : 1);
}
