import type { Tool } from 'ai';

/**
 * What a tool can ask of the catalog (C26), from the caller's `hints` option or from an MCP
 * tool's own `_meta`.
 */
export interface ToolHints {
  /**
   * `true`: the tool is direct (sent on every step) when the runtime has no explicit `direct`
   * list; `false`: deferred even if its `_meta` asks otherwise or it is in the C5 baseline.
   * Default: as `_meta` says, else deferred (a C5 baseline tool: direct).
   */
  readonly alwaysLoad?: boolean;
  /**
   * Extra words the ranker indexes with the tool's description, never shown to the model
   * (e.g. synonyms users type); whitespace is collapsed and the first 1,000 characters are
   * kept. Default: the `_meta` search hint, else none.
   */
  readonly searchText?: string;
}

/** The `_meta` key Claude Code reads to keep an MCP tool loaded (`true` → never deferred). */
export const ALWAYS_LOAD_META_KEY = 'anthropic/alwaysLoad';
/** The `_meta` key Claude Code reads as an MCP tool's search hint (a string, whitespace collapsed). */
export const SEARCH_HINT_META_KEY = 'anthropic/searchHint';
/**
 * Definition characters (as `measureDefinitionChars` counts them) that tools made direct by
 * their own `_meta['anthropic/alwaysLoad']` may take together (C26): they are sent on every
 * request, so a server that marks all its tools cannot undo the bounded step 0 (C23, S15).
 * The caller's `hints` and `direct` are not counted against it.
 */
export const MAX_META_ALWAYS_LOAD_CHARS = 16_000;
/** Characters of search text kept per tool. */
const MAX_SEARCH_TEXT_CHARS = 1_000;

/**
 * The hints of one tool: the caller's (`hints[name]`) field by field, else what the tool's
 * `_meta` says — `_meta['anthropic/alwaysLoad'] === true` and a string
 * `_meta['anthropic/searchHint']`, the keys Claude Code reads (`@ai-sdk/mcp` keeps an MCP tool's
 * `_meta` on the AI SDK tool). Search text is whitespace-collapsed and cut to 1,000 characters
 * (UTF-16 code units; 999 when the cut would split an emoji, so the ranker — an embedding call —
 * gets well-formed text); `''` counts as none.
 *
 * @returns `alwaysLoad` (default `false`), `fromMeta` (`true` when `alwaysLoad` comes from
 *   `_meta`, not from `hints`) and `searchText` (`undefined` for none).
 */
export function resolveToolHints(tool: Tool, hints: ToolHints | undefined): { alwaysLoad: boolean; fromMeta: boolean; searchText: string | undefined } {
  const meta = (tool as { _meta?: unknown })._meta;
  const metaRecord = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>) : {};
  const metaAlwaysLoad = Object.hasOwn(metaRecord, ALWAYS_LOAD_META_KEY) && metaRecord[ALWAYS_LOAD_META_KEY] === true;
  const metaSearchHint = Object.hasOwn(metaRecord, SEARCH_HINT_META_KEY) && typeof metaRecord[SEARCH_HINT_META_KEY] === 'string' ? metaRecord[SEARCH_HINT_META_KEY] : undefined;
  const searchText = cutWhole((hints?.searchText ?? metaSearchHint)?.replace(/\s+/g, ' ').trim(), MAX_SEARCH_TEXT_CHARS)?.trim();
  const alwaysLoad = hints?.alwaysLoad ?? metaAlwaysLoad;
  return { alwaysLoad, fromMeta: alwaysLoad && hints?.alwaysLoad === undefined, searchText: searchText === '' ? undefined : searchText };
}

/** `text`'s first `max` code units, one fewer when the cut would split a surrogate pair. */
function cutWhole(text: string | undefined, max: number): string | undefined {
  if (text === undefined || text.length <= max) return text;
  const high = text.charCodeAt(max - 1);
  return text.slice(0, high >= 0xd800 && high <= 0xdbff ? max - 1 : max);
}
