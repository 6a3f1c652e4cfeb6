import type { SearchRecord } from '../runtime/turn-stream-part.js';
import type { SearchOptions } from '../search/search-options.js';
import { NAMED_TOOL_SCORE } from '../search/create-hybrid-ranker.js';
import { cleanRanking } from '../search/clean-ranking.js';
import { raceAbort } from '../search/race-abort.js';
import { relevanceFloorsOf } from '../search/relevance-floor-of.js';
import { selectActivations } from '../search/select-activations.js';
import type { AnyToolRanker, RankedTool, ToolRanker } from '../search/tool-ranker.js';
import { describeCallableMatches } from './describe-callable-matches.js';
import { describeSelectLeftOut } from './describe-select-left-out.js';
import { describeSkips } from './describe-skips.js';
import { describeUnnamedQuery } from './describe-unnamed-query.js';
import { checkSelectEntries, MAX_SELECTED_ENTRIES, selectEntriesOf } from './check-select-entries.js';
import { namedCallableTools } from './named-callable-tools.js';
import { parseRequiredWords } from './parse-required-words.js';
import { oneLineDescription } from './one-line-description.js';
import type { ToolSearchInput } from './tool-search-input-schema.js';
import { describeThrown } from '../errors/describe-thrown.js';
import { normalizeNameText } from '../search/normalize-name-text.js';
import { cutText } from '../catalog/cut-text.js';
import { selectLines } from '../search/select-lines.js';
import { splitSelectList } from '../search/split-select-list.js';
import { writtenSelectEntries } from './written-select-entries.js';
import { listFullNames } from '../catalog/names-ending-with.js';
import { describeSharedRest, sharedRestNames } from './shared-rest-names.js';

/** Ranked candidates fetched per search, enough for the walk to pass already-active matches. */
const RANK_DEPTH = 100;
/** No name is callable without a search (the default of `callable`). */
const NOTHING_CALLABLE: ReadonlySet<string> = new Set();
/** Characters of a ranker's error message shown to the model. */
const MAX_RANKER_ERROR_CHARS = 500;

/** The outcome of one `tool_search` call: the thin result (C11) and its record (C21), or an error (C12). */
export type ToolSearchOutcome =
  | {
      readonly ok: true;
      /**
       * `{ activated }`, plus `reason` when something was skipped or left out (a `select:` past
       * the limit), nothing matched, or the query named a tool that is already callable; in
       * `search.mode: 'confirm'`, also `candidates` to load with `select:` (C24).
       */
      readonly output: ToolSearchOutput;
      /** Names newly activated: what was passed to `activate`. */
      readonly newlyActivated: string[];
      readonly record: Omit<SearchRecord, 'durationMs' | 'origin'>;
    }
  | { readonly ok: false; readonly message: string };

/** A candidate of a `search.mode: 'confirm'` search: what the model picks from. */
export interface ToolSearchCandidate {
  readonly name: string;
  /** The description's first line, at most 120 characters ({@link oneLineDescription}). */
  readonly description: string;
}

/** The thin result of a search (C11). */
export interface ToolSearchOutput {
  activated: string[];
  /** Confirm mode only: matches offered for `select:`, none of them activated. */
  candidates?: ToolSearchCandidate[];
  reason?: string;
}

