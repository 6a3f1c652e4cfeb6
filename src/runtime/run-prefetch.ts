import type { ModelMessage } from 'ai';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { runToolSearch } from '../tool-search/run-tool-search.js';
import { GROUP_QUERY_PREFIX } from '../tool-search/list-group.js';
import { caseVariantsOf } from '../tool-search/case-variants-of.js';
import { aliasOwnersOf } from '../catalog/alias-owners-of.js';
import { rankerDocumentOf } from '../search/ranker-document-of.js';
import { sharesMessageWords } from './shares-message-words.js';
import type { PrefetchOptions } from './prefetch-schema.js';
import type { SearchRecord } from './turn-stream-part.js';
import type { TurnBinding } from './create-turn-binding.js';
import type { RuntimeShared } from './runtime-shared.js';
import { normalizeNameText } from '../search/normalize-name-text.js';

/** The `toolCallId` of the prefetch's search record (no model call made it). */
export const PREFETCH_SEARCH_ID = 'prefetch';

export type { PrefetchOptions } from './prefetch-schema.js';

/** What a prefetch did: the names visible from step 0 and the search record; `undefined` when none ran. */
export interface PrefetchOutcome {
  readonly activated: readonly string[];
  readonly record: SearchRecord;
}

/**
 * Runs the prefetch search of one turn (C25): the text of the latest user message (its text
 * parts, trimmed, then cut to `search.maxQueryChars`) as the query, over the turn's searchable tools, with the
 * turn's ranker and the bounds of any search without a limit (C1, C10, C24): at most
 * `prefetch.limit` tools (clamped to `search.maxLimit`), stopping at the relevance floor; the
 * record's `requestedLimit` is `prefetch.limit` and its `skipped` names the matches the floor or
 * the budget left out, and its `rankerDrops` what was cleaned from the ranker's answer (names
 * no tool has among them), as for the model's search. Required tools are not activated (they
 * are visible already). A message that is a `group:` query (`group:slack`, read as `tool_search`
 * reads it: C23, a listing that loads nothing) activates nothing: its record has the query, no
 * `ranked`, no `activated` and no `failure`, as the record of the model's `group:` listing. Nothing is sent to the actor: the caller passes `activated` as its
 * starting A.
 *
 * With a synchronous ranker the outcome is returned at once; with an asynchronous one (an
 * embedding call) a promise of it, bounded by the search's timeout (`timeout.perToolMs.tool_search`,
 * else `timeout.toolMs`; `0`: none) and by `abortSignal` (the turn's cancellation). The promise
 * never rejects: a ranker that throws, rejects (with anything) or does not answer in time gives an
 * outcome with nothing activated and the reason in the record's `failure`.
 *
 * @returns `undefined` — no prefetch — when `prefetch` is off, the turn offers no `tool_search`,
 *   or the latest user message has no text.
 */
