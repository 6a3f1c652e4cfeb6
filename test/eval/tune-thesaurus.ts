// Chooses the hybrid ranker's thesaurus options (`thesaurus` of HybridRankerOptions) from the eval:
// `npx tsx test/eval/tune-thesaurus.ts [--thesaurus FILE] [--grid] [--set JSON]`.
//
// The split is tune-hybrid-ranker.ts's: an evenly spaced sample of at most 4,000 queries per
// dataset (MetaTool, LiveMCPBench, BFCL), TUNING half = even positions, held-out half = odd.
// Prints recall@5 of each dataset on the tuning half for the ranker without the thesaurus and
// for each candidate (`--grid`: coordinate ascent from the defaults over the grid below,
// maximising the mean over the three datasets; `--set`: just that option object), then the
// chosen options on the held-out half. Only the tuning half is used to choose.
import { readFileSync } from 'node:fs';
import type { EvalDataset } from '../../src/eval/eval-dataset.js';
import { decodeThesaurus } from '../../src/search/decode-thesaurus.js';
import { DEFAULT_THESAURUS_SETTINGS, type ThesaurusOptions } from '../../src/search/hybrid-ranker-options.js';
import { shippedThesaurus } from '../../src/search/shipped-thesaurus.js';
import { formatRecall as format, half, loadSampledQuerySets, recallAt5 } from './tuning-halves.js';

const argv = process.argv.slice(2);
const flag = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const file = flag('--thesaurus');
const loadStarted = performance.now();
const source = file === undefined ? shippedThesaurus() : decodeThesaurus(readFileSync(file));
console.log(`thesaurus: ${file ?? 'shipped'}, ${source.size} stems, loaded in ${(performance.now() - loadStarted).toFixed(1)} ms`);

const GRID: { key: keyof ThesaurusOptions; values: (number | string)[] }[] = [
  { key: 'weight', values: [0.1, 0.2, 0.3, 0.4, 0.5, 0.7] },
  { key: 'maxNeighbours', values: [2, 3, 5, 8, 12] },
  { key: 'minSimilarity', values: [0.5, 0.55, 0.6, 0.65, 0.7] },
  { key: 'expand', values: ['unmatched', 1, 3, 10, 'all'] },
];

function score(thesaurus: false | ThesaurusOptions, datasets: EvalDataset[]): Promise<{ mean: number; perDataset: number[] }> {
  return recallAt5({ thesaurus }, datasets);
}

const full = await loadSampledQuerySets(['metatool', 'livemcpbench', 'bfcl']);
const tuning = full.map((dataset) => half(dataset, 0));
const holdout = full.map((dataset) => half(dataset, 1));
console.log(`R@5 mean (metatool / livemcpbench / bfcl); tuning queries: ${tuning.map((d) => `${d.name} ${d.queries.length}`).join(', ')}`);
console.log(`off      tuning ${format(await score(false, tuning))}`);

const given = flag('--set');
let best: ThesaurusOptions = { ...DEFAULT_THESAURUS_SETTINGS, ...(given === undefined ? {} : (JSON.parse(given) as ThesaurusOptions)), source };
let bestScore = await score(best, tuning);
console.log(`start    tuning ${format(bestScore)}  ${JSON.stringify({ ...best, source: undefined })}`);
if (argv.includes('--grid')) {
  for (let pass = 1; pass <= 3; pass += 1) {
    let changed = false;
    for (const { key, values } of GRID) {
      for (const value of values) {
        if (best[key] === value) continue;
        const candidate = { ...best, [key]: value };
        const result = await score(candidate, tuning);
        console.log(`pass ${pass}  ${key} = ${value}: tuning ${format(result)}`);
        if (result.mean > bestScore.mean + 1e-9) {
          best = candidate;
          bestScore = result;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
}
console.log(`chosen   tuning ${format(bestScore)}  ${JSON.stringify({ ...best, source: undefined })}`);
console.log(`off      holdout ${format(await score(false, holdout))}`);
console.log(`chosen   holdout ${format(await score(best, holdout))}`);
