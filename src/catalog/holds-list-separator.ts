import { normalizeNameText } from '../search/normalize-name-text.js';
import { LIST_SEPARATORS } from './list-separators.js';

/**
 * Whether a name, in normal form (`normalizeNameText`: `，` is a comma, `；` a semicolon), holds a
 * character a `select:` list is split at (`LIST_SEPARATORS`): such an alias could never be selected.
 */
export function holdsListSeparator(name: string): boolean {
  const form = normalizeNameText(name);
  for (const separator of LIST_SEPARATORS) if (form.includes(separator)) return true;
  return false;
}
