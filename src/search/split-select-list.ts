import { selectLines } from './select-lines.js';

/** A `select:` prefix, any case. */
const SELECT_PREFIX = /^select:/i;

/**
 * The entries of a `select:` list, as every reader of one splits it (C9): the standalone rankers
 * (`createHybridRanker`, `createSemanticRanker`), `tool_search`'s checks of each entry, and what a
 * `select:` may load. Runs of line breaks, tabs, semicolons and ideographic commas `、` are read
 * as one comma ({@link selectLines}, `LIST_SEPARATORS`), then the list is split at commas; each
 * piece is trimmed and its surrounding quotes and backticks dropped.
 *
 * @param query the query in normal form (`normalizeNameText`, which maps `，` `；` to `,` `;`), trimmed.
 * @param maxChars characters of the query (after the separator runs are made commas, prefix
 *   included) that are read; the rest is ignored.
 * @returns every piece in query order, empty ones (`,,`) included, so a cap on entries counts
 *   them; `undefined` when the query is no `select:`.
 */
export function splitSelectList(query: string, maxChars: number): string[] | undefined {
  const selected = SELECT_PREFIX.exec(query);
  if (selected === null) return undefined;
  return selectLines(query)
    .slice(selected[0].length, maxChars)
    .split(',')
    .map((piece) => piece.trim().replace(/^[`'"]+|[`'"]+$/g, ''));
}
