import { listFullNames } from '../catalog/names-ending-with.js';

/** Characters of a whole query read as a rest at most: a tool name has 64 (`TOOL_NAME_PATTERN`). */
const MAX_REST_CHARS = 64;

/**
 * The tools a whole `tool_search` query names by their shared rest (C9, C23): the query, quotes
 * and backticks aside, is the name without its group's prefix of two or more tools of the turn
 * (`create_issue` for `mcp__github__create_issue` and a client's `ui__create_issue`), and no
 * tool of the turn is named that in any case (a name is meant over a rest). The search then
 * ranks exactly these, in this order (by code unit), and loads them up to its limit: the model
 * was shown the rest under each group, and a guess between them would hide the others.
 * `undefined` for a `select:` or `group:` query, a query with `+word`, spaces, commas or more
 * than 64 characters, or a rest at most one tool has.
 *
 * @param options.toolsWithRestOf the turn's tools — deferred in its ceiling or callable on this
 *   step — whose rest is a text, ignoring case (`toolsWithRest`).
 * @param options.isNamed true for a text that is a tool's name (any case) or alias: the search's
 *   ordinary path resolves it.
 */
export function sharedRestNames(options: {
  readonly query: string;
  readonly toolsWithRestOf: ((rest: string) => readonly string[]) | undefined;
  readonly isNamed: (text: string) => boolean;
}): readonly string[] | undefined {
  const { toolsWithRestOf } = options;
  if (toolsWithRestOf === undefined) return undefined;
  const rest = options.query.trim().replace(/^[`'"]+|[`'"]+$/g, '');
  if (rest.length === 0 || rest.length > MAX_REST_CHARS || /[\s,+]/.test(rest) || /^(select|group):/i.test(rest)) return undefined;
  const names = toolsWithRestOf(rest);
  if (names.length < 2 || options.isNamed(rest)) return undefined;
  return names;
}

/**
 * The sentence of a `tool_search` reason for a query that is a rest several tools share
 * ({@link sharedRestNames}): it names them (5 at most, then a count), and those it did not load
 * past the search's limit with the `select:` that loads them.
 *
 * @param options.notLoaded the sharing tools neither loaded, active nor callable already, in rank order.
 * @param options.confirm `search.mode: 'confirm'`: they were offered as candidates, none loaded. Default: false.
 */
export function describeSharedRest(options: { readonly rest: string; readonly names: readonly string[]; readonly notLoaded: readonly string[]; readonly confirm?: boolean }): string {
  const { rest, names, notLoaded } = options;
  const shared = `${rest} is the name, without its group's prefix, of ${names.length.toLocaleString('en-US')} tools: ${listFullNames(names, ', ', false)}.`;
  // confirm mode (C24) loaded none of them: they are candidates
  if (options.confirm === true) return `${shared} Select the ones you need by their full names.`;
  if (notLoaded.length === 0) return `${shared} Call the one you need by its full name.`;
  return `${shared} Not loaded (past the limit): ${listFullNames(notLoaded, ', ', false)}; search with select: and the full names of those you need.`;
}
