import { NAMED_TOOL_SCORE } from '../search/create-hybrid-ranker.js';
import type { AnyToolRanker, RankedTool } from '../search/tool-ranker.js';
import { cutText } from '../catalog/cut-text.js';
import { normalizeNameText } from '../search/normalize-name-text.js';
import { splitSelectList } from '../search/split-select-list.js';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { TOOL_SEARCH_WIRE_ALIAS } from './tool-search-wire-names.js';

/** Characters of a query scanned for `select:` entries (as the rankers scan it). */
const MAX_SCAN_CHARS = 4_000;
/** `select:` entries read at most (as the rankers read them). */
export const MAX_SELECTED_ENTRIES = 64;
/** Unknown entries that get their closest names ranked; the others are only named. */
const MAX_SUGGESTED_ENTRIES = 5;
/** Closest names suggested per unknown entry. */
const SUGGESTIONS_PER_ENTRY = 3;
/** Unknown or ambiguous entries named in the reason; the rest are counted. */
const MAX_NAMED_ENTRIES = 10;
/** Characters of one entry shown in the reason (a pasted paragraph is cut, as a query is). */
const MAX_SHOWN_ENTRY_CHARS = 81;

const shownEntry = (entry: string) => JSON.stringify(cutText(entry, MAX_SHOWN_ENTRY_CHARS));

/** The entries of a `select:` query, as the rankers read them. */
export interface SelectEntries {
  /** The first 64 entries (empty ones count), trimmed and unquoted, non-empty, distinct, in query order. */
  readonly entries: readonly string[];
  /**
   * Distinct non-empty entries after the 64th that repeat no read entry: never read by a ranker,
   * so never loaded (a repeat of a read one is loaded with it, so it is not counted).
   */
  readonly unread: number;
}

/**
 * The entries of `query` when it is a `select:` query, read exactly as the rankers read them
 * (`splitSelectList`: its first 4,000 characters, split at commas, semicolons, `、` and line
 * breaks, the first 64 pieces, trimmed, surrounding quotes and backticks dropped); `undefined` for any other query.
 */
export function selectEntriesOf(query: string): SelectEntries | undefined {
  const pieces = splitSelectList(query.trim(), MAX_SCAN_CHARS);
  if (pieces === undefined) return undefined;
  const entries = [...new Set(pieces.slice(0, MAX_SELECTED_ENTRIES).filter((entry) => entry.length > 0))];
  const read = new Set(entries);
  const unread = new Set(pieces.slice(MAX_SELECTED_ENTRIES).filter((entry) => entry.length > 0 && !read.has(entry))).size;
  return { entries, unread };
}

/** What {@link checkSelectEntries} found in a `select:` query's entries. */
export interface SelectEntryCheck {
  /**
   * Names to take out of the ranking and of the callable matches: the case variants of an entry
   * that the entry does not spell exactly (the exact one is loaded), and every variant of an
   * ambiguous entry; a name some entry spells exactly is never dropped.
   */
  readonly dropped: ReadonlySet<string>;
  /** The sentences of the reason: ambiguous, unknown and unread entries; `undefined` when none. */
  readonly reason: string | undefined;
  /** Unknown entries that end full names: told by the search's sentence on short names (C23), not here. */
  readonly endingEntries: readonly string[];
  /**
   * Searchable names an entry spells (exactly, or as the only name it spells ignoring case) that
   * the ranking left out — a ranker over more tools than the turn's ceiling took the entry for
   * another spelling — in entry order: the search adds them after the ranking's named matches.
   */
  readonly missing: readonly string[];
}

