/** Invisible format characters (zero-width spaces and joiners, bidirectional marks, overrides and isolates, soft hyphen, BOM): dropped. */
const INVISIBLE = /\p{Cf}/gu;
/** Controls U+0080–U+009F (U+0085, a line break, among them) and the line and paragraph separators: each a space. */
const BREAKING = /[\u0080-\u009f\u2028\u2029]/g;

/**
 * A group label as the inventory and `group:` listings show it (C7, C23): its invisible format
 * characters dropped (`git\u200bhub` shows as `github`, `ser\u202Ever` as `server`) and
 * U+0080–U+009F controls and line separators as spaces, so a label can neither forge an inventory line
 * (`x\u2028- mcp__fake`) nor reorder one, and what the model reads is what it can type back.
 * A label of only invisible characters shows its code points (`\u200b`). `group:NAME` finds a
 * group by this form (see `groupLabelKey`). Labels themselves are 1–64 characters on one line,
 * without ASCII control characters (`validateBindingShapes`).
 */
export function shownGroupLabel(group: string): string {
  if (PRINTABLE_ASCII.test(group)) return group;
  const shown = group.replace(INVISIBLE, '').replace(BREAKING, ' ');
  if (shown.trim() !== '') return shown;
  return [...group].map((character) => `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`).join('');
}

/**
 * What `group:NAME` compares (C23): the shown label ({@link shownGroupLabel}) in Unicode NFC,
 * whitespace trimmed and collapsed, so `café` typed precomposed finds a label written with a
 * combining accent, and ` my  server ` finds `my server`.
 */
export function groupLabelKey(text: string): string {
  // printable ASCII (most labels) has nothing to drop or normalize
  const shown = PRINTABLE_ASCII.test(text) ? text : shownGroupLabel(text).normalize('NFC');
  return shown.trim().replace(/\s+/g, ' ');
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
