import type { CatalogEntry } from './catalog-entry.js';
import { MAX_META_ALWAYS_LOAD_CHARS } from './tool-hints.js';

/** Code of the process warning {@link alwaysLoadOverBudget} emits. */
export const ALWAYS_LOAD_OVER_BUDGET_WARNING = 'TURNSCOPE_ALWAYS_LOAD_OVER_BUDGET';
/** Tools named in the warning at most; the rest are counted. */
const MAX_NAMED = 10;

/**
 * Reports the tools whose own `_meta['anthropic/alwaysLoad']` asks to be direct but which the
 * budget of `_meta`-hinted direct tools ({@link MAX_META_ALWAYS_LOAD_CHARS}, 16,000 definition
 * characters, C26) leaves deferred. Not an error (a server's `_meta` is not the caller's to
 * change, and the tools are still found by search): when there are any it emits one process
 * warning (`process.emitWarning`, code {@link ALWAYS_LOAD_OVER_BUDGET_WARNING}; printed to stderr
 * by Node unless warnings are off) naming the first ten with their sizes, counting the rest, and
 * saying how to make them direct: `hints.NAME = { alwaysLoad: true }` or the `direct` option,
 * which the budget does not count.
 *
 * @param skipped the entries left deferred, in name order (the catalog's order).
 * @returns their names in that order; `[]` when none (no warning then).
 */
export function alwaysLoadOverBudget(skipped: readonly CatalogEntry[]): string[] {
  if (skipped.length === 0) return [];
  const one = skipped.length === 1;
  const named = skipped.slice(0, MAX_NAMED).map((entry) => `${entry.name} (${entry.schemaChars.toLocaleString('en-US')})`).join(', ');
  const more = skipped.length > MAX_NAMED ? ` and ${(skipped.length - MAX_NAMED).toLocaleString('en-US')} more` : '';
  const budget = MAX_META_ALWAYS_LOAD_CHARS.toLocaleString('en-US');
  const message =
    (one ? "A tool's _meta['anthropic/alwaysLoad'] asks" : `${skipped.length.toLocaleString('en-US')} tools' _meta['anthropic/alwaysLoad'] ask`) +
    ` to be direct, but the tools _meta makes direct may total ${budget} definition characters, ` +
    `so ${one ? 'it stays' : 'they stay'} deferred (found by search): ${named}${more}. ` +
    `To send ${one ? 'it' : 'them'} on every step, give hints.NAME = { alwaysLoad: true } or list ${one ? 'it' : 'them'} in the direct option (neither is counted against the budget).`;
  // the platform's warning channel where there is one (Node); elsewhere the returned names say it
  const emit = (globalThis as { process?: { emitWarning?: (warning: string, options: { code: string }) => void } }).process?.emitWarning;
  emit?.call(globalThis.process, message, { code: ALWAYS_LOAD_OVER_BUDGET_WARNING });
  return skipped.map((entry) => entry.name);
}
