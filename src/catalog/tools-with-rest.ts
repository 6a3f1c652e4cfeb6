import { sharedNamePrefix } from './shared-name-prefix.js';

/** Each groups map's index (lowercased rest → names), made on first use and kept while the map lives. */
const INDEXES = new WeakMap<ReadonlyMap<string, readonly string[]>, ReadonlyMap<string, readonly string[]>>();
const NONE: readonly string[] = Object.freeze([]);

/**
 * The names of `groups` whose rest — the name without its group's prefix (C23) — is `rest`,
 * ignoring case; sorted by code unit, so a search that loads them ranks them the same way every
 * time. A name's prefix is its group's shared prefix when the group has one — the prefix the
 * inventory built from these same groups says once (`mcp__github__` in `github: mcp__github__ +
 * one of:`), so every rest it shows is found here — else the name's own: the prefix
 * {@link sharedNamePrefix} finds for the name alone (`ui__` of `ui__create_issue`, `github_` of
 * `github_create_issue` in group `github`); a name with neither (`create_issue` in `other`) has
 * no rest. A longer name that only ends with `rest` (`bulk_create_issue` for `create_issue`) is
 * not here: its rest is its own. The index is built once per `groups` map (one pass over its
 * names) and kept while the map lives; a lookup is one map read. Safe for any text
 * (`__proto__`, `constructor`).
 *
 * @param groups names by group: a binding's `groups` (its deferred tools), or its direct tools'.
 * @returns the names, `[]` when none has that rest.
 */
export function toolsWithRest(rest: string, groups: ReadonlyMap<string, readonly string[]>): readonly string[] {
  let index = INDEXES.get(groups);
  if (index === undefined) {
    index = indexRests(groups);
    INDEXES.set(groups, index);
  }
  return index.get(rest.toLowerCase()) ?? NONE;
}

function indexRests(groups: ReadonlyMap<string, readonly string[]>): ReadonlyMap<string, readonly string[]> {
  const index = new Map<string, string[]>();
  for (const [group, names] of groups) {
    const shared = sharedNamePrefix(group, names);
    for (const name of names) {
      const prefix = shared ?? sharedNamePrefix(group, [name, name]);
      if (prefix === undefined) continue;
      const key = name.slice(prefix.length).toLowerCase();
      const same = index.get(key);
      if (same === undefined) index.set(key, [name]);
      else same.push(name);
    }
  }
  for (const same of index.values()) same.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return index;
}
