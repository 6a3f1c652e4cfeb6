import { splitNameWords } from '../search/split-name-words.js';

/** Characters of a query scanned for names (as the rankers scan it). */
const MAX_SCAN_CHARS = 4_000;
/** `select:` entries read at most (as the rankers read them). */
const MAX_SELECTED = 64;

/**
 * The tools a `tool_search` query names outright that are callable on this step without a
 * search — direct, required or already active — in query order, deduplicated: a `select:`
 * entry, the whole query (quotes and backticks aside), or a compound name
 * (`github_create_issue`) as one of the query's words. Case-insensitive, except that a spelling
 * which is itself a searchable tool's name names that tool, not a callable one differing only in
 * case (C9). The model is then told they are already callable instead of being told nothing
 * matched (direct and required tools are not searchable) or seeing them as if newly loaded.
 *
 * @param options.callable the step-start visible names, `tool_search` excluded.
 * @param options.isSearchable true for a deferred tool a search may activate.
 * @returns the names, and `wholeQuery`: true when the whole query is one of them — the model
 *   asked for that tool and nothing else.
 */
export function namedCallableTools(options: {
  readonly query: string;
  readonly callable: ReadonlySet<string>;
  readonly isSearchable: (name: string) => boolean;
}): { readonly names: string[]; readonly wholeQuery: boolean } {
  const { callable } = options;
  if (callable.size === 0) return { names: [], wholeQuery: false };
  const byLowerName = new Map<string, string>();
  for (const name of [...callable].sort()) if (!byLowerName.has(name.toLowerCase())) byLowerName.set(name.toLowerCase(), name);
  const lookup = (text: string) =>
    callable.has(text) ? text : options.isSearchable(text) ? undefined : byLowerName.get(text.toLowerCase());

  const trimmed = options.query.trim().slice(0, MAX_SCAN_CHARS);
  const names = new Set<string>();
  const selected = /^select:/i.exec(trimmed);
  if (selected !== null) {
    for (const entry of trimmed.slice(selected[0].length).split(',').slice(0, MAX_SELECTED)) {
      const name = lookup(unquote(entry.trim()));
      if (name !== undefined) names.add(name);
    }
    return { names: [...names], wholeQuery: false };
  }
  const whole = lookup(unquote(trimmed));
  if (whole !== undefined) return { names: [whole], wholeQuery: true };
  for (const word of trimmed.split(/[^\p{L}\p{N}_.\-]+/u)) {
    const name = lookup(word.replace(/^[.\-]+|[.\-]+$/g, ''));
    if (name !== undefined && splitNameWords(name).length >= 2) names.add(name);
  }
  return { names: [...names], wholeQuery: false };
}

function unquote(text: string): string {
  return text.replace(/^[`'"]+|[`'"]+$/g, '');
}
