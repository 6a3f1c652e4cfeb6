/** Characters of a caller's name or option path an error message quotes before cutting it. */
export const MESSAGE_NAME_CHARS = 120;

/**
 * A caller-given name or option path as an error message quotes it: unchanged up to
 * {@link MESSAGE_NAME_CHARS} (120) characters, else its first 120, `…` and its length
 * (`ggg… (100,000 characters)`), so a hostile key (a 100,000-character group name or
 * `hints` key) gives a message of a few hundred characters, not of the key's size. The
 * error's own fields (`toolName`, `option`) keep the whole text.
 */
export function cutForMessage(text: string): string {
  if (text.length <= MESSAGE_NAME_CHARS) return text;
  return `${text.slice(0, MESSAGE_NAME_CHARS)}… (${text.length.toLocaleString('en-US')} characters)`;
}
