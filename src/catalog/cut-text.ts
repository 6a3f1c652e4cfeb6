/** A lone UTF-16 surrogate: half of a pair whose other half is missing. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` cut to at most `maxChars` UTF-16 code units (as `String.length` counts): unchanged
 * when it fits, else its start and `…`, cut before a surrogate pair rather than through it and
 * with trailing whitespace dropped. Any lone surrogate (half of an emoji) becomes U+FFFD, so
 * what the model is shown is well-formed text (JSON would escape a lone half as `\ud83d`).
 *
 * @param maxChars at least 1; the `…` counts as one.
 */
export function cutText(text: string, maxChars: number): string {
  const whole = text.replace(LONE_SURROGATE, '\ufffd');
  if (whole.length <= maxChars) return whole;
  let end = maxChars - 1;
  // a cut between the halves of a pair would leave a lone high surrogate
  const last = whole.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${whole.slice(0, end).trimEnd()}…`;
}
