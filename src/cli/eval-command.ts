import { access } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { EvalDataset } from '../eval/eval-dataset.js';
import { DEFAULT_EVAL_RANKERS, EVAL_RANKERS } from '../eval/eval-rankers.js';
import { exactNameQueries } from '../eval/exact-name-queries.js';
import { formatEvalTable } from '../eval/format-eval-table.js';
import { formatLoadTable } from '../eval/format-load-table.js';
import { loadEvalDataset } from '../eval/load-eval-dataset.js';
import { formatPrefetchVisibility, prefetchVisibility } from '../eval/prefetch-visibility.js';
import { runEval, type EvalRow } from '../eval/run-eval.js';
import { sampleQueries } from '../eval/sample-queries.js';
import type { CliCommand } from './cli-command.js';
import { CliUsageError } from './cli-usage-error.js';
import { loadOptionalPackages } from './load-optional-packages.js';
import { NODE_OPTIONAL_PACKAGES } from './optional-packages.js';

/**
 * `turnscope eval (--dataset DIR … | --catalog FILE [--queries FILE] | --catalog FILE …)
 * [--ranker A,B] [--k 1,3,5,10] [--max-queries N] [--exact-names] [--json]`: recall@k, hit@k,
 * MRR, nDCG@10 and latency per dataset and ranker in one table, then per dataset how often
 * prefetch (C25, limit 5) would make the needed tool visible at step 0, then what one search would
 * load per dataset and ranker in `'load'` and `'confirm'` mode (tools, characters, unused
 * characters, characters per needed tool found, extra steps; C22, C24). A catalog without
 * queries is evaluated on its exact names. Progress goes to stderr. Exit 0; 1 when a dataset
 * file is missing, malformed (`EvalDatasetError`) or a catalog with no tools, the file named;
 * 2 for a usage error (an unknown ranker, a bad `--k` or `--max-queries`, no dataset) or when a
 * chosen ranker's optional peer dependency (`minisearch` for `minisearch-bm25`, a default one) is not installed.
 */
export const evalCommand: CliCommand = async (args, io) => {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      dataset: { type: 'string', multiple: true },
      catalog: { type: 'string', multiple: true },
      queries: { type: 'string' },
      ranker: { type: 'string' },
      k: { type: 'string' },
      'max-queries': { type: 'string' },
      'exact-names': { type: 'boolean' },
      json: { type: 'boolean' },
    },
  });
  if (positionals.length > 0) throw new CliUsageError({ message: `Unexpected argument ${JSON.stringify(positionals[0])} after eval.` });
  const ks = parseKs(values.k ?? '1,3,5,10');
  const rankers = parseRankers(values.ranker);
  for (const ranker of rankers.filter((factory) => (factory.requires ?? []).length > 0)) {
    const others = rankers.filter((factory) => factory !== ranker).map((factory) => factory.name);
    await loadOptionalPackages({
      packages: io.packages ?? NODE_OPTIONAL_PACKAGES,
      neededBy: `turnscope eval's ranker ${ranker.name}${others.length === 0 ? '' : ` (or leave it out: --ranker ${others.join(',')})`}`,
      imports: ranker.requires ?? [],
    });
  }
  const maxQueries = values['max-queries'] === undefined ? undefined : positiveInteger('--max-queries', values['max-queries']);

  const sources: { catalogFile: string; queriesFile: string | undefined; name: string }[] = [];
  const catalogs = values.catalog ?? [];
  if (values.queries !== undefined && catalogs.length !== 1) throw new CliUsageError({ message: '--queries needs exactly one --catalog FILE.' });
  for (const catalog of catalogs) {
    const queriesFile = values.queries === undefined ? undefined : resolve(values.queries);
    sources.push({ catalogFile: resolve(catalog), queriesFile, name: basename(resolve(catalog, '..')) });
  }
  for (const directory of values.dataset ?? []) {
    const queriesFile = join(resolve(directory), 'queries.jsonl');
    sources.push({ catalogFile: join(resolve(directory), 'catalog.json'), queriesFile: (await exists(queriesFile)) ? queriesFile : undefined, name: basename(resolve(directory)) });
  }
  if (sources.length === 0) throw new CliUsageError({ message: 'eval needs --dataset DIR or --catalog FILE [--queries FILE].' });

  const datasets: EvalDataset[] = [];
  for (const source of sources) {
    const dataset = await loadEvalDataset({ catalogFile: source.catalogFile, name: source.name, ...(source.queriesFile === undefined ? {} : { queriesFile: source.queriesFile }) });
    const dropped = dataset.droppedQueries ?? [];
    if (dropped.length > 0) {
      const shown = dropped.slice(0, 5).join(', ') + (dropped.length > 5 ? ', …' : '');
      io.stderr(`turnscope eval: ${dataset.name}: left out ${dropped.length} ${dropped.length === 1 ? 'query' : 'queries'} whose gold names no tool of the catalog (${shown})`);
    }
    if (dataset.queries.length > 0) datasets.push(dataset);
    if (values['exact-names'] === true || dataset.queries.length === 0) datasets.push(exactNameQueries(dataset));
  }
  const sampled = maxQueries === undefined ? datasets : datasets.map((dataset) => sampleQueries(dataset, maxQueries));
  const startedAt = performance.now();
  const rows = await runEval({
    datasets: sampled,
    rankers,
    ks,
    onRow: (row) => io.stderr(`turnscope eval: ${row.dataset} × ${row.ranker}: R@5 ${percent(row.recall[5])} (${seconds(performance.now() - startedAt)} s so far)`),
  });
  // prefetch (C25): how often the needed tool would be visible at step 0, per dataset
  const prefetch = prefetchVisibility({ datasets: sampled });
  if (values.json === true) {
    io.stdout(JSON.stringify({ ks, rows, prefetch }, null, 2));
  } else {
    io.stdout(formatEvalTable(rows, ks));
    const margins = formatMargins(rows);
    if (margins !== undefined) io.stdout(`\n${margins}`);
    io.stdout(`\nprefetch (opt-in, limit ${prefetch[0]?.limit ?? 5}): the needed tool visible at step 0 without a search\n${formatPrefetchVisibility(prefetch)}`);
    io.stdout(`\nWhat one search loads (no limit given, nothing active yet, the default bounds and relevance floor; confirm mode: the model selects exactly the needed candidates):\n`);
    io.stdout(formatLoadTable(rows));
  }
  return 0;
};

