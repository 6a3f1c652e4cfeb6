import { cutText } from '../catalog/cut-text.js';

/** Characters of a one-line description at most (confirm mode's candidates, C24). */
export const MAX_ONE_LINE_DESCRIPTION_CHARS = 120;

/**
 * A description's first non-empty line, whitespace collapsed, cut to
 * {@link MAX_ONE_LINE_DESCRIPTION_CHARS} characters (the last one `…` when cut, never through an emoji:
 * {@link cutText}); `''` for none.
 * What a `search.mode: 'confirm'` search shows of each candidate.
 */
export function oneLineDescription(description: string): string {
  const line = (description.split('\n').find((text) => text.trim().length > 0) ?? '').replace(/\s+/g, ' ').trim();
  return cutText(line, MAX_ONE_LINE_DESCRIPTION_CHARS);
}
