/**
 * Requests whose meaning lies in a pattern of words rather than in one fixed phrase, each a
 * generic reading of any request (not one tool's wording), chosen on the tuning halves of the
 * MCP query sets (the seventh MCP pass, test/bench/README.md):
 * - to rename a thing that has a title (an issue, a pull request, a ticket, a page, a database,
 *   a discussion, a milestone, a release, a gist, a document) is to change its title: `rename
 *   issue 5`, `rename the notion database to …` → `title` (a file, a branch or a column is renamed
 *   by name and gets nothing, nor does what follows `to`, `as`, `into` or `from`: `rename the
 *   branch to release`);
 * - to make a URL or an endpoint return an HTTP status (`make /api/users return 500`, `respond
 *   with a 404`) is to mock its response → `mock`, `route`, `status`;
 * - a condition on a field (`tasks where Status is Doing`, `rows where plan = pro`) asks for a
 *   filtered query → `filter`, `query`;
 * and, in the eighth MCP pass:
 * - `google` as the request's verb (`google what changed in typescript 5.6`, `pls google …`; not
 *   `google maps`, `google docs` …) asks for a web search → `web`, `search`;
 * - where a name is defined, declared or implemented (`where is parseConfig defined`, `the
 *   definition of useStore`) asks for a code search → `search`, `code`;
 * - a count, sum or average over a table (`how many signups … from the users table`, `average
 *   price in the orders table`) is an SQL query → `sql`, `query`;
 * - what a field, an input or a box contains, holds or says (`the email field contains …`) is its
 *   value, to check → `value`, `verify`;
 * and, in the ninth MCP pass:
 * - a clause that asks who is, has or can (`who is in our slack workspace`, `who has write access`,
 *   `who am I logged in as`, `ok, who's on call`) asks about the people of a service, its users →
 *   `user` (not `who was …`, `who were …`: a question about history, not about accounts).
 */
const PATTERNS: readonly { readonly pattern: RegExp; readonly words: readonly string[] }[] = [
  {
    pattern: /(?<![a-z0-9])re-?name\s+(?:(?:the|this|that|my|our|a|an)\s+)?(?:(?!(?:to|as|into|from)\s)[\w-]+\s+){0,2}?(?:issue|pr|pull request|ticket|page|database|db|discussion|milestone|release|gist|doc|document)s?(?![a-z0-9])/i,
    words: ['title'],
  },
  { pattern: /(?<![a-z0-9])(?:return|returns|returning|respond with|responds with|answer with)\s+(?:an?\s+|with\s+)?[1-5]\d\d(?![\w.])/i, words: ['mock', 'route', 'status'] },
  { pattern: /(?<![a-z0-9])where\s+(?:the\s+)?[\w-]+\s+(?:is|=|==|equals|contains)\s+\S/i, words: ['filter', 'query'] },
  { pattern: /^\W*(?:(?:please|pls|can you|could you|just)\s+)?google\s+(?!maps\b|places\b|docs\b|drive\b|sheets\b|calendar\b)\w/i, words: ['web', 'search'] },
  { pattern: /(?<![a-z0-9])(?:where\s+(?:is|are)\s+\S+\s+(?:defined|declared|implemented)|(?:definition|declaration)\s+of\s+\S+)/i, words: ['search', 'code'] },
  { pattern: /(?<![a-z0-9])(?:how many|count|number of|average|avg|sum of|total)(?![a-z0-9])[^.?!]{0,80}?(?<![a-z0-9])(?:from|in)\s+(?:the|our|my)\s+[\w-]+\s+table(?![a-z0-9])/i, words: ['sql', 'query'] },
  { pattern: /(?<![a-z0-9])(?:field|input|box|textbox|textarea)\s+(?:contains|holds|says|shows|reads|has)\s+\S/i, words: ['value', 'verify'] },
  { pattern: /(?:^|[.?!,;:]\s*)(?:who's|whos|who\s+(?:is|are|am|has|have|can))\s/i, words: ['user'] },
];

/**
 * The words of each pattern of {@link PATTERNS} that `query` holds (in the table's order, each
 * word once), or `[]`. Reads at most `maxChars` characters of the query; `queryTerms`
 * (query-terms.ts) adds them after the query's own terms, as it does for the phrases of
 * tool-verb-synonyms.ts.
 */
export function phrasePatternTerms(query: string, maxChars: number): string[] {
  const text = query.slice(0, maxChars);
  const words: string[] = [];
  for (const { pattern, words: meaning } of PATTERNS) if (pattern.test(text)) for (const word of meaning) if (!words.includes(word)) words.push(word);
  return words;
}
