import { cutText } from '../catalog/cut-text.js';
import { NAMED_TOOL_SCORE } from '../search/create-hybrid-ranker.js';
import { normalizeNameText } from '../search/normalize-name-text.js';

/**
 * A whole query shaped like one tool name: a word of letters and digits with `_`, `__` or `-`
 * between its parts (`gh_delete_repo`, `github-create-issue`, `mcp__github__get_me`), as a
 * model writes a name it expects to exist; prose (`delete the repo`) and `select:` lists are not.
 */
const NAME_SHAPED = /^[A-Za-z][A-Za-z0-9]*(?:(?:__?|-)[A-Za-z0-9]+)+$/;

/** Characters of the query the reason quotes at most. */
const MAX_SHOWN_QUERY_CHARS = 120;

/**
 * The reason's sentence for a whole query shaped like a tool name that names no tool the
 * turn can search or call (C9, C11): the ranker read its words instead, so what it loaded (or
 * offers, in confirm mode) matched them, not the name the model expected (a name mistyped, made
 * up, or outside the turn's ceiling: C6). Without it, `gh_delete_repo` silently loads
 * `gh_create_issue` for their shared `gh`.
 *
 * The query names a tool when `namesATool` says so (a case variant, a callable name, a rest or
 * an alias the search knows) or when a ranked match the turn can load or call (`isAvailable`)
 * has the ranker's named score ({@link NAMED_TOOL_SCORE}, half of it at least), or has the
 * query as its name or one of its `aliasesOf`, ignoring case and normal form (a ranker that
 * marks no named match, such as `createFuseRanker` or a user's), or when a loaded tool's name
 * ends with the query (its group's prefix left out, in a catalog whose inventory has no rests).
 *
 * @param options.loaded the tools newly loaded, or the candidates offered in confirm mode.
 * @returns `undefined` when the query is not name-shaped, names a tool, or nothing was loaded.
 */
export function describeUnnamedQuery(options: {
  readonly query: string;
  readonly ranked: readonly { readonly name: string; readonly score: number }[];
  readonly isAvailable: (name: string) => boolean;
  readonly namesATool: (text: string) => boolean;
  readonly aliasesOf?: ((name: string) => readonly string[]) | undefined;
  readonly loaded: readonly string[];
  readonly confirm: boolean;
}): string | undefined {
  const { query, loaded, confirm } = options;
  if (loaded.length === 0 || !NAME_SHAPED.test(query) || options.namesATool(query)) return undefined;
  const spelled = query.toLowerCase();
  const same = (name: string) => normalizeNameText(name).toLowerCase() === spelled;
  const named = options.ranked.some((match) => options.isAvailable(match.name) && (match.score >= NAMED_TOOL_SCORE / 2 || same(match.name) || (options.aliasesOf?.(match.name) ?? []).some(same)));
  // a loaded name that ends with the query (`gh_delete_repo` for `delete_repo`) is the tool it meant, prefix left out
  if (named || loaded.some((name) => normalizeNameText(name).toLowerCase().endsWith(spelled))) return undefined;
  return `No tool is named ${JSON.stringify(cutText(query, MAX_SHOWN_QUERY_CHARS))}: ${confirm ? 'the candidates match' : 'what was loaded matches'} its words, not its name.`;
}
