import { normalizeNameText } from '../search/normalize-name-text.js';
import type { ToolCatalog } from './create-tool-catalog.js';

const OWNERS = new WeakMap<ToolCatalog, (text: string) => readonly string[]>();
const NONE: readonly string[] = Object.freeze([]);

/**
 * The catalog tools that have a text as one of their `aliases` (C9), the alias and the text
 * compared as `normalizeNameText(…).toLowerCase()` gives them (`File.Open`, `file.open` and
 * `ｆｉｌｅ．ｏｐｅｎ` are one alias), sorted by code unit, each once. Two or more owners are
 * allowed by the options (`bindMcpTools` gives the `search` tools of two servers the alias
 * `search`); `tool_search` then resolves the alias to none of them silently
 * (`checkSelectEntries`). Built once per catalog, on first use; a lookup is one map read, safe
 * for any text (`__proto__`, `constructor`).
 *
 * @returns a lookup; it answers `[]` for a text that is no tool's alias.
 */
export function aliasOwnersOf(catalog: ToolCatalog): (text: string) => readonly string[] {
  const known = OWNERS.get(catalog);
  if (known !== undefined) return known;
  const owners = new Map<string, string[]>();
  for (const entry of catalog.entries) {
    for (const alias of entry.aliases) {
      const key = normalizeNameText(alias).toLowerCase();
      const same = owners.get(key);
      if (same === undefined) owners.set(key, [entry.name]);
      else if (!same.includes(entry.name)) same.push(entry.name);
    }
  }
  for (const same of owners.values()) same.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const lookup = (text: string) => owners.get(normalizeNameText(text).toLowerCase()) ?? NONE;
  OWNERS.set(catalog, lookup);
  return lookup;
}
