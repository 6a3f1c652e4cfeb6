// `npm run eval`: `turnscope eval` over every shipped dataset (test/fixtures/datasets), the tables
// the README's Performance section shows. `npm run eval -- --full` ranks every query instead.
//
// 1. The query sets (MetaTool, LiveMCPBench, BFCL, mcp-catalog) with all four rankers side by side.
//    fuse.js with default options takes 0.1-0.6 s per query on these catalogs, so this table uses an
//    evenly spaced sample of 300 queries per dataset (LiveMCPBench has 94, mcp-catalog 320: all of
//    LiveMCPBench's, 300 of mcp-catalog's).
// 2. The same without fuse-defaults on every query (--full only: MetaTool has 21,041).
// 3. mcp-catalog's second query set, queries-fresh.jsonl (every query, all rankers: 195 queries).
// 4. mcp-catalog's third query set, queries-blind.jsonl (every query, all rankers: 255 queries).
// 5. mcp-catalog's fourth query set, queries-blind2.jsonl (every query, all rankers: 240 queries).
// 6. Exact-name queries (every tool of the four catalogs, mcp-catalog included) with the fast rankers.
// `-- --max-queries N` (a whole number ≥ 1) samples at most N queries of each query set in 1–5 (the first
// table at most min(N, 300)) for a quick run; the exact names stay whole. Anything else after `--` is an error.
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/run-cli.js';

const root = fileURLToPath(new URL('../fixtures/datasets/', import.meta.url));
const querySets = ['metatool', 'livemcpbench', 'bfcl', 'mcp-catalog'].flatMap((name) => ['--dataset', `${root}${name}`]);
const catalogs = ['metatool', 'livemcpbench', 'bfcl', 'mcp-catalog'].flatMap((name) => ['--catalog', `${root}${name}/catalog.json`]);
const fastRankers = ['--ranker', 'turnscope,ai-sdk-tool-search,minisearch-bm25'];
const args = process.argv.slice(2);
const full = args.includes('--full');
const at = args.indexOf('--max-queries');
const maxQueries = at < 0 ? undefined : Number(args[at + 1]);
const known = args.every((arg, index) => arg === '--full' || (at >= 0 && (index === at || index === at + 1)));
if (!known || (maxQueries !== undefined && !(Number.isInteger(maxQueries) && maxQueries >= 1))) {
  process.stderr.write(`npm run eval: unknown arguments ${JSON.stringify(args)}; use -- --full and/or -- --max-queries N (N a whole number, at least 1).\n`);
  process.exit(2);
}
const sample = (cap: number | undefined) => (maxQueries === undefined && cap === undefined ? [] : ['--max-queries', String(Math.min(maxQueries ?? Infinity, cap ?? Infinity))]);

const runs: { title: string; argv: string[] }[] = [
  { title: 'Query sets, all rankers (evenly spaced sample of at most 300 queries per dataset)', argv: ['eval', ...querySets, ...sample(300)] },
  ...(full ? [{ title: 'Query sets, every query, fast rankers', argv: ['eval', ...querySets, ...fastRankers, ...sample(undefined)] }] : []),
  {
    title: "mcp-catalog's second query set (queries-fresh.jsonl: 195 queries written apart from the ranking), all rankers",
    argv: ['eval', '--catalog', `${root}mcp-catalog/catalog.json`, '--queries', `${root}mcp-catalog/queries-fresh.jsonl`, ...sample(undefined)],
  },
  {
    title: "mcp-catalog's third query set (queries-blind.jsonl: 255 queries written apart from the ranking), all rankers",
    argv: ['eval', '--catalog', `${root}mcp-catalog/catalog.json`, '--queries', `${root}mcp-catalog/queries-blind.jsonl`, ...sample(undefined)],
  },
  {
    title: "mcp-catalog's fourth query set (queries-blind2.jsonl: 240 queries written apart from the ranking), all rankers",
    argv: ['eval', '--catalog', `${root}mcp-catalog/catalog.json`, '--queries', `${root}mcp-catalog/queries-blind2.jsonl`, ...sample(undefined)],
  },
  { title: 'Exact-name queries: every tool of every catalog', argv: ['eval', ...catalogs, ...fastRankers, '--k', '1,5'] },
];

for (const { title, argv } of runs) {
  process.stdout.write(`\n## ${title}\n\n`);
  const code = await runCli({
    argv,
    env: process.env,
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
  });
  if (code !== 0) process.exit(code);
}
