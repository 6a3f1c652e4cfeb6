/** Separators after which a shared name prefix may end: `mcp__github__`, `github.`, `github/`, `github:`. */
const NAMESPACE_END = /(__|[./:])$/;

/**
 * The prefix every name of a group shares and the inventory may say once (C23), or `undefined`:
 * the longest common prefix of the group's names (at least 2), cut back to end at a separator,
 * of at least 3 characters, leaving every name a rest that starts with a letter or digit. It
 * must end in a namespace separator (`__`, `.`, `/`, `:`), or in `_` or `-` right after the
 * group's name (`slack_` in group `slack`): a shared verb (`list_` of `list_issues`,
 * `list_labels`) is part of what the names say and is kept.
 */
export function sharedNamePrefix(group: string, names: readonly string[]): string | undefined {
  if (names.length < 2) return undefined;
  let common = names[0]!;
  for (const name of names) {
    let length = 0;
    while (length < common.length && length < name.length && common.charCodeAt(length) === name.charCodeAt(length)) length += 1;
    common = common.slice(0, length);
    if (common.length < 3) return undefined;
  }
  // the candidates end just after a separator, longest first; the first that leaves every name a
  // rest starting with a letter or digit and reads as a namespace is taken
  const lowerGroup = group.toLowerCase();
  for (let end = common.length; end >= 3; end -= 1) {
    if (!isNameSeparator(common.charCodeAt(end - 1))) continue;
    if (names.some((name) => name.length <= end || isNameSeparator(name.charCodeAt(end)))) continue;
    const prefix = common.slice(0, end);
    if (NAMESPACE_END.test(prefix)) return prefix;
    if (lowerGroup.length > 0 && prefix.slice(0, -1).toLowerCase().endsWith(lowerGroup) && !isNameSeparator(prefix.charCodeAt(end - 2))) return prefix;
  }
  return undefined;
}

/** True for the character codes a name's namespace may end with: `_` `-` `.` `/` `:`. */
export function isNameSeparator(code: number): boolean {
  // _ - . / :
  return code === 95 || code === 45 || code === 46 || code === 47 || code === 58;
}