export function runPrefetch(options: {
  readonly shared: RuntimeShared;
  readonly binding: TurnBinding;
  readonly prefetch: PrefetchOptions | undefined;
  readonly messages: readonly ModelMessage[];
  readonly required: readonly string[];
  /** Aborts when the turn is cancelled; the prefetch then stops waiting for the ranker. Default: none. */
  readonly abortSignal?: AbortSignal;
}): PrefetchOutcome | Promise<PrefetchOutcome> | undefined {
  const { shared, binding, prefetch } = options;
  if (prefetch === undefined || !binding.offerSearch) return undefined;
  const query = userQueryOf(options.messages, shared.search.maxQueryChars);
  if (query === '') return undefined;
  const startedAt = shared.now();
  // `group:slack` is what tool_search reads it as, a listing of names, which loads nothing (C23, C25)
  if (query.toLowerCase().startsWith(GROUP_QUERY_PREFIX)) {
    return { activated: [], record: emptyRecord({ query, limit: prefetch.limit, maxLimit: shared.search.maxLimit, durationMs: shared.now() - startedAt }) };
  }
  // the search's own signal: aborts on the turn's cancellation or on the search's timeout
  const stop = new AbortController();
  const outcome = runToolSearch({
    // the prefetch's limit takes the place of search.defaultLimit, not of a limit the model asks
    // for: the relevance floor bounds it as it bounds any search without a limit (C24, C25)
    input: { query },
    ranker: binding.ranker ?? shared.ranker,
    // C25: the prefetch's matches are visible from step 0, so it loads in confirm mode too (no
    // model would see its candidates)
    search: { ...shared.search, defaultLimit: prefetch.limit, mode: 'load' },
    isSearchable: binding.isSearchable,
    // as the model's search: a name no tool has is dropped into the record's rankerDrops.unknown
    isKnown: (name) => binding.resolveTool(name) !== undefined || shared.catalog.get(name) !== undefined,
    alreadyActive: new Set(),
    isRequired: (name) => options.required.includes(name),
    schemaCharsOf: binding.schemaCharsOf,
    caseVariantsOf: caseVariantsOf(binding.deferred),
    aliasesOf: (name) => shared.catalog.get(name)?.aliases ?? [],
    aliasOwnersOf: aliasOwnersOf(shared.catalog),
    abortSignal: stop.signal,
  });
  const settle = (settled: Awaited<typeof outcome>, failure?: string): PrefetchOutcome => {
    const durationMs = shared.now() - startedAt;
    if (settled.ok && failure === undefined) {
      return { activated: settled.newlyActivated, record: { ...settled.record, requestedLimit: prefetch.limit, origin: 'prefetch', durationMs } };
    }
    return { activated: [], record: emptyRecord({ query, limit: prefetch.limit, maxLimit: shared.search.maxLimit, durationMs, failure: failure ?? `prefetch failed: ${(settled as { message: string }).message}` }) };
  };
  if (!(outcome instanceof Promise)) return settle(outcome);
  const timeoutMs = shared.pipeline.timeoutMsOf(TOOL_SEARCH_NAME);
  let why: string | undefined;
  const abort = (reason: string) => {
    why ??= reason;
    stop.abort(new Error(reason));
  };
  const timer = timeoutMs > 0 ? setTimeout(() => abort(`prefetch timed out after ${timeoutMs} ms (timeout.perToolMs.tool_search, else timeout.toolMs): the ranker did not answer; nothing was loaded before step 0`), timeoutMs) : undefined;
  const onCancel = () => abort('the turn was cancelled during the prefetch: nothing was loaded');
  if (options.abortSignal?.aborted === true) onCancel();
  else options.abortSignal?.addEventListener('abort', onCancel, { once: true });
  return outcome.then(
    (settled) => settle(settled, why),
    // runToolSearch does not reject; anything else is reported the same way
    (error: unknown) => settle({ ok: false, message: String(error) }, why),
  ).finally(() => {
    clearTimeout(timer);
    options.abortSignal?.removeEventListener('abort', onCancel);
  });
}

/**
 * The record of a prefetch that ranked and activated nothing: a `group:` message (no `failure`,
 * as the record of the model's `group:` listing), or a ranking that failed, timed out or was
 * cancelled (`failure` says which).
 */
function emptyRecord(options: { readonly query: string; readonly limit: number; readonly maxLimit: number; readonly durationMs: number; readonly failure?: string }): SearchRecord {
  return {
    origin: 'prefetch',
    query: options.query,
    requestedLimit: options.limit,
    effectiveLimit: Math.min(options.limit, options.maxLimit),
    ranked: [],
    activated: [],
    skipped: [],
    schemaCharsActivated: 0,
    durationMs: options.durationMs,
    ...(options.failure === undefined ? {} : { failure: options.failure }),
  };
}

/**
 * The user's words as a query (C25): a `+` at the start of a word is `tool_search`'s
 * required-word mark for the model, not the user's (`+1 send it` would keep only the tools
 * with `1` in their name), so it is dropped: `+1 send it` ranks `1 send it`. A `select:`
 * message stays a `select:` and a `group:` message a `group:`: the prefetch is a search like
 * any other, so it reads them as `tool_search` does (a `select:` loads the tools it names; a
 * `group:` is a listing, so {@link runPrefetch} loads nothing for it, C23). The text is read as
 * `normalizeNameText` gives it first, as `tool_search` reads a query. Trimmed.
 *
 * @returns `''` when no word is left (a message of `+` signs or whitespace only).
 */
export function plainQuery(text: string): string {
  // read as tool_search reads it (format characters dropped, NFKC), so `\u202e+` or a full-width `＋` is a + too
  return normalizeNameText(text).replace(/(^|\s)\++/g, '$1').trim();
}

