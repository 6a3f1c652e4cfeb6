import type { CatalogEntry } from './catalog-entry.js';
import { inventoryGroups } from './inventory-groups.js';
import { isNameSeparator, sharedNamePrefix } from './shared-name-prefix.js';

/**
 * The names without their group's shared prefix ({@link sharedNamePrefix}) that may find their
 * tool as aliases (C9, C23): the inventory may list `mcp__github__create_issue` as
 * `create_issue` under `github: mcp__github__ + one of:`, and `select:create_issue` then loads
 * it. A short name that ends another tool's name too (after a separator), or is another tool's name or
 * alias, is left out
 * (it would be ambiguous). Deterministic: the same bound set gives the same aliases.
 *
 * @returns canonical name → its short name, for the deferred tools that have one.
 */
export function shortNameAliases(entries: readonly CatalogEntry[]): ReadonlyMap<string, string> {
  const aliases = new Map<string, string>();
  const { candidates, uses } = restUses(entries);
  for (const { name, short } of candidates) if (uses.get(short.toLowerCase()) === 1) aliases.set(name, short);
  return aliases;
}

/**
 * The deferred tools whose rest after their group's shared prefix ({@link sharedNamePrefix})
 * is, ignoring case, a bound tool's canonical name or alias: shown as a rest (`- create_issue`
 * under `github: mcp__github__ + one of:`) it would read as that other tool's name, and
 * `select:create_issue` would load the other tool (C2, C23). The inventory lists such a
 * tool's group by full names. A rest that only ends several names is not here: a `select:`
 * of it answers the full names, loading nothing.
 *
 * @returns their canonical names; empty when no group has a shared prefix.
 */
export function restsNamingOtherTools(entries: readonly CatalogEntry[]): ReadonlySet<string> {
  const { candidates, uses } = restUses(entries);
  return new Set(candidates.filter(({ short }) => uses.get(short.toLowerCase()) === -1).map(({ name }) => name));
}

/** Each deferred tool's rest after its group's shared prefix, and the uses of each lowercased rest ({@link countTailUses}). */
function restUses(entries: readonly CatalogEntry[]): { readonly candidates: readonly { readonly name: string; readonly short: string }[]; readonly uses: ReadonlyMap<string, number> } {
  // the candidates first: a catalog without a shared prefix (most) reads no name's tails
  const candidates: { readonly name: string; readonly short: string }[] = [];
  for (const [group, members] of inventoryGroups(entries)) {
    const prefix = sharedNamePrefix(group, members);
    if (prefix !== undefined) for (const name of members) candidates.push({ name, short: name.slice(prefix.length) });
  }
  // lowercased short name → how many tools have it as a tail after a separator (its own tool
  // does), or -1 when it is a tool's name or alias: a short name used twice would be ambiguous
  const uses = new Map<string, number>();
  if (candidates.length === 0) return { candidates, uses };
  for (const { short } of candidates) uses.set(short.toLowerCase(), 0);
  countTailUses(entries, uses);
  return { candidates, uses };
}

/**
 * For each entry, adds 1 to the count in `uses` of each of its lowercased name's tails after a
 * separator (`create_issue`, `issue` of `mcp__github__create_issue`; each tail once per tool)
 * that `uses` has, and sets to -1 (for good) the count of its lowercased name and aliases. Only
 * the candidates are counted: a map entry per tail of every name cost more than the rest of
 * {@link shortNameAliases} together at 10,000 tools.
 */
function countTailUses(entries: readonly CatalogEntry[], uses: Map<string, number>): void {
  for (const entry of entries) {
    const lower = entry.name.toLowerCase();
    if (uses.has(lower)) uses.set(lower, -1);
    for (const alias of entry.aliases) if (uses.has(alias.toLowerCase())) uses.set(alias.toLowerCase(), -1);
    for (let index = 1; index < lower.length; index += 1) {
      if (!isNameSeparator(lower.charCodeAt(index - 1)) || isNameSeparator(lower.charCodeAt(index))) continue;
      const tail = lower.slice(index);
      const count = uses.get(tail);
      if (count !== undefined && count >= 0) uses.set(tail, count + 1);
    }
  }
}

/**
 * The short names ({@link shortNameAliases}) of tools that join a binding — a turn's client
 * tools — without recomputing the catalog's: each added tool's rest after its group's shared
 * prefix in `groups` (the binding's inventory groups, as its inventory says them), kept when no
 * other tool of `entries` ends with it after a separator and it is no tool's name or alias.
 * Cost: one pass over `entries` per added tool with a prefix.
 *
 * @param added the tools joining the binding.
 * @param groups the binding's deferred names by group ({@link inventoryGroups} of its entries).
 * @param entries every tool a search may see: the catalog's and the added ones.
 * @returns added canonical name → its short name, for the added tools that have one.
 */
export function addedShortNameAliases(
  added: readonly CatalogEntry[],
  groups: ReadonlyMap<string, readonly string[]>,
  entries: readonly CatalogEntry[],
): ReadonlyMap<string, string> {
  const aliases = new Map<string, string>();
  for (const entry of added) {
    const members = groups.get(entry.group);
    const prefix = members === undefined || !members.includes(entry.name) ? undefined : sharedNamePrefix(entry.group, members);
    if (prefix === undefined) continue;
    const short = entry.name.slice(prefix.length);
    const lower = short.toLowerCase();
    const clashes = entries.some((other) => {
      const name = other.name.toLowerCase();
      if (name === lower || other.aliases.some((alias) => alias.toLowerCase() === lower)) return true;
      return other.name !== entry.name && name.length > lower.length && name.endsWith(lower) && isNameSeparator(name.charCodeAt(name.length - lower.length - 1));
    });
    if (!clashes) aliases.set(entry.name, short);
  }
  return aliases;
}