function parseKs(text: string): number[] {
  const ks = text.split(',').map((part) => positiveInteger('--k', part.trim()));
  return [...new Set(ks)].sort((a, b) => a - b);
}

function parseRankers(text: string | undefined) {
  const names = text === undefined ? DEFAULT_EVAL_RANKERS : text.split(',').map((name) => name.trim());
  return names.map((name) => {
    const factory = EVAL_RANKERS.find((candidate) => candidate.name === name);
    if (factory === undefined) {
      throw new CliUsageError({ message: `Unknown ranker ${JSON.stringify(name)}: the rankers are ${EVAL_RANKERS.map((known) => known.name).join(', ')}.` });
    }
    return factory;
  });
}

function positiveInteger(option: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new CliUsageError({ message: `${option} takes whole numbers ≥ 1; got ${JSON.stringify(text)}.` });
  return value;
}

/**
 * Per dataset: turnscope's recall@5 (recall@1 for exact-name queries, which must come back at
 * rank 1) against the best other ranker's, when both ran and that k was asked for.
 */
function formatMargins(rows: readonly EvalRow[]): string | undefined {
  const lines: string[] = [];
  for (const dataset of [...new Set(rows.map((row) => row.dataset))]) {
    const k = dataset.endsWith('(exact names)') ? 1 : 5;
    const ours = rows.find((row) => row.dataset === dataset && row.ranker === 'turnscope');
    const others = rows.filter((row) => row.dataset === dataset && row.ranker !== 'turnscope' && row.recall[k] !== undefined);
    if (ours?.recall[k] === undefined || others.length === 0) continue;
    const best = others.reduce((a, b) => (b.recall[k]! > a.recall[k]! ? b : a));
    const margin = (ours.recall[k] - best.recall[k]!) * 100;
    lines.push(
      `${dataset}: turnscope R@${k} ${percent(ours.recall[k])} vs best other ${best.ranker} ${percent(best.recall[k])} ` +
        `(${margin >= 0 ? '+' : ''}${margin.toFixed(1)} points)`,
    );
  }
  return lines.length === 0 ? undefined : lines.join('\n');
}

function percent(value: number | undefined): string {
  return value === undefined ? '–' : (value * 100).toFixed(1);
}

function seconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(1);
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
