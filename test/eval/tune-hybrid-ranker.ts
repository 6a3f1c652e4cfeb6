// Chooses the hybrid ranker's field boosts and fusion weights from the eval (`npm run eval:tune`).
//
// Coordinate ascent over a small grid: starting from the ranker's current defaults, each parameter in turn
// takes the value that maximises the objective with the others fixed; passes repeat until no
// parameter changes. Objective: the mean over MetaTool, LiveMCPBench and BFCL of recall@5, on the
// TUNING half of each dataset's queries (queries at even positions of an evenly spaced sample).
// The other half (odd positions) is held out: the script prints both, so a choice that only fits
// the tuning half shows. Prints the chosen options as JSON to paste into the defaults.
import type { EvalDataset } from '../../src/eval/eval-dataset.js';
import {
  DEFAULT_FIELD_BOOSTS,
  DEFAULT_FUSION_WEIGHTS,
  DEFAULT_HYBRID_SETTINGS,
  type HybridRankerOptions,
} from '../../src/search/create-hybrid-ranker.js';
import { formatRecall as format, half, loadMcpCatalogHalf, loadSampledQuerySets, recallAt5 } from './tuning-halves.js';

type Options = Record<string, unknown>;
const GRID: { path: string; values: number[] }[] = [
  { path: 'boosts.name', values: [0.5, 1, 2, 3, 4] },
  { path: 'boosts.description', values: [0.25, 0.5, 1, 1.5] },
  { path: 'boosts.parameterNames', values: [0, 0.1, 0.25, 0.5, 1] },
  { path: 'boosts.parameterDescriptions', values: [0, 0.05, 0.1, 0.2, 0.3] },
  { path: 'boosts.group', values: [0, 0.25, 0.5, 1, 2] },
  { path: 'weights.nameCoverage', values: [0, 0.1, 0.2, 0.35, 0.5, 1] },
  { path: 'weights.queryCoverage', values: [0, 0.1, 0.2, 0.4] },
  { path: 'synonymWeight', values: [0, 0.15, 0.3, 0.5] },
  { path: 'typoWeight', values: [0, 0.25, 0.5, 0.75, 1] },
  { path: 'minPrefixChars', values: [0, 3, 4, 5, 6] },
  { path: 'maxQueryTerms', values: [16, 24, 32, 48, 64] },
  { path: 'bm25.k', values: [0.4, 0.6, 0.9, 1.2, 1.5] },
  { path: 'bm25.b', values: [0.3, 0.5, 0.7, 0.85, 1] },
];
const START: Options = structuredClone({
  boosts: DEFAULT_FIELD_BOOSTS,
  weights: DEFAULT_FUSION_WEIGHTS,
  ...DEFAULT_HYBRID_SETTINGS,
}) as Options;

function withValue(options: Options, path: string, value: number): Options {
  const copy = structuredClone(options);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

function valueAt(options: Options, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], options);
}

function score(options: Options, datasets: EvalDataset[]): Promise<{ mean: number; perDataset: number[] }> {
  return recallAt5(options as HybridRankerOptions, datasets);
}

const full = await loadSampledQuerySets(['metatool', 'livemcpbench', 'bfcl']);
const tuning = [...full.map((dataset) => half(dataset, 0)), await loadMcpCatalogHalf(0)];
const holdout = [...full.map((dataset) => half(dataset, 1)), await loadMcpCatalogHalf(1)];
console.log(`tuning queries: ${tuning.map((d) => `${d.name} ${d.queries.length}`).join(', ')}; R@5 mean (metatool / livemcpbench / bfcl / mcp-catalog)`);

let best = START;
let bestScore = await score(best, tuning);
console.log(`start   tuning ${format(bestScore)}  holdout ${format(await score(best, holdout))}`);
for (let pass = 1; pass <= 3; pass += 1) {
  let changed = false;
  for (const { path, values } of GRID) {
    for (const value of values) {
      if (valueAt(best, path) === value) continue;
      const candidate = withValue(best, path, value);
      const result = await score(candidate, tuning);
      if (result.mean > bestScore.mean + 1e-9) {
        best = candidate;
        bestScore = result;
        changed = true;
        console.log(`pass ${pass}  ${path} = ${value}: tuning ${format(result)}`);
      }
    }
  }
  if (!changed) break;
}
console.log(`chosen  tuning ${format(bestScore)}  holdout ${format(await score(best, holdout))}`);
console.log(JSON.stringify(best, null, 2));
