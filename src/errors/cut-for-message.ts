/** Characters of a caller's name or option path an error message quotes before cutting it. */
export const MESSAGE_NAME_CHARS = 120;

/**
 * A caller-given name or option path as an error message quotes it: unchanged up to `maxChars`
 * characters (default {@link MESSAGE_NAME_CHARS}, 120), else its first `maxChars`, `…` and its
 * length (`ggg… (100,000 characters)`), so a hostile key (a 100,000-character group name or
 * `hints` key) gives a message of a few hundred characters, not of the key's size. The
 * error's own fields (`toolName`, `option`) keep the whole text. Also what a thrown message of
 * any size (an HTML error page, a log dump) is cut to before a durable turn records it
 * (a factory's error: 2,000; a tool's: 8,000). The cut never splits a surrogate pair (an emoji):
 * it ends one code unit early instead.
 */
export function cutForMessage(text: string, maxChars = MESSAGE_NAME_CHARS): string {
  if (text.length <= maxChars) return text;
  const last = text.charCodeAt(maxChars - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? maxChars - 1 : maxChars;
  return `${text.slice(0, end)}… (${text.length.toLocaleString('en-US')} characters)`;
}
