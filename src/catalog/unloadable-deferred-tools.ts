import type { CatalogEntry } from './catalog-entry.js';

/** Code of the process warning {@link unloadableDeferredTools} emits. */
export const UNLOADABLE_TOOL_WARNING = 'TURNSCOPE_UNLOADABLE_TOOL';
/** Tools named in the warning at most; the rest are counted. */
const MAX_NAMED = 10;

/**
 * The deferred tools whose definition alone is larger than one search's budget
 * (`search.maxSchemaChars`, C10): no search can ever load them, so the model finds them (C23)
 * but can never call them (a search answers `Skipped NAME: definition larger than the
 * N-character budget of one search.`). Not an error (an MCP server's tool description is not the
 * caller's to shorten): when there are any it emits one process warning
 * (`process.emitWarning`, code {@link UNLOADABLE_TOOL_WARNING}) naming them with their sizes and
 * saying how to fix it: make them direct, raise `search.maxSchemaChars`, or shorten them.
 *
 * @param entries the catalog's entries (direct ones are sent on every step and never searched).
 * @param maxSchemaChars `search.maxSchemaChars`, in characters.
 * @returns the names of those tools, sorted by code unit (the catalog's order); `[]` when none.
 */
export function unloadableDeferredTools(entries: readonly CatalogEntry[], maxSchemaChars: number): string[] {
  const oversized = entries.filter((entry) => entry.kind === 'deferred' && entry.schemaChars > maxSchemaChars);
  if (oversized.length === 0) return [];
  const named = oversized.slice(0, MAX_NAMED).map((entry) => `${entry.name} (${entry.schemaChars.toLocaleString('en-US')})`).join(', ');
  const more = oversized.length > MAX_NAMED ? ` and ${oversized.length - MAX_NAMED} more` : '';
  const message =
    `${oversized.length === 1 ? 'A deferred tool has a definition' : `${oversized.length} deferred tools have definitions`} larger than search.maxSchemaChars ` +
    `(${maxSchemaChars.toLocaleString('en-US')} characters), so no search can load ${oversized.length === 1 ? 'it' : 'them'}: ${named}${more}. ` +
    (oversized.length === 1
      ? 'Make it direct (the direct option), raise search.maxSchemaChars, or shorten its description or input schema.'
      : 'Make them direct (the direct option), raise search.maxSchemaChars, or shorten their descriptions or input schemas.');
  // the platform's warning channel where there is one (Node)
  const emit = (globalThis as { process?: { emitWarning?: (warning: string, options: { code: string }) => void } }).process?.emitWarning;
  emit?.call(globalThis.process, message, { code: UNLOADABLE_TOOL_WARNING });
  return oversized.map((entry) => entry.name);
}
