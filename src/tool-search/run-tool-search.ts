import type { SearchRecord } from '../runtime/turn-stream-part.js';
import type { SearchOptions } from '../search/search-options.js';
import { selectActivations } from '../search/select-activations.js';
import type { ToolRanker } from '../search/tool-ranker.js';
import type { ToolSearchInput } from './tool-search-input-schema.js';

/** Ranked candidates fetched per search, enough for the walk to pass already-active matches. */
const RANK_DEPTH = 100;

/** The outcome of one `tool_search` call: the thin result (C11) and its record (C21), or an error (C12). */
export type ToolSearchOutcome =
  | {
      readonly ok: true;
      /** `{ activated }`, plus `reason` when something was skipped or nothing matched. */
      readonly output: { activated: string[]; reason?: string };
      /** Names newly activated: what to send as `ACTIVATE`. */
      readonly newlyActivated: string[];
      readonly record: Omit<SearchRecord, 'durationMs'>;
    }
  | { readonly ok: false; readonly message: string };

/**
 * Runs one search over the deferred tools of this turn's ceiling. Pure apart from the
 * ranker's work; the caller turns `newlyActivated` into an `ACTIVATE` event.
 */
export function runToolSearch(options: {
  readonly input: ToolSearchInput;
  readonly ranker: ToolRanker;
  readonly search: SearchOptions;
  /** True for a deferred tool inside this turn's ceiling (C1, C6). */
  readonly isSearchable: (name: string) => boolean;
  /** Names active or pending in this turn. */
  readonly alreadyActive: ReadonlySet<string>;
  readonly schemaCharsOf: (name: string) => number;
}): ToolSearchOutcome {
  const { input, search } = options;
  const query = input.query.trim();
  if (query.length === 0) {
    return { ok: false, message: 'tool_search needs a non-empty query: describe the task in a few words or give a tool name.' };
  }
  if (query.length > search.maxQueryChars) {
    return {
      ok: false,
      message: `tool_search query is ${query.length} characters; the maximum is ${search.maxQueryChars}. Use a few words about the task instead.`,
    };
  }
  const requestedLimit = input.limit;
  if (requestedLimit !== undefined && (!Number.isInteger(requestedLimit) || requestedLimit < 1)) {
    return {
      ok: false,
      message: `tool_search limit must be a whole number from 1 to ${search.maxLimit}; got ${String(requestedLimit)}. Omit it for ${search.defaultLimit}.`,
    };
  }
  const effectiveLimit = Math.min(requestedLimit ?? search.defaultLimit, search.maxLimit);
  const ranked = options.ranker.rank(query, RANK_DEPTH).filter((match) => options.isSearchable(match.name));
  const selection = selectActivations({
    ranked,
    limit: effectiveLimit,
    maxSchemaChars: search.maxSchemaChars,
    alreadyActive: options.alreadyActive,
    schemaCharsOf: options.schemaCharsOf,
  });
  const output: { activated: string[]; reason?: string } = { activated: selection.activated };
  const reason = describeSkips(selection, query, search.maxSchemaChars);
  if (reason !== undefined) output.reason = reason;
  return {
    ok: true,
    output,
    newlyActivated: selection.newlyActivated,
    record: {
      query,
      requestedLimit,
      effectiveLimit,
      ranked: ranked.slice(0, Math.max(effectiveLimit * 2, 10)),
      activated: selection.activated,
      skipped: selection.skipped,
      schemaCharsActivated: selection.schemaChars,
    },
  };
}

function describeSkips(
  selection: ReturnType<typeof selectActivations>,
  query: string,
  maxSchemaChars: number,
): string | undefined {
  const parts: string[] = [];
  if (selection.activated.length === 0 && selection.skipped.length === 0) {
    const shown = query.length > 80 ? `${query.slice(0, 80)}…` : query;
    parts.push(`No deferred tool matched ${JSON.stringify(shown)}; try other words or a name from the inventory.`);
  }
  const oversize = selection.skipped.filter((skip) => skip.reason === 'oversize').map((skip) => skip.name);
  if (oversize.length > 0) {
    parts.push(`Skipped ${oversize.join(', ')}: definition larger than the ${maxSchemaChars}-character budget of one search.`);
  }
  const budget = selection.skipped.find((skip) => skip.reason === 'budget');
  if (budget !== undefined) {
    parts.push(`Stopped before ${budget.name}: this search's ${maxSchemaChars}-character schema budget is spent; search again to load it.`);
  }
  return parts.length > 0 ? parts.join(' ') : undefined;
}
