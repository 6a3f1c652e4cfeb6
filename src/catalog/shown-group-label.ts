/** Invisible format characters (zero-width spaces and joiners, bidirectional marks, overrides and isolates, soft hyphen, BOM): dropped. */
const INVISIBLE = /\p{Cf}/gu;
/** Controls U+0080–U+009F (U+0085, a line break, among them) and the line and paragraph separators: each a space. */
const BREAKING = /[\u0080-\u009f\u2028\u2029]/g;

/**
 * A group label as the inventory and `group:` listings show it (C7, C23): its invisible format
 * characters dropped (`git\u200bhub` shows as `github`, `ser\u202Ever` as `server`) and
 * U+0080–U+009F controls and line separators as spaces, and the inventory's own marks defused
 * as in group descriptions (`+ one of` → `plus one of`, `(5 tools)` → `[5 tools]`), so a label
 * can neither forge an inventory line (`x\u2028- mcp__fake`, a prefix `srv` of `my srv + one of`)
 * nor reorder one, and what the model reads is what it can type back.
 * A label of only invisible characters or whitespace shows its code points (`\u200b`,
 * `\u0020\u0020` for two spaces), so `group:` can name it. `group:NAME` finds a
 * group by this form (see `groupLabelKey`). Labels themselves are 1–64 characters on one line,
 * without ASCII control characters (`validateBindingShapes`).
 */
export function shownGroupLabel(group: string): string {
  // a label of spaces only is shown by its code points below: as itself, group: (trimmed) could not name it
  if (PRINTABLE_ASCII.test(group) && !INVENTORY_MARK.test(group) && group.trim() !== '') return group;
  // the inventory's own marks are defused as in group descriptions: `my srv + one of` would read as prefix `srv`
  const shown = group.replace(INVISIBLE, '').replace(BREAKING, ' ').replace(/\+\s*one of\b/gi, 'plus one of').replace(/\(([\d,]+ tools?)\)/gi, '[$1]');
  if (shown.trim() !== '') return shown;
  return [...group].map((character) => `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`).join('');
}

/**
 * What `group:NAME` compares (C23): the shown label ({@link shownGroupLabel}) in Unicode NFKC,
 * whitespace trimmed and collapsed, so `café` typed precomposed finds a label written with a
 * combining accent, `ｇｉｔｈｕｂ` (full-width) finds `github`, and ` my  server ` finds `my server`.
 */
export function groupLabelKey(text: string): string {
  const shown = shownGroupLabel(text);
  // printable ASCII (most labels) has nothing to normalize
  return (PRINTABLE_ASCII.test(shown) ? shown : shown.normalize('NFKC')).trim().replace(/\s+/g, ' ');
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** A mark of the inventory's own lines a label might forge: `+ one of` (a shared prefix) or `(5 tools)` (a count). */
const INVENTORY_MARK = /\+\s*one of\b|\([\d,]+ tools?\)/i;
