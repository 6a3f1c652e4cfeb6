import { sharedNamePrefix } from './shared-name-prefix.js';

/** Each groups map's index (lowercased rest → names), made on first use and kept while the map lives. */
const INDEXES = new WeakMap<ReadonlyMap<string, readonly string[]>, RestIndex>();
const NONE: readonly string[] = Object.freeze([]);

/** Lowercased rest → names with it, sorted; `base`: the groups it was built from by difference. */
interface RestIndex {
  readonly rests: ReadonlyMap<string, readonly string[]>;
  /** The index of the base groups this one reuses, and the base's names it leaves out (their groups differ here). */
  readonly base?: { readonly index: RestIndex; readonly left: ReadonlySet<string> };
}

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
 * names) and kept while the map lives; a lookup is one map read (two with `base`). Safe for any
 * text (`__proto__`, `constructor`).
 *
 * @param groups names by group: a binding's `groups` (its deferred tools), or its direct tools'.
 * @param base groups `groups` mostly repeats, whose index is kept (the catalog's, for a turn's
 *   groups with client tools added): only the groups of `groups` that are not the same there
 *   (same names, same order) are indexed, so a turn pays for its own groups, not the catalog's
 *   (a turn with 5 client tools over 100,000 catalog names: ~70 ms → ~6 ms, test/bench/README.md). The answer is the same as
 *   without it. Default: none, every group is indexed.
 * @returns the names, `[]` when none has that rest.
 */
export function toolsWithRest(rest: string, groups: ReadonlyMap<string, readonly string[]>, base?: ReadonlyMap<string, readonly string[]>): readonly string[] {
  let index = INDEXES.get(groups);
  if (index === undefined) {
    index = base === undefined || base === groups ? { rests: indexRests(groups) } : indexByDifference(groups, base);
    INDEXES.set(groups, index);
  }
  const key = rest.toLowerCase();
  const own = index.rests.get(key) ?? NONE;
  if (index.base === undefined) return own;
  const { left } = index.base;
  const inherited = index.base.index.rests.get(key) ?? NONE;
  const kept = left.size === 0 ? inherited : inherited.filter((name) => !left.has(name));
  if (kept.length === 0) return own;
  return own.length === 0 ? kept : [...kept, ...own].sort(compareCodeUnits);
}

/** The index of `groups` as the base's kept index plus the groups that differ from the base's. */
function indexByDifference(groups: ReadonlyMap<string, readonly string[]>, base: ReadonlyMap<string, readonly string[]>): RestIndex {
  let baseIndex = INDEXES.get(base);
  if (baseIndex === undefined) {
    baseIndex = { rests: indexRests(base) };
    INDEXES.set(base, baseIndex);
  }
  const changed = new Map<string, readonly string[]>();
  for (const [group, names] of groups) if (!sameNames(base.get(group), names)) changed.set(group, names);
  const left = new Set<string>();
  for (const [group, names] of base) if (!sameNames(groups.get(group), names)) for (const name of names) left.add(name);
  return { rests: indexRests(changed), base: { index: baseIndex, left } };
}

function sameNames(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
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
  for (const same of index.values()) same.sort(compareCodeUnits);
  return index;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
