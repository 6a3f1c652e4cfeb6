import type { EvalDataset } from './eval-dataset.js';
import type { EvalRankerFactory } from './eval-ranker.js';
import { retrievalMetrics } from './retrieval-metrics.js';
import { DEFAULT_SEARCH_OPTIONS } from '../search/search-options.js';
import { evalToolChars, simulateSearchLoads, type SimulatedSearchOptions } from './simulate-search-loads.js';

/**
 * What the searches of one eval row would load (C22, C24), means per search: each query is one
 * `tool_search` call with no `limit`, nothing active yet, the runtime's default bounds.
 */
export interface EvalLoads {
  /** True when the relevance floor applied (the ranker gives scores); otherwise the top `limit` load. */
  readonly floor: boolean;
  /** `'load'` mode: tools activated per search. */
  readonly tools: number;
  /** `'load'` mode: definition characters activated per search. */
  readonly chars: number;
  /** Of `chars`, the characters of tools the query did not need. */
  readonly unusedChars: number;
  /** Share of searches that loaded a needed tool: hit@limit of what was loaded. */
  readonly hit: number;
  /** `'load'` mode: characters loaded per needed tool found (all searches' characters over all needed tools found). */
  readonly charsPerNeededTool: number;
  /** `'confirm'` mode: candidate list plus the needed tools selected, characters per search. */
  readonly confirmChars: number;
  /** `'confirm'` mode: those characters per needed tool found. */
  readonly confirmCharsPerNeededTool: number;
  /** `'confirm'` mode: extra model steps per search (the `select:` step), the share of searches with candidates. */
  readonly confirmExtraSteps: number;
}

/** The eval result of one ranker on one dataset. Metrics are means over the queries, in [0, 1]. */
export interface EvalRow {
  readonly dataset: string;
  readonly ranker: string;
  readonly tools: number;
  readonly queries: number;
  /** Queries in the dataset before sampling. */
  readonly totalQueries: number;
  /** k → mean recall@k. */
  readonly recall: Readonly<Record<number, number>>;
  /** k → share of queries with a gold tool in the top k. */
  readonly hit: Readonly<Record<number, number>>;
  /** Mean reciprocal rank of the first gold tool within the ranked depth (max k, at least 10). */
  readonly mrr: number;
  readonly ndcg10: number;
  /** Mean time of one `rank` call, in milliseconds. */
  readonly meanMs: number;
  /** 95th percentile of one `rank` call, in milliseconds. */
  readonly p95Ms: number;
  /** Time to build the ranker over the catalog, in milliseconds. */
  readonly buildMs: number;
  /** What the searches would load, in `'load'` and `'confirm'` mode. */
  readonly loads: EvalLoads;
}

/** Queries run before timing starts (not scored twice: their results are discarded), so JIT warm-up is not timed. */
const WARM_UP_QUERIES = 10;

/**
 * Runs every ranker over every dataset, one query at a time, and scores the ranked lists by
 * tool name (a tool offered by several groups counts under its name). Deterministic apart
 * from the latencies.
 *
 * @param options.ks cut-offs for recall@k and hit@k, e.g. `[1, 3, 5, 10]`.
 * @param options.search bounds of the simulated searches behind `loads`. Default: the runtime's
 *   (`limit` 5, `maxSchemaChars` 65,536, `relevanceFloor` 0.62, `relevanceFloorSlope` 0.175, `relevanceFloorNameWeight` 0.8).
 * @param options.onRow called as each row finishes (for progress output).
 */
