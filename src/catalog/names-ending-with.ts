/** Full names returned at most. */
const MAX_FULL_NAMES = 5;

/**
 * The names that end with `shortName` right after a separator (`_`, `-`), ignoring case when
 * `ignoreCase` is set: what a model writes when it drops a group's prefix the inventory said
 * once (`create_issue` for `mcp__github__create_issue`, C23). Sorted, deduplicated, at most 5;
 * `[]` for a short name that does not start with a letter or digit.
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
  return [...found].sort().slice(0, MAX_FULL_NAMES);
}