/**
 * Checks each `select:` entry against the names of the turn, so the model is told instead of
 * guessed for (C9, C11, C12):
 *
 * - an entry that several names spell ignoring case, none exactly (`FOO` for `Foo` and `foo`),
 *   is ambiguous: none of them is loaded, and the reason lists them; an entry that one of them
 *   spells exactly loads that one only (names are case-sensitive); so is a mistyping the ranker
 *   corrected to one of several such names (`foo_`), unless it is that name's alias;
 * - an entry that no name spells in any case and that is an alias of two or more searchable
 *   tools (`aliasOwnersOf`: one alias in two cases or forms, or given to both) loads the one
 *   whose alias it spells in normal form, else none of them, and the reason lists them as
 *   "an alias of each": the ranker resolves an alias to one tool, a guess between its owners;
 * - an entry that names no tool of the turn — not in any case, not as an alias, a mistyping the
 *   ranker resolves, or the end of a full name (`hasEndings`: the search's `fullNamesOf`, told
 *   in a sentence of its own) — is named in the reason with its closest names (the ranker's
 *   best searchable matches for the entry as words: synchronous rankers only; an asynchronous
 *   one is not called again); a tool outside the turn's ceiling is named by no entry, and is
 *   never suggested; names joined by spaces or `|` are told to be separated by commas (a `;`
 *   is read as a comma before: `selectLines`); an entry is quoted as written (`writtenOf`);
 * - an entry no name spells that ends two or more full names of the turn (`endingsOf`) — a
 *   group's rest that the ranker took for the catalog's short-name alias while a turn's client
 *   tool ends with it too — loads none of them and is told as an ending entry, unless it is one
 *   of theirs' `aliases`;
 * - an entry that one name of the turn spells, which the ranking left out (a ranker over more
 *   tools than the ceiling took it for another spelling), is returned in `missing`;
 * - when every entry spells a name (or is the rest of one: `variantsOf`), a named match of the
 *   ranker that no entry spells and that has no entry as an alias is dropped: it is the
 *   ranker's other reading of an entry, not a tool the list names;
 * - entries past the 64th are never read: the reason counts them. At most 10 entries (and 10
 *   variants of one) are named; the rest are counted.
 *
 * Which entry the ranker resolved is known when it can be told by counting (the named matches
 * of the ranking that no entry spells); else, with a synchronous ranker, each entry in doubt is
 * ranked alone as `select:ENTRY`; with an asynchronous one such entries are not reported.
 *
 * @param options.ranking the search's cleaned ranking, before any filter.
 * @param options.variantsOf the searchable names that equal an entry ignoring case.
 * @param options.callable the names callable on this step without a search.
 * @param options.synchronous true when the ranker answered the search without a promise.
 * @param options.hasEndings true for an entry that ends full names with a separator before it (C23).
 * @param options.aliasesOf a tool's aliases; `undefined`: no tool has any.
 */
