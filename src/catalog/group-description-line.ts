import { cutText } from './cut-text.js';

/** Characters kept of a group's one-line description. */
export const MAX_GROUP_DESCRIPTION_CHARS = 100;
/** Line breaks, control characters (U+0000–U+001F, U+007F–U+009F) and bidirectional overrides: a label's description must not break or reorder the inventory's lines. */
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\s]+/g;

/** Markdown's marks at the start of a line: headings (`# `), quotes (`> `), bullets (`- `, `* `, `+ `), bold and code marks. */
const LEADING_MARKS = /^(?:#{1,6}(?:\s+|$)|>\s*|[-*+]\s+|\*\*|__|`)+/;
/** A line of marks only: a rule (`---`, `***`, `===`), a lone `#` or `>`, a `:`. */
const MARKS_ONLY = /^[\s#>*_=:：`~+-]*$/;
/** What ends a line that introduces the next one (`github:`, `Tools:`), which the inventory's own `:` would double. */
const TRAILING_MARKS = /(?:\s|[:：]|\*\*|__|`)+$/;

/**
 * A group's one-line description (C23) from a text such as an MCP server's `instructions`: the
 * first line that says something once Markdown's leading marks (`# Everything Server`,
 * `> note`, `- item`, `**bold**`) and a trailing `:` are dropped, with whitespace, control
 * characters and bidirectional overrides collapsed to one space, cut to
 * {@link MAX_GROUP_DESCRIPTION_CHARS} characters with `…` without splitting an emoji (`cutText`).
 *
 * @returns `''` when no line says anything.
 */
export function groupDescriptionLine(text: string): string {
  for (const line of text.split(/\r?\n|\r|\u0085|\u2028|\u2029/)) {
    if (MARKS_ONLY.test(line)) continue;
    const shown = line.replace(NOT_ONE_LINE, ' ').trim().replace(LEADING_MARKS, '').replace(TRAILING_MARKS, '').trim();
    if (shown !== '') return cutText(shown, MAX_GROUP_DESCRIPTION_CHARS);
  }
  return '';
}
