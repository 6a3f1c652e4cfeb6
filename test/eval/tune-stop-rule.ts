// `npx tsx test/eval/tune-stop-rule.ts [--main DIR]`: chooses the stop rule of a search (C24, the
// relevance floor) by replaying each query's top 5 of the default ranker, with scores and
// definition sizes, under every rule of RULE_FAMILIES (stop-rule-replay.ts), on EVERY query of
// MetaTool, LiveMCPBench, BFCL and mcp-catalog (tuning half = even positions, held out = odd, as
// `half` of tuning-halves.ts splits them; no sampling: the target is stated on every query).
//
// Target (issue 14, C24): unused schema characters per search at most half of main 31a3830's
// (5 tools a search, no floor), and the hit of what is loaded no lower than main's hit@5.
// Choice: among the rules that meet it on the TUNING half of LiveMCPBench and BFCL and load at
// most half of main's unused characters on MetaTool's tuning half, the highest MetaTool hit
// (mcp-catalog is reported, not chosen on). Prints, per family, the chosen point on both halves
// and every query; the frontier per dataset (the best hit at ≤ 50% of main's unused characters,
// chosen on the tuning half, with its held-out value) and, as a bound on any rule that sees only
// scores and sizes, a model fitted per dataset (learned-stop-bound.ts); the other way round, the
// fewest unused characters that keep main's hit per dataset; and the shipped defaults.
//
// Main's numbers are the constants below, measured by the same replay over main 31a3830's ranker
// (`git archive 31a3830 src machines | tar -x -C DIR`, node_modules linked); `--main DIR`
// measures them again from such a copy.
import { fileURLToPath } from 'node:url';
import type { EvalDataset } from '../../src/eval/eval-dataset.js';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { rankerDocumentOf } from '../../src/search/ranker-document-of.js';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/search/search-options.js';
import type { RankedTool, RankerDocument } from '../../src/search/tool-ranker.js';
import { replay, replaySearches, RULE_FAMILIES, type ReplayedSearch, type ReplayResult, type StopRule } from './stop-rule-replay.js';
import { learnedStopRule } from './learned-stop-bound.js';
import { half } from './tuning-halves.js';

const DATASETS = fileURLToPath(new URL('../fixtures/datasets/', import.meta.url));
const NAMES = ['metatool', 'livemcpbench', 'bfcl', 'mcp-catalog'] as const;
type Name = (typeof NAMES)[number];
/** The datasets the rule is chosen on: the target must hold on LiveMCPBench and BFCL, then MetaTool's hit is maximised. */
const MUST_MEET: readonly Name[] = ['livemcpbench', 'bfcl'];
type Part = 'tuning' | 'heldOut' | 'every';
const PARTS: readonly Part[] = ['tuning', 'heldOut', 'every'];
const PARITY: Record<Part, 0 | 1 | undefined> = { tuning: 0, heldOut: 1, every: undefined };

/** Main 31a3830, top 5 with no floor: searches, searches that loaded a gold tool, unused characters in all. */
const MAIN: Record<Name, Record<Part, { searches: number; hits: number; unusedChars: number }>> = {
  metatool: { tuning: { searches: 10521, hits: 6644, unusedChars: 8614726 }, heldOut: { searches: 10520, hits: 6688, unusedChars: 8644865 }, every: { searches: 21041, hits: 13332, unusedChars: 17259591 } },
  livemcpbench: { tuning: { searches: 47, hits: 32, unusedChars: 254501 }, heldOut: { searches: 47, hits: 25, unusedChars: 267415 }, every: { searches: 94, hits: 57, unusedChars: 521916 } },
  bfcl: { tuning: { searches: 1176, hits: 929, unusedChars: 2874990 }, heldOut: { searches: 1175, hits: 944, unusedChars: 2854398 }, every: { searches: 2351, hits: 1873, unusedChars: 5729388 } },
  'mcp-catalog': { tuning: { searches: 160, hits: 96, unusedChars: 734360 }, heldOut: { searches: 160, hits: 99, unusedChars: 648516 }, every: { searches: 320, hits: 195, unusedChars: 1382876 } },
};

interface Reference {
  readonly hit: number;
  readonly unusedChars: number;
}
type Measured = Record<Name, Record<Part, ReplayResult>>;

const mainDirectory = process.argv.includes('--main') ? process.argv[process.argv.indexOf('--main') + 1] : undefined;
const datasets = new Map<Name, EvalDataset>();
for (const name of NAMES) datasets.set(name, await loadEvalDataset({ catalogFile: `${DATASETS}${name}/catalog.json`, queriesFile: `${DATASETS}${name}/queries.jsonl` }));