export function checkSelectEntries(options: {
  readonly select: SelectEntries;
  readonly ranking: readonly RankedTool[];
  readonly ranker: AnyToolRanker;
  readonly synchronous: boolean;
  readonly variantsOf: ((entry: string) => readonly string[]) | undefined;
  readonly callable: ReadonlySet<string>;
  readonly isSearchable: (name: string) => boolean;
  readonly hasEndings: (entry: string) => boolean;
  /** A searchable tool's aliases (the `aliases` option, C9): an entry that is one is meant, not mistyped. Default: none. */
  readonly aliasesOf?: ((name: string) => readonly string[]) | undefined;
  /**
   * The full names of the turn an entry ends after a separator (the search's `fullNamesOf`,
   * C23): an entry the ranker resolved that ends two or more of them, and is no name or
   * `aliases` entry, loads none of them and is told as an ending entry. Default: not checked.
   */
  readonly endingsOf?: ((entry: string) => readonly string[]) | undefined;
  /**
   * The tools that have an entry as an alias, ignoring case and normal form (the search's
   * `aliasOwnersOf`, C9): an entry no name spells that is an alias of two or more searchable
   * tools loads the one whose alias it spells exactly (in normal form), else none of them and is
   * told as ambiguous: the ranker resolves an alias to one tool, a guess between its owners.
   * Default: not checked.
   */
  readonly aliasOwnersOf?: ((entry: string) => readonly string[]) | undefined;
  /**
   * True for an entry that is the rest (the name without its group's prefix, C23) of a tool
   * callable on this step without a search (a direct one): when no name spells the entry and no
   * searchable tool has that rest, the entry names that tool, which the search reports as
   * callable, and is not reported as unknown. Default: no entry is.
   */
  readonly isCallableRest?: ((entry: string) => boolean) | undefined;
  /**
   * An entry as the model wrote it (`writtenSelectEntries`: `ＦＯＯ` for `FOO`), which the reason
   * quotes so the model recognises its own text; `undefined`: the entry as read. Default: as read.
   */
  readonly writtenOf?: ((entry: string) => string | undefined) | undefined;
}): SelectEntryCheck {
  const { select, callable } = options;
  const quoted = (entry: string) => shownEntry(options.writtenOf?.(entry) ?? entry);
  const callableByLower = new Map<string, string[]>();
  for (const name of callable) {
    const lower = normalizeNameText(name).toLowerCase();
    const same = callableByLower.get(lower);
    if (same === undefined) callableByLower.set(lower, [name]);
    else same.push(name);
  }
  const exact = new Set<string>();
  const spelled = new Set<string>();
  const ambiguous: { entry: string; variants: string[]; aliases?: true }[] = [];
  const unresolved: string[] = [];
  const dropped = new Set<string>();
  const chosen: string[] = [];
  for (const entry of select.entries) {
    const variants = [...new Set([...(options.variantsOf?.(entry) ?? []), ...(callableByLower.get(normalizeNameText(entry).toLowerCase()) ?? [])])].sort(compareCodeUnits);
    for (const name of variants) spelled.add(name);
    // the entry spells a name exactly when it is that name in normal form; two such names (`read_file`
    // and a `ｒｅａｄ＿ｆｉｌｅ` given to a ranker) are as ambiguous as names differing only in case
    const spelledExactly = variants.filter((name) => normalizeNameText(name) === normalizeNameText(entry));
    if (spelledExactly.length === 1) {
      const name = spelledExactly[0]!;
      exact.add(name);
      chosen.push(name);
      for (const other of variants) if (other !== name) dropped.add(other);
    } else if (variants.length >= 2) {
      ambiguous.push({ entry, variants });
      for (const name of variants) dropped.add(name);
    } else if (variants.length === 0) {
      const owners = (options.aliasOwnersOf?.(entry) ?? []).filter(options.isSearchable);
      if (owners.length < 2) {
        // the rest of a direct tool (C23) names it: the search tells it callable, it is no unknown name
        if (options.isCallableRest?.(entry) !== true) unresolved.push(entry);
        continue;
      }
      // an alias two tools share (in one spelling, in two cases or two forms): the one whose alias the entry spells, else neither
      for (const name of owners) spelled.add(name);
      const form = normalizeNameText(entry);
      const spelledBy = owners.filter((name) => (options.aliasesOf?.(name) ?? []).some((alias) => normalizeNameText(alias) === form));
      if (spelledBy.length === 1) {
        exact.add(spelledBy[0]!);
        chosen.push(spelledBy[0]!);
        for (const other of owners) if (other !== spelledBy[0]) dropped.add(other);
      } else {
        ambiguous.push({ entry, variants: [...owners], aliases: true });
        for (const name of owners) dropped.add(name);
      }
    } else {
      chosen.push(variants[0]!);
    }
  }
  const unknown = unknownEntries({ ...options, unresolved, spelled });
  // a mistyping the ranker corrected to a name that differs from another only in case (`foo_`
  // for `Foo` and `foo`) is as ambiguous as `FOO`: the corrector's pick between them is a guess
  for (const found of mistypedAmbiguities({ ...options, unresolved, unknown, spelled })) {
    ambiguous.push(found);
    for (const name of found.variants) dropped.add(name);
  }
  // a rest two tools of this turn end (a client tool's and the catalog's, whose short-name alias
  // was unique in the catalog alone) names neither: the ranker's pick by that alias is a guess (C23)
  const sharedEndings = sharedEndingEntries({ ...options, unresolved, unknown });
  for (const { names } of sharedEndings) for (const name of names) dropped.add(name);
  // every entry spells a name of the turn (or is the rest of one, C23): a named match none of them
  // spells is the ranker's other reading of an entry (`create_issue` taken for `issue_create`'s words)
  if (unresolved.length === 0) {
    const entryLower = new Set(select.entries.map((entry) => normalizeNameText(entry).toLowerCase()));
    for (const match of options.ranking) {
      if (match.score < NAMED_TOOL_SCORE / 2 || spelled.has(match.name) || entryLower.has(normalizeNameText(match.name).toLowerCase())) continue;
      if (!(options.aliasesOf?.(match.name) ?? []).some((alias) => entryLower.has(alias.toLowerCase()))) dropped.add(match.name);
    }
  }
  for (const name of exact) dropped.delete(name);

  const parts: string[] = [];
  if (ambiguous.length > 0) {
    const shown = ambiguous.slice(0, MAX_NAMED_ENTRIES).map(({ entry, variants, aliases }) =>
      `${quoted(entry)} could be ${variants.slice(0, MAX_NAMED_ENTRIES).join(' or ')}${variants.length > MAX_NAMED_ENTRIES ? ` or ${variants.length - MAX_NAMED_ENTRIES} more` : ''} (${aliases === true ? 'an alias of each' : differOnlyInCase(variants) ? 'names are case-sensitive' : 'names that read the same once full-width forms and invisible characters are ignored'})`);
    const more = ambiguous.length - shown.length;
    parts.push(
      `Ambiguous: ${shown.join('; ')}${more > 0 ? `; and ${more} more entries` : ''}. Nothing was loaded for ${ambiguous.length === 1 ? 'it' : 'them'}: ` +
        `select the exact name, e.g. select:${ambiguous[0]!.variants[0]}.`,
    );
  }
  // tool_search itself (or its name on OpenAI's Responses API) is this very search, not a tool to load
  const isSearchItself = (entry: string) => entry.toLowerCase() === TOOL_SEARCH_NAME || entry.toLowerCase() === TOOL_SEARCH_WIRE_ALIAS;
  const itself = unknown.find(isSearchItself);
  if (itself !== undefined) parts.push(`${quoted(itself)} is this search itself, callable already; select: loads the deferred tools it finds.`);
  const reported = unknown.filter((entry) => !options.hasEndings(entry) && !isSearchItself(entry));
  if (reported.length > 0) parts.push(describeUnknown(reported, options));
  if (select.unread > 0) {
    parts.push(
      `select: reads the first ${MAX_SELECTED_ENTRIES} entries; ${select.unread.toLocaleString('en-US')} more ${select.unread === 1 ? 'was' : 'were'} not read and not loaded: ` +
        'select them in another search.',
    );
  }
  const ranked = new Set(options.ranking.map((match) => match.name));
  const missing = [...new Set(chosen)].filter((name) => !ranked.has(name) && !dropped.has(name) && options.isSearchable(name));
  const endingEntries = [...unknown.filter((entry) => options.hasEndings(entry)), ...sharedEndings.map(({ entry }) => entry)];
  return { dropped, reason: parts.length === 0 ? undefined : parts.join(' '), endingEntries, missing };
}

