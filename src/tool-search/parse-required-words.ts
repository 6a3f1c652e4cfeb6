/** A `tool_search` query split into what is ranked and the words a name must contain. */
export interface RequiredWordsQuery {
  /** The query the ranker gets: the `+` signs dropped, the words kept (they still rank). */
  readonly rankQuery: string;
  /** Lowercase words every returned tool's name must contain; `[]` when the query has none. */
  readonly requiredWords: readonly string[];
}

/**
 * The required-word form of a query, as Claude Code's ToolSearch has it: a word written with a
 * leading `+` (`+slack send`) must appear in the name of every tool the search returns
 * (case-insensitive, anywhere in the canonical name: `+slack` keeps `slack_post_message` and
 * `mcp__slack__send`). The words still rank with the others, so `+slack send` ranks like
 * `slack send`, then drops every match whose name lacks `slack`. A lone `+` is ignored; a
 * `select:` query is not split (its entries are names).
 */
export function parseRequiredWords(query: string): RequiredWordsQuery {
  if (/^select:/i.test(query) || !query.includes('+')) return { rankQuery: query, requiredWords: [] };
  const requiredWords = new Set<string>();
  const words = query.split(/\s+/).flatMap((word) => {
    if (!word.startsWith('+')) return [word];
    const required = word.replace(/^\++/, '');
    if (required.length === 0) return [];
    requiredWords.add(required.toLowerCase());
    return [required];
  });
  return { rankQuery: words.join(' ').trim(), requiredWords: [...requiredWords] };
}
