import { setOfNames } from './set-of-names.js';

/**
 * Projects the visible set of the next step (C3, C20), in request order:
 * the previous step's visible names first, unchanged and in the same order (so a provider
 * prompt cache keeps its prefix), then the names not yet visible of D ∩ B, R ∩ B,
 * `tool_search` (when at least one deferred tool exists) and A ∩ B, in that order.
 *
 * On step 0 `previous` is empty, so the order is: direct (catalog order), required,
 * `tool_search`. Later steps only append newly activated (or newly required) tools; a name
 * leaves only when it is no longer in `(D ∪ R ∪ A) ∩ B` — a required tool that a
 * `requiredTools` function stopped naming.
 *
 * @returns a new array; inputs are not changed.
 */
export function projectVisibleSet(options: {
  /** Names visible in the previous step of this turn; `[]` for step 0. */
  readonly previous: readonly string[];
  /** D: direct tools, in catalog order. */
  readonly direct: readonly string[];
  /** R: required tools for this turn. */
  readonly required: readonly string[];
  /** A: active set, in activation order. */
  readonly active: readonly string[];
  /** B: the bound tools of this turn (the ceiling). */
  readonly bound: readonly string[];
  /** The name of the search tool, offered when `offerSearch` is true. */
  readonly searchToolName: string;
  /** True when at least one deferred tool is bound (C3). */
  readonly offerSearch: boolean;
}): string[] {
  const bound = setOfNames(options.bound);
  const visible: string[] = [];
  const seen = new Set<string>();
  const add = (name: string) => {
    if (!seen.has(name)) {
      seen.add(name);
      visible.push(name);
    }
  };
  const allowed = new Set([...options.direct, ...options.required, ...options.active].filter((name) => bound.has(name)));
  if (options.offerSearch) allowed.add(options.searchToolName);
  // a name leaves only when it left D ∪ R ∪ A (a required tool no longer required): C3 wins over C20
  for (const name of options.previous) if (allowed.has(name)) add(name);
  for (const name of [...options.direct, ...options.required]) if (bound.has(name)) add(name);
  if (options.offerSearch) add(options.searchToolName);
  for (const name of options.active) if (bound.has(name)) add(name);
  return visible;
}
