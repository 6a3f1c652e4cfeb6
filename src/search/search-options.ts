import type { SearchLimits } from '../../machines/search-limits.js';
import { TURN_DEFAULTS } from '../../machines/turn-defaults.js';

/**
 * Limits of one `tool_search` call (C10, C12, C24): `defaultLimit` (5), `maxLimit` (20),
 * `maxSchemaChars` (65,536), `maxQueryChars` (2,000), `relevanceFloor` (0.62),
 * `relevanceFloorSlope` (0.175), `relevanceFloorNameWeight` (0.8) and `mode` (`'load'`). Every field has a default; the runtime
 * option `search` overrides any of them. Each field is documented on {@link SearchLimits}
 * (machines/search-limits.ts), the one declaration the machine's defaults share.
 */
export type SearchOptions = SearchLimits;

/** The defaults of {@link SearchOptions} (defined in TURN_DEFAULTS). */
export const DEFAULT_SEARCH_OPTIONS: SearchOptions = TURN_DEFAULTS.search;
