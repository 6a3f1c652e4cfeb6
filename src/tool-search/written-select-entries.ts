import { LIST_SEPARATORS } from '../catalog/list-separators.js';
import { normalizeNameText } from '../search/normalize-name-text.js';

/** Code points of a written query searched for its `select:` prefix (`ｓｅｌｅｃｔ：` with format characters between). */
const MAX_PREFIX_CODE_POINTS = 32;

/**
 * The entries of a `select:` query as the model wrote them, keyed by the entry as the search
 * reads it (`normalizeNameText`, trimmed, surrounding quotes and backticks dropped, as
 * `selectEntriesOf` gives it): `ＦＯＯ` for `FOO`, `F\u200BOO` for `FOO`. The written query is
 * split where a character reads as a list separator (`LIST_SEPARATORS`, a full-width `，` or
 * `；` too) or is a control character, as the search splits it; each written piece is trimmed and
 * unquoted likewise. Of two written forms of one entry the first is kept. Empty when the query
 * is no `select:` (within its first 32 code points). A reason quotes these, so the model
 * recognises its own text (C11).
 *
 * @param written the query as the model wrote it.
 * @param maxChars characters of `written` read after the prefix.
 */
export function writtenSelectEntries(written: string, maxChars: number): ReadonlyMap<string, string> {
  const entries = new Map<string, string>();
  const points = [...written.slice(0, MAX_PREFIX_CODE_POINTS * 2)].slice(0, MAX_PREFIX_CODE_POINTS);
  let prefixLength = -1;
  let prefix = '';
  for (const point of points) {
    prefix += point;
    if (/^select:$/i.test(normalizeNameText(prefix).trim())) {
      prefixLength = prefix.length;
      break;
    }
  }
  if (prefixLength < 0) return entries;
  let piece = '';
  const add = () => {
    const key = clean(normalizeNameText(piece));
    if (key.length > 0 && !entries.has(key)) entries.set(key, clean(piece));
    piece = '';
  };
  for (const point of written.slice(prefixLength, prefixLength + maxChars)) {
    if (isSeparator(point)) add();
    else piece += point;
  }
  add();
  return entries;
}

/** Whether a code point splits `select:` entries: a control character, or one that reads as a list separator. */
function isSeparator(point: string): boolean {
  if (point < '\u0080') return /[\u0000-\u001f\u007f]/.test(point) || LIST_SEPARATORS.includes(point);
  const read = normalizeNameText(point);
  return read.length === 1 && LIST_SEPARATORS.includes(read);
}

function clean(piece: string): string {
  return piece.trim().replace(/^[`'"]+|[`'"]+$/g, '');
}
