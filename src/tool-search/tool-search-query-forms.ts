/**
 * The sentences of `tool_search`'s description that name its query forms, so the model can use
 * them (C9): a few words about the task; an exact tool name; `select:a,b` for exactly the listed
 * tools; `+word` for a word the tool's name must contain; `group:NAME` to list one group's tool
 * names (loads nothing). Kept apart from the rest of the
 * description (the next-step rule, the limits and the inventory) so each can change alone.
 */
export const TOOL_SEARCH_QUERY_FORMS =
  'Query forms: a few words about the task ("create github issue"); an exact tool name from the list ' +
  '("github_create_issue"); "select:a,b" to load exactly the tools named a and b; "+word" to require that ' +
  'word in the tool\'s name ("+slack send": only tools with slack in their names, ranked by both words); ' +
  '"group:NAME" to list the tool names of one group (this loads nothing). ' +
  'A tool you can already call needs no search.';
