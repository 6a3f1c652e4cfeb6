/** Full names a message lists at most ({@link listFullNames}). */
const MAX_LISTED_NAMES = 5;

/**
 * The names that end with `shortName` right after a separator (`_`, `-`), ignoring case when
 * `ignoreCase` is set: what a model writes when it drops a group's prefix the inventory said
 * once (`create_issue` for `mcp__github__create_issue`, C23). Sorted, deduplicated; `[]` for a
 * short name that does not start with a letter or digit.
 */
export function namesEndingWith(shortName: string, names: Iterable<string>, ignoreCase = false): string[] {
  if (!/^[A-Za-z0-9]/.test(shortName)) return [];
  const tail = ignoreCase ? shortName.toLowerCase() : shortName;
  const found = new Set<string>();
  for (const name of names) {
    const text = ignoreCase ? name.toLowerCase() : name;
    const before = text.charAt(text.length - tail.length - 1);
    if (text.length > tail.length && text.endsWith(tail) && (before === '_' || before === '-')) found.add(name);
  }
  return [...found].sort();
}

/**
 * `names` for a message: the first 5 quoted (or not, with `quote` false) and joined with
 * `joiner`, then how many more: `"a" or "b"`, `"a" or … or "e" or 35 more`.
 */
export function listFullNames(names: readonly string[], joiner: string, quote = true): string {
  const listed = names.slice(0, MAX_LISTED_NAMES).map((name) => (quote ? JSON.stringify(name) : name));
  const more = names.length - listed.length;
  return listed.join(joiner) + (more > 0 ? `${joiner}${more.toLocaleString('en-US')} more` : '');
}