/** Options of {@link runToolSearch}. */
export interface RunToolSearchOptions {
  readonly input: ToolSearchInput;
  readonly ranker: AnyToolRanker;
  readonly search: SearchOptions;
  /** True for a deferred tool inside this turn's ceiling (C1, C6). */
  readonly isSearchable: (name: string) => boolean;
  /**
   * True for a name some tool of the runtime or the turn has: a ranked name for which it is
   * false is dropped and reported in the record's `rankerDrops.unknown` (a known name outside
   * the turn's searchable tools is dropped silently). Default: every name is known.
   */
  readonly isKnown?: (name: string) => boolean;
  /**
   * Names active or pending in this turn, or a function that returns them. A function is
   * called once the ranking is done — after an asynchronous ranker's await — right before
   * the walk, so searches of one step that rank concurrently see each other's activations.
   */
  readonly alreadyActive: ReadonlySet<string> | (() => ReadonlySet<string>);
  readonly schemaCharsOf: (name: string) => number;
  /**
   * A deferred tool's description, for confirm mode's candidates (C24). Default: none (the
   * candidates' descriptions are empty).
   */
  readonly descriptionOf?: (name: string) => string | undefined;
  /**
   * True for a tool the run requires on this step (R): it is visible already, so a search never
   * activates or lists it (R is not A; a search's `activated` never names a required tool). When
   * one ranks within the limit, the result's `reason` says it is already visible.
   * Default: nothing is required.
   */
  readonly isRequired?: (name: string) => boolean;
  /**
   * The names callable on this step without a search (its step-start visible set: direct,
   * required and active tools; `tool_search` itself left out). When the query names one
   * outright (the whole query, a `select:` entry, a compound name as a word), the result's
   * `reason` says it is already callable; a direct or required one is never activated.
   * Default: none.
   */
  readonly callable?: ReadonlySet<string>;
  /**
   * Called with the newly activated names, when there are any, in the same synchronous run as
   * the walk that chose them (nothing can interleave), so the caller can mark them pending
   * before a parallel search reads `alreadyActive` (C15). Default: nothing is called.
   */
  readonly activate?: (names: string[]) => void;
  /**
   * The searchable full names that end with a short name after a separator, ignoring case
   * (C23): for a `select:` that loads nothing, each entry that ends such names gets them listed
   * in the `reason` (`create_issue` ends `mcp__github__create_issue` and
   * `mcp__gitlab__create_issue`), so the model can select the one it needs. Default: none.
   */
  readonly fullNamesOf?: (shortName: string) => readonly string[];
  /**
   * The turn's tools — deferred in its ceiling or callable on this step — whose rest, the name
   * without its group's prefix (C23), is a text, ignoring case, sorted (`toolsWithRest`): a
   * whole query that is the rest of two or more of them, and no tool's name, ranks exactly those
   * and loads them up to the limit, the `reason` naming them ({@link sharedRestNames}); a callable
   * one (direct), and one whose rest a `select:` entry no name spells is, is said to be callable
   * already. Default: none (the ranker's pick stands).
   */
  readonly toolsWithRestOf?: (rest: string) => readonly string[];
  /**
   * The searchable names equal to a `select:` entry ignoring case (`Foo` and `foo` for `FOO`).
   * With it, an entry several names spell, none exactly, loads none of them and the reason lists
   * them; an entry one spells exactly loads only that one (see `checkSelectEntries`). For an entry
   * no name spells, it may answer the one searchable tool whose rest (its name without its
   * group's prefix, C23) the entry is, as the turn's inventory showed it: that tool is loaded.
   * Default: none (the ranker's pick stands).
   */
  readonly caseVariantsOf?: (entry: string) => readonly string[];
  /**
   * A tool's aliases (the `aliases` option, C9): a `select:` entry that is an alias of the name
   * the ranker resolved it to is meant, not a mistyping to report as ambiguous among that name's
   * case variants. Default: no tool has aliases.
   */
  readonly aliasesOf?: (name: string) => readonly string[];
  /** The tools with a text as an alias, ignoring case and normal form (C9; `checkSelectEntries`). Default: none shared. */
  readonly aliasOwnersOf?: (text: string) => readonly string[];
  /**
   * Passed to the ranker; once it aborts (the turn was cancelled, or the search timed out) the
   * search stops waiting for the ranking, activates nothing and returns an error. Default: none.
   */
  readonly abortSignal?: AbortSignal;
}

