import type { EvalRow } from './run-eval.js';

/**
 * What the searches of each eval row would load (see `EvalRow.loads`), as one Markdown table:
 * per search in `'load'` mode the tools and definition characters activated, the characters of
 * tools the query did not need, and the share of searches that loaded a needed tool; the
 * characters per needed tool found in `'load'` and in `'confirm'` mode (candidate list plus the
 * needed tools selected), and the model steps confirmation adds per search.
 */
export function formatLoadTable(rows: readonly EvalRow[]): string {
  const header = [
    'dataset',
    'ranker',
    'floor',
    'tools / search',
    'chars / search',
    'unused chars / search',
    'hit (loaded)',
    'chars / needed tool',
    'confirm: chars / search',
    'confirm: chars / needed tool',
    'confirm: extra steps / search',
  ];
  const body = rows.map(({ dataset, ranker, loads }) => [
    dataset,
    ranker,
    loads.floor ? 'yes' : 'no',
    loads.tools.toFixed(2),
    Math.round(loads.chars).toLocaleString('en-US'),
    Math.round(loads.unusedChars).toLocaleString('en-US'),
    (loads.hit * 100).toFixed(1),
    Math.round(loads.charsPerNeededTool).toLocaleString('en-US'),
    Math.round(loads.confirmChars).toLocaleString('en-US'),
    Math.round(loads.confirmCharsPerNeededTool).toLocaleString('en-US'),
    loads.confirmExtraSteps.toFixed(2),
  ]);
  const numeric = header.map((_, index) => index >= 3);
  return [
    `| ${header.join(' | ')} |`,
    `|${numeric.map((isNumeric) => (isNumeric ? '---:' : '---')).join('|')}|`,
    ...body.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n');
}
