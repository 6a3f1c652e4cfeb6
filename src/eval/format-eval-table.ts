import type { EvalRow } from './run-eval.js';

/**
 * The eval rows as one Markdown table: recall@k, hit@k, MRR and nDCG@10 in percent (one
 * decimal), mean and p95 latency per query in milliseconds, build time.
 */
export function formatEvalTable(rows: readonly EvalRow[], ks: readonly number[]): string {
  const header = [
    'dataset',
    'ranker',
    'tools',
    'queries',
    ...ks.map((k) => `R@${k}`),
    ...ks.map((k) => `hit@${k}`),
    'MRR',
    'nDCG@10',
    'mean ms',
    'p95 ms',
    'build ms',
  ];
  const body = rows.map((row) => [
    row.dataset,
    row.ranker,
    row.tools.toLocaleString('en-US'),
    row.queries === row.totalQueries
      ? row.queries.toLocaleString('en-US')
      : `${row.queries.toLocaleString('en-US')} of ${row.totalQueries.toLocaleString('en-US')}`,
    ...ks.map((k) => percent(row.recall[k]!)),
    ...ks.map((k) => percent(row.hit[k]!)),
    percent(row.mrr),
    percent(row.ndcg10),
    milliseconds(row.meanMs),
    milliseconds(row.p95Ms),
    milliseconds(row.buildMs),
  ]);
  const numeric = header.map((_, index) => index >= 2);
  return [
    `| ${header.join(' | ')} |`,
    `|${numeric.map((isNumeric) => (isNumeric ? '---:' : '---')).join('|')}|`,
    ...body.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n');
}

function percent(value: number): string {
  return (value * 100).toFixed(1);
}

function milliseconds(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}