/**
 * Runs one search over the deferred tools of this turn's ceiling: checks the input (C12),
 * ranks the query, walks the matches within the limits (C10) and builds the thin result (C11).
 * Pure apart from the ranker's work and `activate`. The ranker's answer is cleaned first
 * (see {@link cleanRanking}); what was dropped is in the record's `rankerDrops`.
 *
 * The query is read as {@link normalizeNameText} gives it — format characters (U+200B, U+FEFF,
 * soft hyphen, …) dropped, then NFKC (full-width `ｓｅｌｅｃｔ：ｒｅａｄ＿ｆｉｌｅ` is
 * `select:read_file`) — for its form (`select:`, `+word`), its names and the ranker, a `select:`
 * list's line breaks, tabs, semicolons and ideographic commas `、` read as commas (no name or
 * alias holds one: `LIST_SEPARATORS`); the record's
 * `query` is the query as written, trimmed. `maxQueryChars` bounds it as written and as read
 * (NFKC expands some characters: U+FDFA is 18), so no ranker is given a longer query (C12).
 *
 * Synchronous for a synchronous ranker — the result is returned with no await — and a promise
 * for an asynchronous one. Never throws or rejects for the ranker's sake: a ranker that throws
 * or rejects (an embedding call that failed) gives an error outcome whose message the model can
 * read, and nothing is activated.
 */
