/** Unicode format characters (category Cf): zero-width space and joiners (U+200B–U+200D), word joiner (U+2060), BOM (U+FEFF), soft hyphen (U+00AD), bidirectional marks. */
const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** Printable ASCII, tabs and line breaks: NFKC leaves it as it is and it has no format character. */
const PLAIN_ASCII = /^[\x20-\x7e\t\n\r]*$/;

/**
 * What a model-written tool name (or a query that holds one) is compared as, wherever
 * `tool_search` resolves a name (C9, C23): `select:` and `group:` and their entries, a whole
 * query equal to a name, a name written as a word, a name without its group's prefix. The text
 * with its Unicode format characters (category Cf: U+200B, U+200C, U+200D, U+2060, U+FEFF,
 * U+00AD, …) removed, then in Unicode NFKC, which folds compatibility forms such as full-width
 * letters and punctuation (`ｓｅｌｅｃｔ：ｒｅａｄ＿ｆｉｌｅ` → `select:read_file`) and ligatures
 * (`ﬁ` → `fi`). Case is kept: compare `normalizeNameText(text).toLowerCase()` to ignore it.
 * Printable ASCII is returned as it is, at the cost of one test. Canonical names are ASCII
 * (`TOOL_NAME_PATTERN`), so they are their own normal form; an alias or a name given to a
 * ranker directly may not be: two names with one normal form are reported as ambiguous by
 * `tool_search`, never resolved silently to one.
 */
export function normalizeNameText(text: string): string {
  if (PLAIN_ASCII.test(text)) return text;
  return text.replace(FORMAT_CHARACTERS, '').normalize('NFKC');
}
