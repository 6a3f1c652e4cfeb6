// `npm run bench`: the search benchmark and the per-step turn overhead, as tables, with the
// machine they ran on. Run with --expose-gc (the npm script does) to measure index memory.
// `npm run bench -- --search` or `-- --turn` runs one part; `-- --durable` runs only the durable turn against an in-process one; `-- --sizes 1000,10000` picks catalog sizes;
// `-- --rankers turnscope` picks the rankers of the search part; `-- --distinct-text` gives every
// synthesized copy its own description and parameter names (same terms, no shared text);
// `-- --step0` runs only the table of step 0's request size by catalog size (`--sizes` picks its sizes too); `-- --construction` only
// the runtime construction at 1,000 and 10,000 tools (or `--sizes`).
import { cpus, loadavg, totalmem } from 'node:os';
import { formatSearchBench, runSearchBench } from './search-bench.js';
import { formatStepZeroBench, runStepZeroBench } from './step-zero-bench.js';
import { formatTurnOverhead, runTurnOverheadBench } from './turn-overhead-bench.js';
import { formatDurableBench, runDurableBench } from './durable-bench.js';
import { formatConstructionBench, runConstructionBench } from './construction-bench.js';

const sizesIndex = process.argv.indexOf('--sizes');
const sizes = sizesIndex === -1 ? undefined : (process.argv[sizesIndex + 1] ?? '').split(',').map(Number).filter((size) => Number.isInteger(size) && size > 0);
const rankersIndex = process.argv.indexOf('--rankers');
const rankers = rankersIndex === -1 ? undefined : (process.argv[rankersIndex + 1] ?? '').split(',').filter((name) => name.length > 0);
const only = process.argv.includes('--construction') ? 'construction' : process.argv.includes('--durable') ? 'durable' : process.argv.includes('--search') ? 'search' : process.argv.includes('--turn') ? 'turn' : process.argv.includes('--step0') ? 'step0' : undefined;
const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `machine: ${cpu}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ` +
    `load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} at start`,
);

if (only === 'durable') {
  console.log('\n## Durable turn (Restate, localhost) against the same turn in-process\n');
  console.log(formatDurableBench(await runDurableBench()));
}
if (only === undefined || only === 'search') {
  console.log('\n## Search: latency per query, index build time and memory\n');
  const result = await runSearchBench({
    onRow: (row) => process.stderr.write(`bench: ${row.ranker} at ${row.tools} tools done\n`),
    ...(sizes === undefined ? {} : { sizes }),
    ...(rankers === undefined ? {} : { rankers }),
    distinctText: process.argv.includes('--distinct-text'),
  });
  console.log(formatSearchBench(result));
}
if (only === undefined || only === 'construction') {
  console.log('\n## Runtime construction: createToolSearchRuntime, every tool deferred, no search yet\n');
  console.log(formatConstructionBench(await runConstructionBench(sizes === undefined ? {} : { sizes })));
}
if (only === undefined || only === 'turn') {
  console.log('\n## Turn overhead per step against a bare AI SDK streamText loop (same scripted model)\n');
  console.log(formatTurnOverhead(await runTurnOverheadBench()));
}
if (only === undefined || only === 'step0') {
  console.log("\n## Step 0's request size by catalog size (tool_search with the inventory, default inventory.maxChars)\n");
  console.log(formatStepZeroBench(await runStepZeroBench({ onRow: (row) => process.stderr.write(`bench: step 0 at ${row.tools} tools done\n`), ...(sizes === undefined ? {} : { sizes }) })));
}
console.log(`\nload average ${loadavg().map((value) => value.toFixed(1)).join(' ')} at the end`);
