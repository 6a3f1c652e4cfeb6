import type { CatalogEntry } from './catalog-entry.js';

/**
 * Renders the inventory (C7): group names and canonical names of the deferred tools only,
 * no descriptions, no schemas, direct tools not repeated. Groups and names are sorted by code
 * unit with `other` last, so the same bound set gives the same bytes (C8).
 *
 * @returns lines like `filesystem:\n- read_file\n`; `''` when no tool is deferred.
 */
export function renderInventory(entries: readonly CatalogEntry[]): string {
  const byGroup = new Map<string, string[]>();
  for (const entry of entries) {
    if (entry.kind !== 'deferred') continue;
    const names = byGroup.get(entry.group) ?? [];
    names.push(entry.name);
    byGroup.set(entry.group, names);
  }
  const groups = [...byGroup.keys()].sort(compareGroups);
  return groups
    .map((group) => `${group}:\n${[...byGroup.get(group)!].sort(compareCodeUnits).map((name) => `- ${name}\n`).join('')}`)
    .join('');
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
