// Search latency, index build time (wall and CPU) and memory, the first search after the
// build and the next, one writing a two-capital word (`PRs`), of the rankers at 1,000, 10,000, 50,000 and 100,000 tools (part of `npm run bench`).
// The turnscope ranker's once-per-process read of the shipped thesaurus is timed before any build, on a
// row of its own. Prints a Markdown table; asserts nothing.
import { fileURLToPath } from 'node:url';
import type { EvalQuery, EvalTool } from '../../src/eval/eval-dataset.js';
import type { EvalRankerFactory } from '../../src/eval/eval-ranker.js';
import { aiSdkToolSearchRanker } from '../../src/eval/ai-sdk-tool-search-ranker.js';
import { miniSearchDefaultsRanker } from '../../src/eval/baseline-rankers.js';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { percentile } from '../../src/eval/run-eval.js';
import { sampleQueries } from '../../src/eval/sample-queries.js';
import { hybridEvalRanker } from '../../src/eval/turnscope-rankers.js';
import { shippedThesaurus } from '../../src/search/shipped-thesaurus.js';
import { synthesizeCatalog } from './synthesize-catalog.js';

export const CATALOG_SIZES = [1_000, 10_000, 50_000, 100_000];
/** Queries timed per ranker and size: real queries of the three query sets plus exact names. */
const QUERIES_PER_SET = 100;
const EXACT_NAME_QUERIES = 50;
/** The AI SDK scores every tool per query (0.1 s at 50,000 tools): fewer queries for it. */
const SLOW_RANKER_QUERIES = 60;
/** The search timed after the first: it writes a two-capital word, whose acronyms the turnscope ranker counts on first use. */
const ACRONYM_QUERY = 'list open PRs';

export interface SearchBenchRow {
  readonly ranker: string;
  readonly tools: number;
  readonly queries: number;
  /** Wall time of the build, in ms. */
  readonly buildMs: number;
  /** CPU time of the build (user + system, every thread of the process: the garbage collector's too), in ms: less sensitive to other work on the machine than `buildMs`. */
  readonly buildCpuMs: number;
  /** Heap kept by the built ranker, in MB (`undefined` without --expose-gc). */
  readonly heapMb: number | undefined;
  /** Wall time of the first `rank` call after the build (the first query, before the warm-up), in ms: it pays for whatever the ranker builds on first use. */
  readonly firstSearchMs: number;
  /**
   * Wall time of the next search, one writing a two-capital word (`list open PRs`), in ms: the
   * turnscope ranker counts the name words' acronyms on the first such search, not in its build.
   */
  readonly firstAcronymSearchMs: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly meanMs: number;
}

/**
 * Reading and decoding the shipped thesaurus (src/search/glove-thesaurus.bin), which the
 * turnscope ranker's first build in a process does and no later one: timed alone, before any
 * build, so that it lands in no size's build row (it would be the 10,000-tool row's with
 * `--sizes 10000`, the 1,000-tool row's with the default sizes).
 */
export interface ThesaurusReadRow {
  /** Wall time of the read, in ms. */
  readonly wallMs: number;
  /** CPU time of the read (user + system, every thread of the process), in ms. */
  readonly cpuMs: number;
  /** Heap the decoded thesaurus keeps, in MB (`undefined` without --expose-gc). */
  readonly heapMb: number | undefined;
}

/** What {@link runSearchBench} measured: a row per ranker and size, and the thesaurus read (`undefined` when the turnscope ranker was not timed, or the thesaurus was read before). */
export interface SearchBenchResult {
  readonly rows: readonly SearchBenchRow[];
  readonly thesaurusRead: ThesaurusReadRow | undefined;
}

const root = fileURLToPath(new URL('../fixtures/datasets/', import.meta.url));
const gc = (globalThis as { gc?: () => void }).gc;

