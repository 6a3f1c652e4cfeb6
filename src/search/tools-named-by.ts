import type { SharedAliases } from './index-aliases.js';

const NONE: readonly string[] = Object.freeze([]);

/**
 * The tools a text names outright (C9), as the hybrid and the fuse ranker read a whole query or
 * a `select:` entry: the canonical name spelled exactly; else the name or alias it is once case
 * is ignored (`byLowerName`); else, for an alias two or more tools share ({@link SharedAliases}),
 * the one owner whose form it spells (case kept), else all owners, sorted by code unit: the text
 * does not say which it meant.
 *
 * @param text the text, already normalized (`normalizeNameText`) and trimmed.
 * @param names every canonical name, exactly as bound.
 * @param byLowerName normalized, lowercased canonical name or alias → canonical name
 *   (`indexAliases` adds the aliases).
 * @param sharedAliases `undefined`: no alias is shared.
 * @returns canonical names; `[]` (frozen) when the text names no tool.
 */
export function toolsNamedBy(text: string, names: ReadonlySet<string>, byLowerName: ReadonlyMap<string, string>, sharedAliases: SharedAliases | undefined): readonly string[] {
  if (names.has(text)) return [text];
  const lower = text.toLowerCase();
  const name = byLowerName.get(lower);
  if (name !== undefined) return [name];
  const forms = sharedAliases?.get(lower);
  if (forms === undefined) return NONE;
  const spelled = forms.get(text);
  return spelled !== undefined && spelled.length === 1 ? spelled : [...new Set([...forms.values()].flat())].sort(compareCodeUnits);
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