export function runToolSearch(options: RunToolSearchOptions & { readonly ranker: ToolRanker }): ToolSearchOutcome;
export function runToolSearch(options: RunToolSearchOptions): ToolSearchOutcome | Promise<ToolSearchOutcome>;
export function runToolSearch(options: RunToolSearchOptions): ToolSearchOutcome | Promise<ToolSearchOutcome> {
  const { input, search, abortSignal } = options;
  // what the model wrote, for the record; what it names is read without full-width forms and
  // invisible format characters it may have copied (`ｓｅｌｅｃｔ：ｒｅａｄ＿ｆｉｌｅ`, `read\u200B_file`)
  const written = input.query.trim();
  // a select: listing names one per line (or tab-, semicolon- or `、`-separated) lists them: no name or
  // alias holds a control character or these (`TOOL_NAME_PATTERN`, the `aliases` check), so they are commas there
  const query = selectLines(normalizeNameText(input.query).trim());
  if (query.length === 0) {
    return { ok: false, message: 'tool_search needs a non-empty query: describe the task in a few words or give a tool name.' };
  }
  // the bound holds for what the ranker is given too: NFKC expands some characters (U+FDFA is 18)
  if (written.length > search.maxQueryChars || query.length > search.maxQueryChars) {
    // a long select: is a list of names, not prose: say how to split it, not to use fewer words
    const advice = /^select:/i.test(query)
      ? `Split the names into several select: searches of at most ${search.maxQueryChars} characters each; nothing was loaded.`
      : 'Use a few words about the task instead.';
    const read = written.length > search.maxQueryChars ? '' : ` as written and ${query.length} once its compatibility characters are expanded (NFKC, as tool_search reads a query)`;
    return { ok: false, message: `tool_search query is ${written.length} characters${read}; the maximum is ${search.maxQueryChars}. ${advice}` };
  }
  // null is no limit given: strict-mode models send null for the optional fields they leave out
  const requestedLimit = input.limit ?? undefined;
  if (requestedLimit !== undefined && (!Number.isInteger(requestedLimit) || requestedLimit < 1)) {
    return {
      ok: false,
      message: `tool_search limit must be a whole number from 1 to ${search.maxLimit}; got ${String(requestedLimit)}. Omit it for ${search.defaultLimit}.`,
    };
  }
  const effectiveLimit = Math.min(requestedLimit ?? search.defaultLimit, search.maxLimit);
  // `+word`: the word must be in the name (filtered below); the ranker gets the words without `+`
  const { rankQuery, requiredWords } = parseRequiredWords(query);
  const hasRequiredWords = (name: string) => requiredWords.every((word) => name.toLowerCase().includes(word));
  if (rankQuery.length === 0) {
    return { ok: false, message: `tool_search query ${JSON.stringify(query)} has no words: put a word after +, e.g. +slack send.` };
  }
  if (/^select:[\s,`'"]*$/i.test(query)) {
    return { ok: false, message: 'tool_search select: needs tool names after it, separated by commas, e.g. select:github_create_issue,slack_post_message.' };
  }

  // what a select: lists: a match is one of them when the ranker says it was named (the hybrid
  // ranker resolves case, typos and aliases) or when the list spells it
  const selectedNames = ((pieces) => (pieces === undefined ? undefined : new Set(pieces.map((entry) => entry.toLowerCase()))))(splitSelectList(query, query.length));
  const isSelected = (match: RankedTool) => match.score >= NAMED_TOOL_SCORE / 2 || selectedNames?.has(normalizeNameText(match.name).toLowerCase()) === true;

  const select = selectEntriesOf(query);
  let writtenEntries: ReadonlyMap<string, string> | undefined; // as the model wrote them, read when a reason quotes one
  const isNamed = (text: string) => [...(options.caseVariantsOf?.(text) ?? []), ...(options.callable ?? NOTHING_CALLABLE)].some((name) => normalizeNameText(name).toLowerCase() === text.toLowerCase());
  const restNames = select === undefined && requiredWords.length === 0 ? sharedRestNames({ query, toolsWithRestOf: options.toolsWithRestOf, isNamed }) : undefined;
  // a tool callable already (a direct one) whose rest is the query or a select: entry no name spells is told so, not loaded
  const isDirectCallable = (name: string) => !options.isSearchable(name) && (options.callable ?? NOTHING_CALLABLE).has(name);
  const restCallable = (select === undefined ? restNames ?? [] : select.entries.filter((entry) => !isNamed(entry)).flatMap((entry) => options.toolsWithRestOf?.(entry) ?? [])).filter(isDirectCallable);
  const finish = (ranking: unknown, synchronous: boolean): ToolSearchOutcome => {
    if (abortSignal?.aborted === true) return stopped();
    // a ranker's answer is cleaned, never trusted: null entries, unknown names, repeats
    let cleaned: ReturnType<typeof cleanRanking>;
    try {
      cleaned = cleanRanking(ranking, { maxResults: RANK_DEPTH, isKnown: options.isKnown ?? (() => true) });
    } catch (error) {
      return rankerFailed(query, error);
    }
    // each select: entry is checked against the names: an ambiguous one loads nothing, an unknown one is named
    const checked = select === undefined ? undefined : checkSelectEntries({
      select,
      ranking: cleaned.ranked,
      ranker: options.ranker,
      synchronous,
      variantsOf: options.caseVariantsOf,
      callable: options.callable ?? NOTHING_CALLABLE,
      isSearchable: options.isSearchable,
      hasEndings: (entry) => (options.fullNamesOf?.(entry) ?? []).length > 0,
      endingsOf: options.fullNamesOf,
      aliasesOf: options.aliasesOf,
      aliasOwnersOf: options.aliasOwnersOf,
      isCallableRest: (entry) => (options.toolsWithRestOf?.(entry) ?? []).some(isDirectCallable),
      writtenOf: (entry) => (writtenEntries ??= writtenSelectEntries(written, search.maxQueryChars)).get(entry),
    });
    const kept = (name: string) => checked?.dropped.has(name) !== true;
    // a name an entry spells that the ranker left out comes after its named matches, as named
    const missing = (checked?.missing ?? []).map((name, index) => ({ name, score: NAMED_TOOL_SCORE - MAX_SELECTED_ENTRIES - index }));
    const named = missing.length === 0 ? cleaned.ranked : [...cleaned.ranked.filter((match) => match.score >= NAMED_TOOL_SCORE / 2), ...missing, ...cleaned.ranked.filter((match) => match.score < NAMED_TOOL_SCORE / 2)];
    // a select: loads only what it lists, whatever a ranker (a user's search service) adds to it
    const searchable = named.filter((match) => options.isSearchable(match.name) && hasRequiredWords(match.name) && kept(match.name) && (selectedNames === undefined || isSelected(match)));
    const { isRequired } = options;
    const ranked = isRequired === undefined ? searchable : searchable.filter((match) => !isRequired(match.name));
    const requiredMatches = isRequired === undefined ? [] : searchable.slice(0, effectiveLimit).filter((match) => isRequired(match.name)).map((match) => match.name);
    const alreadyActive = typeof options.alreadyActive === 'function' ? options.alreadyActive() : options.alreadyActive;
    // the floor bounds the default search (C24); a limit the model asked for is taken as asked
    const floor = { floor: search.relevanceFloor, slope: search.relevanceFloorSlope, nameWeight: search.relevanceFloorNameWeight, charsOf: options.schemaCharsOf };
    const minScoreOf = requestedLimit === undefined ? relevanceFloorsOf(searchable, floor) : undefined;
    const selection = selectActivations({
      ranked,
      limit: effectiveLimit,
      maxSchemaChars: search.maxSchemaChars,
      alreadyActive,
      schemaCharsOf: options.schemaCharsOf,
      ...(minScoreOf === undefined ? {} : { minScoreOf }),
    });
    // confirm mode (C24): a search other than select: offers its new matches and loads nothing
    const confirm = search.mode === 'confirm' && !/^select:/i.test(query);
    const newlyActivated = confirm ? [] : selection.newlyActivated;
    if (newlyActivated.length > 0) options.activate?.(newlyActivated);
    const activated = confirm ? selection.activated.filter((name) => !selection.newlyActivated.includes(name)) : selection.activated;
    const output: ToolSearchOutput = { activated };
    if (confirm) output.candidates = selection.newlyActivated.map((name) => ({ name, description: oneLineDescription(options.descriptionOf?.(name) ?? '') }));
    const callable = [...new Set([...namedCallable.names, ...restCallable])].filter((name) => !requiredMatches.includes(name) && kept(name));
    const walked = new Set([...selection.activated, ...selection.skipped.map((skip) => skip.name)]);
    const leftOut = selectedNames === undefined
      ? []
      : ranked.filter((match) => !walked.has(match.name) && !alreadyActive.has(match.name) && isSelected(match)).map((match) => match.name);
    const nothingFound = selection.activated.length === 0 && selection.skipped.length === 0 && requiredMatches.length === 0 && callable.length === 0;
    const told = {
      endings:
        selectedNames === undefined ? undefined
        : nothingFound ? describeEndings(selectedNames, options.fullNamesOf)
        : describeEndings(new Set(checked?.endingEntries.map((entry) => entry.toLowerCase())), options.fullNamesOf),
      entries: checked?.reason,
      callable: describeCallableMatches(callable),
      leftOut: describeSelectLeftOut({ leftOut, limit: effectiveLimit, maxLimit: search.maxLimit, stoppedOnBudget: selection.stoppedOnBudget }),
    };
    // confirm mode says first that nothing was loaded, so what follows reads as about candidates
    const raisedFor = raisedFloorMatch(selection, searchable, search.relevanceFloor);
    // its own floor as a share of the best: sized by its definition, less its name gain (C24)
    const raisedShare = raisedFor === undefined || minScoreOf === undefined ? undefined : minScoreOf(raisedFor) / searchable[0]!.score;
    // a match below the flat floor whose name gain had lowered its own floor further: the reason names that floor
    const firstBelow = selection.skipped.find((skip) => skip.reason === 'below-relevance-floor')?.name;
    const loweredShare = raisedFor !== undefined || firstBelow === undefined || minScoreOf === undefined ? undefined : minScoreOf(firstBelow) / searchable[0]!.score;
    const lowered = loweredShare !== undefined && loweredShare < search.relevanceFloor - 1e-9 ? { name: firstBelow!, share: loweredShare } : undefined;
    const reasons = [
      confirm && selection.newlyActivated.length > 0 ? CONFIRM_REASON : undefined,
      describeSkips({ selection, query, maxSchemaChars: search.maxSchemaChars, requiredMatches, told, confirm, floor: { ...floor, raisedFor, raisedShare, lowered } }),
      describeUnnamedQuery({ query: rankQuery, ranked: cleaned.ranked, isAvailable: (name) => options.isSearchable(name) || isDirectCallable(name), namesATool: (text) => restNames !== undefined || isNamed(text) || (options.toolsWithRestOf?.(text) ?? []).length > 0 || (options.aliasOwnersOf?.(text) ?? []).length > 0, aliasesOf: options.aliasesOf, loaded: selection.newlyActivated, confirm }),
      restNames === undefined ? undefined : describeSharedRest({
        rest: rankQuery.replace(/^[`'"]+|[`'"]+$/g, ''),
        names: restNames,
        notLoaded: ranked.filter((match) => !walked.has(match.name) && !alreadyActive.has(match.name)).map((match) => match.name),
        confirm,
      }),
    ];
    const reason = reasons.filter((part) => part !== undefined).join(' ');
    if (reason.length > 0) output.reason = reason;
    return {
      ok: true,
      output,
      newlyActivated,
      record: {
        query: written,
        requestedLimit,
        effectiveLimit,
        ranked: ranked.slice(0, Math.max(effectiveLimit * 2, 10)),
        activated,
        skipped: selection.skipped,
        schemaCharsActivated: confirm ? 0 : selection.schemaChars,
        ...(confirm ? { candidates: selection.newlyActivated } : {}),
        ...(cleaned.drops === undefined ? {} : { rankerDrops: cleaned.drops }),
      },
    };
  };

  const namedCallable = namedCallableTools({ query, callable: options.callable ?? NOTHING_CALLABLE, isSearchable: options.isSearchable });
  // the query is the name of a tool callable already: nothing to rank, nothing new to load
  if (namedCallable.wholeQuery) return finish(namedCallable.names.map((name) => ({ name, score: 1 })), true);
  // the query is a rest several tools share (C23): those tools, not the ranker's guess between them
  if (restNames !== undefined) return finish(restNames.map((name) => ({ name, score: NAMED_TOOL_SCORE })), true);
  let ranking: RankedTool[] | Promise<RankedTool[]>;
  let promised: boolean;
  try {
    ranking = options.ranker.rank(rankQuery, RANK_DEPTH, abortSignal === undefined ? {} : { abortSignal });
    // reading `then` of what a ranker returned may throw (a revoked Proxy)
    promised = isPromiseLike(ranking);
  } catch (error) {
    return rankerFailed(query, error);
  }
  if (!promised) return finish(ranking, true);
  return raceAbort(ranking as PromiseLike<RankedTool[]>, abortSignal).then((settled) => finish(settled, false), (error: unknown) =>
    abortSignal?.aborted === true ? stopped() : rankerFailed(query, error),
  );
}

