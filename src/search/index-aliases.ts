import { normalizeNameText } from './normalize-name-text.js';
import type { RankerDocument } from './tool-ranker.js';

/**
 * Aliases of two or more tools (C9) as {@link indexAliases} returns them: the alias, normalized
 * ({@link normalizeNameText}) and lowercased → its forms as the options spell them, normalized
 * with case kept → the tools with that form, sorted by code unit (`File.Open` for one tool and
 * `file.open` for another, or `search` for two servers' `search` tools).
 */
export type SharedAliases = ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;

/**
 * Adds the documents' aliases to `byLowerName` (normalized, lowercased canonical name or alias →
 * canonical name, the names already in it): an alias names its tool like its canonical name does,
 * unless it is a tool's name in that form (the name wins, C9). An alias of two or more tools
 * names none of them there: it is returned as {@link SharedAliases}, never given to the first
 * tool that has it; `toolsNamedBy` reads both. Used by the hybrid and the fuse ranker, so
 * both resolve a shared alias alike.
 *
 * @returns the shared aliases; empty when no alias is shared.
 */
export function indexAliases(documents: readonly RankerDocument[], byLowerName: Map<string, string>): SharedAliases {
  const byKey = new Map<string, Map<string, string[]>>();
  for (let id = 0; id < documents.length; id += 1) {
    const { name, aliases } = documents[id]!;
    if (aliases === undefined) continue;
    for (const alias of aliases) {
      const form = normalizeNameText(alias);
      const key = form.toLowerCase();
      if (byLowerName.has(key)) continue;
      let forms = byKey.get(key);
      if (forms === undefined) byKey.set(key, (forms = new Map()));
      const owners = forms.get(form);
      if (owners === undefined) forms.set(form, [name]);
      else if (!owners.includes(name)) owners.push(name);
    }
  }
  const shared = new Map<string, Map<string, string[]>>();
  for (const [key, forms] of byKey) {
    const owners = new Set([...forms.values()].flat());
    if (owners.size === 1) byLowerName.set(key, [...owners][0]!);
    else {
      for (const same of forms.values()) same.sort(compareCodeUnits);
      shared.set(key, forms);
    }
  }
  return shared;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