const searches = new Map<Name, ReplayedSearch[]>();
for (const name of NAMES) {
  const dataset = datasets.get(name)!;
  const ranker = createHybridRanker(dataset.tools.map((tool) => rankerDocumentOf({ ...tool, name: tool.id })));
  searches.set(name, replaySearches(dataset, (query, max) => ranker.rank(query, max)));
}
const reference = await mainReference();

const measure = (rule: StopRule): Measured =>
  Object.fromEntries(NAMES.map((name) => [name, Object.fromEntries(PARTS.map((part) => [part, replay(searches.get(name)!, rule, PARITY[part])]))])) as Measured;
const unusedShare = (result: ReplayResult, name: Name, part: Part) => result.unusedChars / reference[name][part].unusedChars;
const meets = (result: ReplayResult, name: Name, part: Part) => result.hit >= reference[name][part].hit - 1e-9 && unusedShare(result, name, part) <= 0.5;
const cell = (result: ReplayResult, name: Name, part: Part) => `${result.hit.toFixed(1)} / ${Math.round(100 * unusedShare(result, name, part))}%${meets(result, name, part) ? ' ✓' : ''}`;

const out = (line: string) => process.stdout.write(`${line}\n`);
out(`Main 31a3830 (top 5, no floor${mainDirectory === undefined ? ', the constants' : `, measured from ${mainDirectory}`}): hit / unused characters a search`);
out(`| dataset | ${PARTS.join(' | ')} |\n|---|---:|---:|---:|`);
for (const name of NAMES) out(`| ${name} | ${PARTS.map((part) => `${reference[name][part].hit.toFixed(1)} / ${Math.round(reference[name][part].unusedChars)}`).join(' | ')} |`);

out('\nEach cell: hit of what is loaded / unused characters as a share of main\'s (✓: meets the target on that part)');
out(`\nPer family, the point chosen on the tuning half (meet LiveMCPBench and BFCL, MetaTool ≤ 50% unused, then the best MetaTool hit):`);
out(`| family | parameters | part | ${NAMES.join(' | ')} |\n|---|---|---|${NAMES.map(() => '---:').join('|')}|`);
const chosen: { family: string; parameters: readonly number[]; measured: Measured }[] = [];
const frontiers = new Map<string, Map<Name, { parameters: readonly number[]; measured: Measured }>>();
const cheapest = new Map<string, Map<Name, { parameters: readonly number[]; measured: Measured }>>();
for (const family of RULE_FAMILIES) {
  let best: { parameters: readonly number[]; measured: Measured } | undefined;
  const frontier = new Map<Name, { parameters: readonly number[]; measured: Measured }>();
  const keeping = new Map<Name, { parameters: readonly number[]; measured: Measured }>();
  for (const parameters of family.grid) {
    const measured = measure(family.rule(parameters));
    const eligible = MUST_MEET.every((name) => meets(measured[name].tuning, name, 'tuning')) && unusedShare(measured.metatool.tuning, 'metatool', 'tuning') <= 0.5;
    if (eligible && (best === undefined || measured.metatool.tuning.hit > best.measured.metatool.tuning.hit)) best = { parameters, measured };
    for (const name of NAMES) {
      const current = frontier.get(name);
      if (unusedShare(measured[name].tuning, name, 'tuning') <= 0.5 && (current === undefined || measured[name].tuning.hit > current.measured[name].tuning.hit)) frontier.set(name, { parameters, measured });
      const least = keeping.get(name);
      if (measured[name].tuning.hit >= reference[name].tuning.hit - 1e-9 && (least === undefined || measured[name].tuning.unusedChars < least.measured[name].tuning.unusedChars)) keeping.set(name, { parameters, measured });
    }
  }
  frontiers.set(family.name, frontier);
  cheapest.set(family.name, keeping);
  if (best === undefined) {
    out(`| ${family.name} | none eligible | | ${NAMES.map(() => '').join(' | ')} |`);
    continue;
  }
  chosen.push({ family: family.name, ...best });
  for (const part of PARTS) out(`| ${family.name} | ${best.parameters.join(', ')} | ${part} | ${NAMES.map((name) => cell(best!.measured[name][part], name, part)).join(' | ')} |`);
}

/** One row per rule family: each dataset's point (tuning, with its parameters, then held out). */
function outFamilyTable(title: string, pointsOf: (family: string) => Map<Name, { parameters: readonly number[]; measured: Measured }>): void {
  out(title);
  out(`| family | ${NAMES.map((name) => `${name} tuning | ${name} held out`).join(' | ')} |\n|---|${NAMES.map(() => '---:|---:').join('|')}|`);
  for (const family of RULE_FAMILIES) {
    const points = pointsOf(family.name);
    out(`| ${family.name} | ${NAMES.map((name) => {
      const point = points.get(name);
      return point === undefined ? '– | –' : `${cell(point.measured[name].tuning, name, 'tuning')} (${point.parameters.join(', ')}) | ${cell(point.measured[name].heldOut, name, 'heldOut')}`;
    }).join(' | ')} |`);
  }
}

