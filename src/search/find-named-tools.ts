import { normalizeNameText } from './normalize-name-text.js';
import { splitNameWords } from './split-name-words.js';
import { splitSelectList } from './split-select-list.js';
import type { SharedAliases } from './index-aliases.js';
import { toolsNamedBy } from './tools-named-by.js';

/** Names one `select:` query may list; the rest are ignored. */
const MAX_SELECTED = 64;

/** Tools a query names outright, in the order it names them (C9). */
export interface NamedTools {
  /** True for a `select:a,b` query: only the listed tools are returned. */
  readonly select: boolean;
  /** Canonical names, deduplicated, in query order. */
  readonly names: string[];
}

/**
 * Finds the tools a query names, which rank before anything else (case-insensitive, and the
 * query compared as {@link normalizeNameText} gives it: `ｒｅａｄ＿ｆｉｌｅ` and `read\u200B_file`
 * name `read_file`; when two names differ only in case, the exact spelling wins):
 *
 * - `select:a,b,c` — exactly the listed tools, split as {@link splitSelectList} splits them
 *   (`;`, `、` and line breaks are commas too) (unknown names are left to `resolveTypo`,
 *   else dropped), and `select` is true;
 * - the whole query equal to a canonical name (surrounding quotes and backticks ignored);
 * - any word of the query equal to a canonical name that has at least two name words
 *   (`github_create_issue`, `readFile`), or to an alias of one that has two words too, in query
 *   order. Single-word names and aliases such as `search` (or `send`, the short name of
 *   `slack_send`) are named only by the whole query, since they are also ordinary words. A word with `/` in it
 *   (`github/create_issue`) is looked up whole first, then part by part.
 *
 * `byLowerName` may also map aliases to their tools (a gateway's `github.create_issue`). An
 * alias of several tools (`sharedAliases`) names the one whose alias it spells (in normal form,
 * case kept) when one does, else all of them, sorted: the query does not say which it meant
 * ({@link toolsNamedBy}, which the fuse ranker shares).
 *
 * @param options.byLowerName normalized, lowercased canonical name or alias → canonical name.
 * @param options.isCompound true for a name with two or more name words.
 * @param options.resolveTypo the best name for a mistyped `select:` entry, if any.
 */
export function findNamedTools(options: {
  readonly query: string;
  readonly byLowerName: ReadonlyMap<string, string>;
  /** Shared aliases as `ToolNameIndex.sharedAliases` holds them. Default: none. */
  readonly sharedAliases?: SharedAliases;
  /** Every canonical name, exactly as bound. */
  readonly names: ReadonlySet<string>;
  readonly isCompound: (name: string) => boolean;
  readonly resolveTypo: (entry: string) => string | undefined;
  /** Characters of the query scanned for name words. */
  readonly maxScanChars: number;
}): NamedTools {
  const { byLowerName } = options;
  const lookup = (text: string) => toolsNamedBy(text, options.names, byLowerName, options.sharedAliases);
  // full-width forms and invisible format characters a model copied are not part of the name
  const trimmed = normalizeNameText(options.query).trim();
  // split where tool_search splits it: commas, semicolons, `、`, line breaks, tabs
  const selected = splitSelectList(trimmed, options.maxScanChars);
  if (selected !== undefined) {
    const names = new Set<string>();
    for (const wanted of selected.slice(0, MAX_SELECTED)) {
      if (wanted.length === 0) continue;
      const found = lookup(wanted);
      const name = found.length === 0 ? options.resolveTypo(wanted) : undefined;
      for (const one of found) names.add(one);
      if (name !== undefined) names.add(name);
    }
    return { select: true, names: [...names] };
  }
  const names = new Set<string>();
  for (const name of lookup(unquote(trimmed))) names.add(name);
  for (const word of trimmed.slice(0, options.maxScanChars).split(/[^\p{L}\p{N}_.\-/]+/u)) {
    // `github/create_issue` may be one name (a gateway's); else its parts are words of their own
    const whole = word.replace(/^[./\-]+|[./\-]+$/g, '');
    for (const part of whole.includes('/') && lookup(whole).length === 0 ? whole.split('/') : [whole]) {
      const text = part.replace(/^[.\-]+|[.\-]+$/g, '');
      // a one-word alias (`send`, `slack_send` without its group's prefix: C23) is an ordinary
      // word inside a query, like a one-word name: only the whole query or select: names by it
      for (const name of lookup(text)) if (options.isCompound(name) && (text.toLowerCase() === name.toLowerCase() || splitNameWords(text).length >= 2)) names.add(name);
    }
  }
  return { select: false, names: [...names] };
}

function unquote(text: string): string {
  return text.replace(/^[`'"]+|[`'"]+$/g, '');
}
