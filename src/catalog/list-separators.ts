/**
 * The characters a `select:` list is split at, as `tool_search` reads a query (after
 * `normalizeNameText`, which maps the full-width `，` and `；`, the small `﹐` `﹔` `﹑` and the
 * half-width `､` to these): the comma, and the semicolon and ideographic comma (U+3001) a model
 * may write between names; line breaks and tabs are read as commas too (C9, C11). No canonical
 * name holds one (`TOOL_NAME_PATTERN`), and an alias that holds one in normal form is refused
 * (`aliases` option) or left out (`bindMcpTools`), so splitting at them never cuts a name.
 */
export const LIST_SEPARATORS = ',;\u3001';
