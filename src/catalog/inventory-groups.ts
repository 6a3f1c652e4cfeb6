import type { CatalogEntry } from './catalog-entry.js';

/**
 * The deferred names of `entries` by group: groups in inventory order (sorted by code unit,
 * `other` last), names sorted. What `group:NAME` lists.
 */
export function inventoryGroups(entries: readonly CatalogEntry[]): ReadonlyMap<string, readonly string[]> {
  // a frozen array (a catalog's entries) cannot change: its groups are made once, not once by the
  // catalog's inventory, once by the short names and once by the binding (each a sort of every name)
  const frozen = Object.isFrozen(entries);
  const known = frozen ? GROUPS_OF_FROZEN.get(entries) : undefined;
  if (known !== undefined) return known;
  const groups = groupEntries(entries);
  if (frozen) GROUPS_OF_FROZEN.set(entries, groups);
  return groups;
}

/**
 * {@link inventoryGroups} of frozen entry arrays, each array's groups kept while it lives. The
 * groups' arrays are not frozen: V8's `filter` and `slice` of a frozen array take a slow path.
 */
const GROUPS_OF_FROZEN = new WeakMap<readonly CatalogEntry[], ReadonlyMap<string, readonly string[]>>();

function groupEntries(entries: readonly CatalogEntry[]): ReadonlyMap<string, readonly string[]> {
  const byGroup = new Map<string, string[]>();
  for (const entry of entries) {
    if (entry.kind !== 'deferred') continue;
    const names = byGroup.get(entry.group) ?? [];
    names.push(entry.name);
    byGroup.set(entry.group, names);
  }
  const sorted = new Map<string, readonly string[]>();
  // `sort()` without a comparator orders strings by code unit too, without a call per comparison
  for (const group of [...byGroup.keys()].sort(compareGroups)) sorted.set(group, byGroup.get(group)!.sort());
  return sorted;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareGroups(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'other') return 1;
  if (b === 'other') return -1;
  return compareCodeUnits(a, b);
}