/**
 * The entries the ranker resolved (not unknown) that no name spells in any case and that end
 * two or more full names of the turn (`endingsOf`), none of which has the entry as its own
 * alias (the `aliases` option): each with those names.
 */
function sharedEndingEntries(
  options: Parameters<typeof checkSelectEntries>[0] & { readonly unresolved: readonly string[]; readonly unknown: readonly string[] },
): { entry: string; names: readonly string[] }[] {
  const { endingsOf } = options;
  if (endingsOf === undefined) return [];
  const unknown = new Set(options.unknown);
  const found: { entry: string; names: readonly string[] }[] = [];
  for (const entry of options.unresolved) {
    if (unknown.has(entry)) continue;
    const names = endingsOf(entry);
    if (names.length < 2) continue;
    const lower = entry.toLowerCase();
    if (names.some((name) => (options.aliasesOf?.(name) ?? []).some((alias) => alias.toLowerCase() === lower))) continue;
    found.push({ entry, names });
  }
  return found;
}

/**
 * The unresolved entries the ranker resolved by correcting a mistyping to a name with case
 * variants (`foo_` → `Foo`, when `foo` is searchable too), each with every variant: an entry
 * that is an alias of the name it resolved to is meant, not mistyped, and stays resolved.
 * Which entry a named match came from is known by counting (one such entry), else, with a
 * synchronous ranker, by ranking each entry alone; with an asynchronous one it is not told.
 */
function mistypedAmbiguities(
  options: Parameters<typeof checkSelectEntries>[0] & { readonly unresolved: readonly string[]; readonly unknown: readonly string[]; readonly spelled: ReadonlySet<string> },
): { entry: string; variants: string[] }[] {
  const { variantsOf } = options;
  if (variantsOf === undefined) return [];
  const rankedLower = new Set(options.ranking.map((match) => match.name.toLowerCase()));
  const unknown = new Set(options.unknown);
  const corrected = options.unresolved.filter((entry) => !unknown.has(entry) && !rankedLower.has(entry.toLowerCase()));
  if (corrected.length === 0) return [];
  const entryLower = new Set(options.select.entries.map((entry) => entry.toLowerCase()));
  const named = (match: RankedTool) => match.score >= NAMED_TOOL_SCORE / 2 && options.isSearchable(match.name) && !options.spelled.has(match.name) && !entryLower.has(match.name.toLowerCase());
  const matchesOf = (entry: string): readonly RankedTool[] => {
    if (corrected.length === 1) return options.ranking.filter(named);
    if (!options.synchronous) return [];
    return (rankQuietly(options.ranker, `select:${entry}`, 4) ?? []).filter(named);
  };
  const found: { entry: string; variants: string[] }[] = [];
  for (const entry of corrected) {
    const variants = new Set<string>();
    for (const match of matchesOf(entry)) {
      const same = variantsOf(match.name);
      const isAlias = (options.aliasesOf?.(match.name) ?? []).some((alias) => alias.toLowerCase() === entry.toLowerCase());
      if (same.length >= 2 && !isAlias) for (const name of same) variants.add(name);
    }
    if (variants.size >= 2) found.push({ entry, variants: [...variants].sort(compareCodeUnits) });
  }
  return found;
}