export async function runEval(options: {
  readonly datasets: readonly EvalDataset[];
  readonly rankers: readonly EvalRankerFactory[];
  readonly ks: readonly number[];
  readonly onRow?: (row: EvalRow) => void;
  readonly now?: () => number;
  readonly search?: Partial<SimulatedSearchOptions>;
}): Promise<EvalRow[]> {
  const search: SimulatedSearchOptions = {
    limit: DEFAULT_SEARCH_OPTIONS.defaultLimit,
    maxSchemaChars: DEFAULT_SEARCH_OPTIONS.maxSchemaChars,
    relevanceFloor: DEFAULT_SEARCH_OPTIONS.relevanceFloor,
    relevanceFloorSlope: DEFAULT_SEARCH_OPTIONS.relevanceFloorSlope,
    relevanceFloorNameWeight: DEFAULT_SEARCH_OPTIONS.relevanceFloorNameWeight,
    ...options.search,
  };
  const now = options.now ?? (() => performance.now());
  const depth = Math.max(10, ...options.ks);
  const rows: EvalRow[] = [];
  for (const dataset of options.datasets) {
    const nameOf = new Map(dataset.tools.map((tool) => [tool.id, tool.name]));
    const toolById = new Map(dataset.tools.map((tool) => [tool.id, tool]));
    const charsById = new Map(dataset.tools.map((tool) => [tool.id, evalToolChars(tool)]));
    for (const factory of options.rankers) {
      const builtAt = now();
      const ranker = await factory.build({ tools: dataset.tools, depth });
      const buildMs = now() - builtAt;
      for (const query of dataset.queries.slice(0, WARM_UP_QUERIES)) await ranker.rank(query.query, depth);
      const durations: number[] = [];
      const recall = new Map<number, number>();
      const hit = new Map<number, number>();
      let mrr = 0;
      let ndcg10 = 0;
      const load = { tools: 0, chars: 0, unusedChars: 0, hits: 0, found: 0, candidateChars: 0, confirmedChars: 0, withCandidates: 0 };
      for (const query of dataset.queries) {
        const startedAt = now();
        const ids = await ranker.rank(query.query, depth);
        durations.push(now() - startedAt);
        const ranking = ranker.rankScored?.(query.query, depth) ?? ids.map((id) => ({ id }));
        const simulated = simulateSearchLoads({ ranking, query, toolById, charsById, search });
        load.tools += simulated.loadedTools;
        load.chars += simulated.loadedChars;
        load.unusedChars += simulated.unusedChars;
        load.hits += simulated.neededFound > 0 ? 1 : 0;
        load.found += simulated.neededFound;
        load.candidateChars += simulated.candidateChars;
        load.confirmedChars += simulated.confirmedChars;
        load.withCandidates += simulated.loadedTools > 0 ? 1 : 0;
        const metrics = retrievalMetrics({ ranked: ids.slice(0, depth).map((id) => nameOf.get(id) ?? id), gold: query.gold, ks: options.ks });
        for (const k of options.ks) {
          recall.set(k, (recall.get(k) ?? 0) + metrics.recall.get(k)!);
          hit.set(k, (hit.get(k) ?? 0) + metrics.hit.get(k)!);
        }
        mrr += metrics.reciprocalRank;
        ndcg10 += metrics.ndcg10;
      }
      const count = Math.max(1, dataset.queries.length);
      const row: EvalRow = {
        dataset: dataset.name,
        ranker: factory.name,
        tools: dataset.tools.length,
        queries: dataset.queries.length,
        totalQueries: dataset.totalQueries,
        recall: Object.fromEntries(options.ks.map((k) => [k, recall.get(k)! / count])),
        hit: Object.fromEntries(options.ks.map((k) => [k, hit.get(k)! / count])),
        mrr: mrr / count,
        ndcg10: ndcg10 / count,
        meanMs: durations.reduce((sum, duration) => sum + duration, 0) / count,
        p95Ms: percentile(durations, 0.95),
        buildMs,
        loads: {
          floor: ranker.rankScored !== undefined && search.relevanceFloor > 0,
          tools: load.tools / count,
          chars: load.chars / count,
          unusedChars: load.unusedChars / count,
          hit: load.hits / count,
          charsPerNeededTool: load.found === 0 ? 0 : load.chars / load.found,
          confirmChars: (load.candidateChars + load.confirmedChars) / count,
          confirmCharsPerNeededTool: load.found === 0 ? 0 : (load.candidateChars + load.confirmedChars) / load.found,
          confirmExtraSteps: load.withCandidates / count,
        },
      };
      rows.push(row);
      options.onRow?.(row);
    }
  }
  return rows;
}

/** The nearest-rank percentile of `values` (0 for none). */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}