/**
 * The query of the user's latest message (C25): its text as {@link plainQuery} gives it, then
 * its first `maxChars` characters (UTF-16 code units), trimmed. Whitespace it starts with (a
 * message pasted after blank lines) is dropped before the cut, so it never takes the place of
 * the words. A cut that would split a character of two code units (an emoji) leaves it out
 * whole: the query is well-formed text for the ranker (an embedding call) and the record.
 *
 * @returns `''` when the message has no word (none, or only whitespace and `+` signs).
 */
export function userQueryOf(messages: readonly ModelMessage[], maxChars: number): string {
  const text = plainQuery(latestUserText(messages));
  const cut = text.length > maxChars && isHighSurrogate(text.charCodeAt(maxChars - 1)) && isLowSurrogate(text.charCodeAt(maxChars)) ? maxChars - 1 : maxChars;
  return text.slice(0, cut).trim();
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The text of the last user message: a string content, or its text parts joined by a line break. */
export function latestUserText(messages: readonly ModelMessage[]): string {
  const message = messages.findLast((candidate) => candidate.role === 'user');
  if (message === undefined) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

/** Matches of the user's message kept on `turn.start`, for the report's silent misses. */
const USER_MESSAGE_MATCHES = 3;

/**
 * The best deferred matches of the user's latest message (at most 3, with the ranker's scores),
 * for `turn.start`'s `userMessageMatches`: what lets the report flag a turn that ended without
 * a search although tools matched (a likely "I have no tool for that"). Only matches that share
 * two of the message's words (its one word, for a one-word message) with their name,
 * description, search hint or parameters count ({@link sharesMessageWords}): a ranker scores something for
 * any chat (`thanks, that is all`). The prefetch's ranking when one ran (none when it failed:
 * its record's `failure` is set); else one ranking, for a turn that offers `tool_search`, by the
 * turn's ranker when it is synchronous and else by a hybrid ranker over the runtime's deferred
 * tools (`shared.messageRanker`: no embedding call for telemetry); none otherwise (and for a
 * message without text).
 *
 * @returns `{ userMessageMatches }`, or `{}` when not ranked: spread into the `turn.start` record.
 */
export function userMessageMatches(options: {
  readonly shared: RuntimeShared;
  readonly binding: TurnBinding;
  readonly messages: readonly ModelMessage[];
  readonly prefetched: PrefetchOutcome | undefined;
}): { userMessageMatches?: { readonly name: string; readonly score: number }[] } {
  const ranked = rankUserMessage(options);
  if (ranked === undefined) return {};
  const { shared, binding } = options;
  const matches = sharesMessageWords(latestUserText(options.messages).trim().slice(0, shared.search.maxQueryChars));
  const telling = ranked.filter(({ name }) => matches({ name, texts: indexedTextsOf(name, options) }));
  return { userMessageMatches: telling.slice(0, USER_MESSAGE_MATCHES).map(({ name, score }) => ({ name, score })) };
}

/** The texts the ranker indexed for a tool (description with its title and search hint, parameters); a client tool's description. */
function indexedTextsOf(name: string, options: Parameters<typeof userMessageMatches>[0]): (string | undefined)[] {
  const entry = options.shared.catalog.get(name);
  if (entry === undefined) return [options.binding.descriptionOf(name)];
  const document = rankerDocumentOf(entry);
  return [document.description, ...(document.parameters ?? []).map((parameter) => `${parameter.name} ${parameter.description}`)];
}

function rankUserMessage(options: Parameters<typeof userMessageMatches>[0]): readonly { readonly name: string; readonly score: number }[] | undefined {
  const { shared, binding } = options;
  if (options.prefetched?.record.failure !== undefined) return undefined;
  if (options.prefetched !== undefined) return options.prefetched.record.ranked;
  if (!binding.offerSearch) return undefined;
  const query = userQueryOf(options.messages, shared.search.maxQueryChars);
  if (query === '') return undefined;
  let ranked: unknown;
  try {
    ranked = shared.messageRanker(binding.ranker ?? shared.ranker).rank(query, USER_MESSAGE_MATCHES * 4);
  } catch {
    return undefined;
  }
  if (!Array.isArray(ranked)) {
    Promise.resolve(ranked).catch(() => undefined);
    return undefined;
  }
  return (ranked as { name: string; score: number }[]).filter((match) => binding.isSearchable(match.name));
}