/** The unresolved entries the ranker did not resolve either (an alias, a mistyping, a short name). */
function unknownEntries(options: Parameters<typeof checkSelectEntries>[0] & { readonly unresolved: readonly string[]; readonly spelled: ReadonlySet<string> }): string[] {
  // an entry the ranking spells ignoring case is resolved (the names were not given: `variantsOf`
  // unset); a name outside the turn's ceiling resolves nothing
  const rankedLower = new Set(options.ranking.filter((match) => options.isSearchable(match.name) || options.callable.has(match.name)).map((match) => match.name.toLowerCase()));
  const unresolved = options.unresolved.filter((entry) => !rankedLower.has(entry.toLowerCase()));
  if (unresolved.length === 0) return [];
  const entryLower = new Set(options.select.entries.map((entry) => entry.toLowerCase()));
  // named matches no entry spells came from an alias or a mistyping of an unresolved entry
  const named = (match: RankedTool) => match.score >= NAMED_TOOL_SCORE / 2 && (options.isSearchable(match.name) || options.callable.has(match.name));
  const unexplained = options.ranking.filter((match) => named(match) && !options.spelled.has(match.name) && !entryLower.has(match.name.toLowerCase())).length;
  if (unexplained === 0) return [...unresolved];
  if (unresolved.length === 1) return [];
  if (!options.synchronous) return [];
  return unresolved.filter((entry) => {
    const alone = rankQuietly(options.ranker, `select:${entry}`, 4);
    return alone !== undefined && !alone.some(named);
  });
}

function describeUnknown(entries: readonly string[], options: Parameters<typeof checkSelectEntries>[0]): string {
  // `select:a b` or `select:a;b`: names separated by something else than commas
  const joined = entries.find((entry) => {
    const pieces = entry.split(/[\s;|]+/).filter((piece) => piece.length > 0);
    return pieces.length >= 2 && pieces.every((piece) => (options.variantsOf?.(piece) ?? []).length > 0 || options.callable.has(piece) || options.hasEndings(piece));
  });
  let suggested = false;
  const shown = entries.slice(0, MAX_NAMED_ENTRIES).map((entry, index) => {
    const closest = index < MAX_SUGGESTED_ENTRIES && options.synchronous ? closestNames(entry, options) : [];
    if (closest.length > 0) suggested = true;
    const written = shownEntry(options.writtenOf?.(entry) ?? entry);
    return closest.length === 0 ? written : `${written} (closest: ${closest.join(', ')})`;
  });
  const more = entries.length - shown.length;
  return (
    `No tool is named ${shown.join(', ')}${more > 0 ? ` or ${more} more of the entries` : ''}; nothing was loaded for ${entries.length === 1 ? 'it' : 'them'}. ` +
    `Select a name from the inventory${suggested ? ' or a closest one' : ''}, or search with words for what it does.` +
    (joined === undefined ? '' : ` Separate names with commas: select:${joined.split(/[\s;|]+/).filter((piece) => piece.length > 0).join(',')}.`)
  );
}

/** The searchable names the ranker puts first for `entry` as words (`github_make_issue` → `github make issue`). */
function closestNames(entry: string, options: Parameters<typeof checkSelectEntries>[0]): string[] {
  const ranked = rankQuietly(options.ranker, entry.replace(/[_\-.:/]+/g, ' '), SUGGESTIONS_PER_ENTRY * 4) ?? [];
  return ranked.filter((match) => options.isSearchable(match.name)).slice(0, SUGGESTIONS_PER_ENTRY).map((match) => match.name);
}

/** A synchronous ranking, or `undefined` when the ranker throws or answers with anything but an array (a promise is left handled). */
function rankQuietly(ranker: AnyToolRanker, query: string, maxResults: number): readonly RankedTool[] | undefined {
  let answer: unknown;
  try {
    answer = ranker.rank(query, maxResults);
  } catch {
    return undefined;
  }
  try {
    if (!Array.isArray(answer)) {
      Promise.resolve(answer).catch(() => undefined);
      return undefined;
    }
    return answer.filter((match): match is RankedTool => typeof (match as RankedTool | null)?.name === 'string' && typeof (match as RankedTool).score === 'number');
  } catch {
    // a hostile answer (a getter or Proxy trap that throws) is no answer
    return undefined;
  }
}

/** True when the names are one name in different cases (`Foo`, `foo`), not names that only normalize alike. */
function differOnlyInCase(names: readonly string[]): boolean {
  return names.every((name) => name.toLowerCase() === names[0]!.toLowerCase());
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
