/** Code of the process warning {@link unmatchedGroupDescriptions} emits. */
export const UNMATCHED_GROUP_DESCRIPTION_WARNING = 'TURNSCOPE_UNMATCHED_GROUP_DESCRIPTION';
/** Keys and groups named in the warning at most; the rest are counted. */
const MAX_NAMED = 10;

/**
 * The keys of `inventory.groupDescriptions` that name no group (C23): no bound tool is in that
 * group (by the `groups` option, else its source, else `other`) and the `groups` option does not
 * list it (bindMcpTools lists every server, so a server without tools right now is listed).
 * Their descriptions cannot be shown. Not an error: groups come from the bound tools, and an MCP
 * server's tools are whatever it lists when it is bound, so a description written for a server
 * that lists none at that moment must not stop the runtime from starting. When there are such
 * keys it emits one process warning (`process.emitWarning`, code
 * {@link UNMATCHED_GROUP_DESCRIPTION_WARNING}; printed to stderr by Node unless warnings are
 * off) naming them and the groups there are, so a misspelled key (`githb`) is seen.
 *
 * @param descriptionKeys the keys of `inventory.groupDescriptions`.
 * @param listedGroups the keys of the `groups` option.
 * @param toolGroups the group of every bound tool, direct ones included.
 * @returns the unmatched keys, sorted by code unit; `[]` when every key names a group.
 */
export function unmatchedGroupDescriptions(descriptionKeys: readonly string[], listedGroups: readonly string[], toolGroups: Iterable<string>): string[] {
  if (descriptionKeys.length === 0) return [];
  const known = new Set([...listedGroups, ...toolGroups]);
  const unmatched = descriptionKeys.filter((key) => !known.has(key)).sort(compareCodeUnits);
  if (unmatched.length === 0) return [];
  const groups = [...known].sort(compareCodeUnits);
  const list = (items: readonly string[]) => items.slice(0, MAX_NAMED).map((item) => JSON.stringify(item)).join(', ') + (items.length > MAX_NAMED ? ` and ${items.length - MAX_NAMED} more` : '');
  const message =
    `inventory.groupDescriptions names ${unmatched.length === 1 ? 'a group' : 'groups'} no bound tool is in: ${list(unmatched)}; ` +
    `${unmatched.length === 1 ? 'its description is' : 'their descriptions are'} not shown. ` +
    `The groups are ${groups.length === 0 ? 'none' : list(groups)}. Fix the key, or list the group in the groups option (with no tools) to keep its description quietly.`;
  // the platform's warning channel where there is one (Node); elsewhere the returned keys say it
  const emit = (globalThis as { process?: { emitWarning?: (warning: string, options: { code: string }) => void } }).process?.emitWarning;
  emit?.call(globalThis.process, message, { code: UNMATCHED_GROUP_DESCRIPTION_WARNING });
  return unmatched;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