function stopped(): ToolSearchOutcome {
  return { ok: false, message: 'tool_search was stopped before its ranking finished; nothing was activated.' };
}

function rankerFailed(query: string, error: unknown): ToolSearchOutcome {
  const reason = describeThrown(error);
  const shown = cutText(query, 81);
  return {
    ok: false,
    message:
      `tool_search could not rank ${JSON.stringify(shown)}: ` +
      `${reason.length > MAX_RANKER_ERROR_CHARS ? `${reason.slice(0, MAX_RANKER_ERROR_CHARS)}…` : reason}. ` +
      'Nothing was activated; you may search again.',
  };
}

const CONFIRM_REASON =
  'Nothing was loaded: these are candidates. Call tool_search with select:NAME,NAME for the ones you need; they are callable on the step after that.';

/** The sentence naming the full names each `select:` entry ends (C23); `undefined` when none ends any. */
function describeEndings(entries: ReadonlySet<string>, fullNamesOf: ((shortName: string) => readonly string[]) | undefined): string | undefined {
  if (fullNamesOf === undefined) return undefined;
  const parts: string[] = [];
  for (const entry of entries) {
    const names = entry === '' ? [] : fullNamesOf(entry);
    if (names.length > 0) parts.push(`No tool is named ${entry}: it ends the names of ${listFullNames(names, ', ', false)}.`);
  }
  return parts.length === 0 ? undefined : `${parts.join(' ')} Search with select: and the full name of the one you need (its group's prefix and this name).`;
}

function isPromiseLike(value: unknown): value is PromiseLike<RankedTool[]> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** The match that stopped the walk at its floor (C24) although it scores at least `relevanceFloor` of the best: its size raised the floor. */
function raisedFloorMatch(selection: ReturnType<typeof selectActivations>, ranked: readonly RankedTool[], relevanceFloor: number): string | undefined {
  const first = selection.skipped.find((skip) => skip.reason === 'below-relevance-floor');
  const best = ranked[0]?.score;
  const match = first === undefined ? undefined : ranked.find((entry) => entry.name === first.name);
  return match !== undefined && typeof best === 'number' && match.score >= relevanceFloor * best ? match.name : undefined;
}