outFamilyTable('\nFrontier: per dataset and family, the best hit at ≤ 50% of main\'s unused characters on the tuning half (parameters chosen per dataset), and the same parameters held out:', (family) => frontiers.get(family)!);

// the bound of any rule on scores and sizes: a model fitted per dataset on its tuning half
out(`| learned bound (per dataset) | ${NAMES.map((name) => {
  const rule = learnedStopRule(searches.get(name)!, 0.5 * reference[name].tuning.unusedChars);
  return `${cell(replay(searches.get(name)!, rule, 0), name, 'tuning')} | ${cell(replay(searches.get(name)!, rule, 1), name, 'heldOut')}`;
}).join(' | ')} |`);

outFamilyTable('\nThe other way round: per dataset and family, the fewest unused characters (share of main\'s) on the tuning half that keep main\'s hit there, and the same parameters held out:', (family) => cheapest.get(family)!);

const shipped = RULE_FAMILIES.find((family) => family.name === 'sized')!.rule([DEFAULT_SEARCH_OPTIONS.relevanceFloor, DEFAULT_SEARCH_OPTIONS.relevanceFloorSlope]);
const defaults = measure(shipped);
out(`\nThe shipped defaults (relevanceFloor ${DEFAULT_SEARCH_OPTIONS.relevanceFloor}, relevanceFloorSlope ${DEFAULT_SEARCH_OPTIONS.relevanceFloorSlope}):`);
out(`| part | ${NAMES.join(' | ')} |\n|---|${NAMES.map(() => '---:').join('|')}|`);
for (const part of PARTS) out(`| ${part} | ${NAMES.map((name) => `${cell(defaults[name][part], name, part)} (${defaults[name][part].tools.toFixed(2)} tools, ${Math.round(defaults[name][part].unusedChars)} unused)`).join(' | ')} |`);
const winner = chosen.sort((a, b) => b.measured.metatool.tuning.hit - a.measured.metatool.tuning.hit)[0];
if (winner !== undefined) out(`\nBest on the tuning half: ${winner.family} (${winner.parameters.join(', ')}); MetaTool meets the target on the tuning half: ${meets(winner.measured.metatool.tuning, 'metatool', 'tuning') ? 'yes' : 'no'}`);

/** Main's hit and unused characters a search per dataset and part: the constants, or measured from `--main DIR`. */
async function mainReference(): Promise<Record<Name, Record<Part, Reference>>> {
  const counts = mainDirectory === undefined ? MAIN : await measureMain(mainDirectory);
  return Object.fromEntries(
    NAMES.map((name) => [name, Object.fromEntries(PARTS.map((part) => [part, { hit: (100 * counts[name][part].hits) / counts[name][part].searches, unusedChars: counts[name][part].unusedChars / counts[name][part].searches }]))]),
  ) as Record<Name, Record<Part, Reference>>;
}

async function measureMain(directory: string): Promise<typeof MAIN> {
  type Build = (documents: readonly RankerDocument[]) => { rank(query: string, max: number): RankedTool[] };
  const { createHybridRanker: build } = (await import(`${directory}/src/search/create-hybrid-ranker.ts`)) as { createHybridRanker: Build };
  const { rankerDocumentOf: documentOf } = (await import(`${directory}/src/search/ranker-document-of.ts`)) as { rankerDocumentOf: typeof rankerDocumentOf };
  const result = {} as Record<Name, Record<Part, { searches: number; hits: number; unusedChars: number }>>;
  for (const name of NAMES) {
    const dataset = datasets.get(name)!;
    const ranker = build(dataset.tools.map((tool) => documentOf({ ...tool, name: tool.id })));
    const replayed = replaySearches(dataset, (query, max) => ranker.rank(query, max));
    result[name] = Object.fromEntries(
      PARTS.map((part) => {
        const measured = replay(replayed, () => true, PARITY[part]);
        const parity = PARITY[part];
        const searchCount = parity === undefined ? dataset.queries.length : half(dataset, parity).queries.length;
        return [part, { searches: searchCount, hits: Math.round((measured.hit * searchCount) / 100), unusedChars: Math.round(measured.unusedChars * searchCount) }];
      }),
    ) as Record<Part, { searches: number; hits: number; unusedChars: number }>;
  }
  return result;
}