function heapUsed(): number | undefined {
  if (gc === undefined) return undefined;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

export async function runSearchBench(
  options: {
    readonly onRow?: (row: SearchBenchRow) => void;
    readonly sizes?: readonly number[];
    /** Names of the rankers to time (`turnscope`, `minisearch-bm25`, `ai-sdk-tool-search`). Default: all three. */
    readonly rankers?: readonly string[];
    /** Synthesize catalogs whose tools share no description or parameter name (see {@link synthesizeCatalog}). Default `false`. */
    readonly distinctText?: boolean;
  } = {},
): Promise<SearchBenchResult> {
  const pool: EvalTool[] = [];
  const realQueries: EvalQuery[] = [];
  for (const name of ['metatool', 'livemcpbench', 'bfcl', 'mcp-catalog']) {
    const hasQueries = name !== 'mcp-catalog';
    const dataset = await loadEvalDataset({ catalogFile: `${root}${name}/catalog.json`, ...(hasQueries ? { queriesFile: `${root}${name}/queries.jsonl` } : {}) });
    pool.push(...dataset.tools.map((tool) => ({ ...tool, id: pool.some((other) => other.id === tool.id) ? `${name}__${tool.id}` : tool.id })));
    realQueries.push(...sampleQueries(dataset, QUERIES_PER_SET).queries);
  }
  const rankers: EvalRankerFactory[] = [hybridEvalRanker(), miniSearchDefaultsRanker, aiSdkToolSearchRanker].filter(
    (factory) => options.rankers === undefined || options.rankers.includes(factory.name),
  );
  const thesaurusRead = rankers.some((factory) => factory.name === 'turnscope') ? timeThesaurusRead() : undefined;
  const rows: SearchBenchRow[] = [];
  for (const size of options.sizes ?? CATALOG_SIZES) {
    const tools = synthesizeCatalog(pool, size, { distinctText: options.distinctText === true });
    const step = Math.max(1, Math.floor(tools.length / EXACT_NAME_QUERIES));
    const queries = [...realQueries.map((query) => query.query), ...tools.filter((_, index) => index % step === 0).slice(0, EXACT_NAME_QUERIES).map((tool) => tool.id)];
    for (const factory of rankers) {
      const before = heapUsed();
      const startedAt = performance.now();
      const cpuAt = process.cpuUsage();
      const ranker = await factory.build({ tools, depth: 10 });
      const buildMs = performance.now() - startedAt;
      const cpu = process.cpuUsage(cpuAt);
      const after = heapUsed();
      const timed = factory === aiSdkToolSearchRanker ? queries.filter((_, index) => index % Math.ceil(queries.length / SLOW_RANKER_QUERIES) === 0) : queries;
      const firstAt = performance.now();
      await ranker.rank(timed[0]!, 10);
      const firstSearchMs = performance.now() - firstAt;
      const acronymAt = performance.now();
      await ranker.rank(ACRONYM_QUERY, 10);
      const firstAcronymSearchMs = performance.now() - acronymAt;
      for (const query of timed.slice(1, 10)) await ranker.rank(query, 10);
      const durations: number[] = [];
      for (const query of timed) {
        const queryStartedAt = performance.now();
        await ranker.rank(query, 10);
        durations.push(performance.now() - queryStartedAt);
      }
      const row: SearchBenchRow = {
        ranker: factory.name,
        tools: size,
        queries: timed.length,
        buildMs,
        buildCpuMs: (cpu.user + cpu.system) / 1000,
        heapMb: before === undefined || after === undefined ? undefined : (after - before) / 2 ** 20,
        firstSearchMs,
        firstAcronymSearchMs,
        p50Ms: percentile(durations, 0.5),
        p95Ms: percentile(durations, 0.95),
        meanMs: durations.reduce((sum, value) => sum + value, 0) / durations.length,
      };
      rows.push(row);
      options.onRow?.(row);
      // keep the ranker alive until its heap was measured, then let it go
      void ranker;
    }
  }
  return { rows, thesaurusRead };
}

let thesaurusTimed = false;

/** Reads the shipped thesaurus once and times it ({@link ThesaurusReadRow}); `undefined` on a second call in the process, which reads nothing. */
function timeThesaurusRead(): ThesaurusReadRow | undefined {
  if (thesaurusTimed) return undefined;
  thesaurusTimed = true;
  const before = heapUsed();
  const startedAt = performance.now();
  const cpuAt = process.cpuUsage();
  const thesaurus = shippedThesaurus();
  const wallMs = performance.now() - startedAt;
  const cpu = process.cpuUsage(cpuAt);
  const after = heapUsed();
  void thesaurus;
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, heapMb: before === undefined || after === undefined ? undefined : (after - before) / 2 ** 20 };
}

export function formatSearchBench({ rows, thesaurusRead }: SearchBenchResult): string {
  const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
  return [
    '| ranker | tools | queries | search p50 ms | search p95 ms | mean ms | first search ms | first PR search ms | index build wall ms | index build CPU ms | index heap MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.ranker} | ${row.tools.toLocaleString('en-US')} | ${row.queries} | ${ms(row.p50Ms)} | ${ms(row.p95Ms)} | ${ms(row.meanMs)} | ${ms(row.firstSearchMs)} | ${ms(row.firstAcronymSearchMs)} | ${ms(row.buildMs)} | ${ms(row.buildCpuMs)} | ${row.heapMb === undefined ? 'n/a' : row.heapMb.toFixed(1)} |`,
    ),
    // once per process, before the first build: in no build row above
    ...(thesaurusRead === undefined
      ? []
      : [`| turnscope: thesaurus read, once per process (in no row above) | – | – | – | – | – | – | – | ${ms(thesaurusRead.wallMs)} | ${ms(thesaurusRead.cpuMs)} | ${thesaurusRead.heapMb === undefined ? 'n/a' : thesaurusRead.heapMb.toFixed(1)} |`]),
  ].join('\n');
}
