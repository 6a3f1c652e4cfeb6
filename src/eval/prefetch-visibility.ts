import { createHybridRanker } from '../search/create-hybrid-ranker.js';
import { rankerDocumentOf } from '../search/ranker-document-of.js';
import { DEFAULT_SEARCH_OPTIONS } from '../search/search-options.js';
import { runToolSearch } from '../tool-search/run-tool-search.js';
import type { EvalDataset } from './eval-dataset.js';
import { evalToolChars } from './simulate-search-loads.js';

/** How often prefetch (C25) would make a needed tool visible at step 0, on one dataset. */
export interface PrefetchVisibilityRow {
  readonly dataset: string;
  /** The prefetch `limit`. */
  readonly limit: number;
  readonly queries: number;
  /** Share of queries, in [0, 1], whose prefetch activated at least one gold tool. */
  readonly visible: number;
  /** Mean tools the prefetch activated per query. */
  readonly meanActivated: number;
  /** Mean schema characters the prefetch activated per query. */
  readonly meanSchemaChars: number;
}

/**
 * Runs the prefetch a turn would run (C25) for every query of every dataset: the query as the
 * user's message, cut to `search.maxQueryChars`, searched with turnscope's default ranker and
 * the default search bounds (C10, C24: the relevance floor too) by the same `runToolSearch`
 * a turn uses, at most `limit` tools. A query counts when a tool its gold names is among those activated — visible at step 0
 * without the model searching. Each tool's schema characters (the floor's size, C24, and
 * `meanSchemaChars`, C22) are {@link evalToolChars}, the measure of `runEval`'s "what one search loads".
 *
 * @param options.limit the prefetch limit. Default 5 (the default search limit).
 */
export function prefetchVisibility(options: { readonly datasets: readonly EvalDataset[]; readonly limit?: number }): PrefetchVisibilityRow[] {
  const limit = options.limit ?? DEFAULT_SEARCH_OPTIONS.defaultLimit;
  return options.datasets.map((dataset) => {
    const ranker = createHybridRanker(dataset.tools.map((tool) => rankerDocumentOf({ ...tool, name: tool.id })));
    const nameOf = new Map(dataset.tools.map((tool) => [tool.id, tool.name]));
    // the measure of "what one search loads" (run-eval.ts), so the two tables agree
    const charsOf = new Map(dataset.tools.map((tool) => [tool.id, evalToolChars(tool)]));
    let visible = 0;
    let activated = 0;
    let schemaChars = 0;
    for (const query of dataset.queries) {
      const outcome = runToolSearch({
        // as a turn's prefetch: the limit in place of the default one, under the relevance floor (C24)
        input: { query: query.query.slice(0, DEFAULT_SEARCH_OPTIONS.maxQueryChars) },
        ranker,
        search: { ...DEFAULT_SEARCH_OPTIONS, defaultLimit: limit },
        isSearchable: () => true,
        alreadyActive: new Set(),
        schemaCharsOf: (name) => charsOf.get(name) ?? 0,
      });
      if (!outcome.ok) continue;
      const names = outcome.newlyActivated.map((id) => nameOf.get(id) ?? id);
      if (names.some((name) => query.gold.includes(name))) visible += 1;
      activated += names.length;
      schemaChars += outcome.record.schemaCharsActivated;
    }
    const count = Math.max(1, dataset.queries.length);
    return { dataset: dataset.name, limit, queries: dataset.queries.length, visible: visible / count, meanActivated: activated / count, meanSchemaChars: schemaChars / count };
  });
}

/** A markdown table of {@link prefetchVisibility}'s rows. */
export function formatPrefetchVisibility(rows: readonly PrefetchVisibilityRow[]): string {
  const lines = [
    '| dataset | queries | prefetch limit | needed tool visible at step 0 | tools loaded | schema chars loaded |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.dataset} (prefetch) | ${row.queries.toLocaleString('en-US')} | ${row.limit} | ${(row.visible * 100).toFixed(1)}% | ${row.meanActivated.toFixed(2)} | ${Math.round(row.meanSchemaChars).toLocaleString('en-US')} |`,
    );
  }
  return lines.join('\n');
}
