import { normalizeNameText } from '../search/normalize-name-text.js';

/** One lookup per names array (a binding's deferred names are frozen and shared by its turns). */
const LOOKUPS = new WeakMap<readonly string[], (entry: string) => readonly string[]>();
const NONE: readonly string[] = Object.freeze([]);

/**
 * The names of `names` equal to an entry ignoring case, sorted by code unit (`Foo`, `foo` for
 * `FOO`): what a `select:` entry may mean when names differ only in case (C9). Entry and names
 * are compared as {@link normalizeNameText} gives them (`ｒｅａｄ＿ｆｉｌｅ` is `read_file`), so
 * names with one normal form (possible for names given to a ranker directly) are variants too. Built once per
 * `names` array, on first use, and kept while the array lives; a lookup is one map read. Safe
 * for any entry (`__proto__`, `constructor`).
 *
 * @returns a lookup; it answers `[]` for an entry no name spells.
 */
export function caseVariantsOf(names: readonly string[]): (entry: string) => readonly string[] {
  const known = LOOKUPS.get(names);
  if (known !== undefined) return known;
  const byLower = new Map<string, string[]>();
  for (const name of names) {
    const lower = normalizeNameText(name).toLowerCase();
    const same = byLower.get(lower);
    if (same === undefined) byLower.set(lower, [name]);
    else if (!same.includes(name)) same.push(name);
  }
  for (const same of byLower.values()) same.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const lookup = (entry: string) => byLower.get(normalizeNameText(entry).toLowerCase()) ?? NONE;
  LOOKUPS.set(names, lookup);
  return lookup;
}
