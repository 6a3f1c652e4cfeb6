import { z } from 'zod';
import { strictOptions, wholeNumber } from '../options/option-fields.js';

/** The `prefetch` option (C25): search the user's latest message before step 0. */
export interface PrefetchOptions {
  /** Tools loaded at most, clamped to `search.maxLimit` like any search (C10). */
  readonly limit: number;
}

/**
 * The schema of a `prefetch` value as given: `false`, `{ limit }` with a whole `limit` ≥ 1, or
 * `undefined`; another key is a typo (`prefetch.limt` → `prefetch.limit`). `send()` keeps it as
 * given (`undefined` there means the runtime's); {@link PREFETCH_SCHEMA} resolves it.
 */
export const PREFETCH_VALUE_SCHEMA = z
  .union([z.literal(false), strictOptions({ limit: wholeNumber('a whole number ≥ 1', 1) })], {
    error: 'false, or { limit } with a whole number limit ≥ 1 (tools loaded before step 0)',
  })
  .optional();

/** A parsed prefetch value as the turn uses it: `undefined` (off) for `undefined` or `false`, else a frozen `{ limit }`. */
export function prefetchOf(value: false | { readonly limit: number } | undefined): PrefetchOptions | undefined {
  return value === undefined || value === false ? undefined : Object.freeze({ limit: value.limit });
}

/** The runtime's `prefetch` option: {@link PREFETCH_VALUE_SCHEMA} resolved with {@link prefetchOf}. */
export const PREFETCH_SCHEMA = PREFETCH_VALUE_SCHEMA.transform(prefetchOf);
