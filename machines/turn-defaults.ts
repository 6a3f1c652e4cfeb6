import type { SearchLimits } from './search-limits.js';
import type { RetryPolicy } from './turn-types.js';

/**
 * The longest delay `setTimeout` honours, in ms (2^31 − 1); a longer one fires at once. Every
 * option that becomes a timer (retry delays, tool and approval timeouts, code mode's time limit)
 * is held to it.
 */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/**
 * The defaults of a turn and its runtime, defined once: the machine, the runtime's option schemas
 * (src/runtime/runtime-options-schema.ts) and the modules that document them (`DEFAULT_SEARCH_OPTIONS`,
 * `DEFAULT_TIMEOUTS`, `DEFAULT_OUTPUT_LIMIT`, `DEFAULT_CODE_MODE_OPTIONS`) all read these.
 *
 * - `maxSteps`: provider steps per turn before it ends `completed` with reason `max-steps` (20).
 * - `retry`: 3 attempts per step in all, the first retry after 500 ms, doubling (C16).
 * - `search`: the limits of one `tool_search` call (C10, C24): 5 by default, at most 20, 65,536
 *   schema characters, 2,000 query characters, relevance floor 0.62 rising by 0.175 per ln(1 + chars / 1000) of a match's definition, mode `'load'`.
 * - `timeout`: 120,000 ms per tool call, none per tool, 300,000 ms per approval (C4).
 * - `outputLimit`: 51,200 bytes and 2,000 lines of one call's output (C4).
 * - `codeMode`: 30,000 ms, 64 MiB, 20,000 characters per `exec` call, 4 sandboxes at once.
 * - `availability` `'search'`, `toolMode` `'direct'`; prefetch off (C25).
 */
export const TURN_DEFAULTS: {
  readonly maxSteps: number;
  readonly retry: RetryPolicy;
  readonly search: SearchLimits;
  readonly timeout: { readonly toolMs: number; readonly perToolMs: Readonly<Record<string, number>>; readonly approvalMs: number };
  readonly outputLimit: { readonly maxBytes: number; readonly maxLines: number };
  readonly codeMode: { readonly timeLimitMs: number; readonly memoryLimitBytes: number; readonly maxOutputChars: number; readonly maxConcurrent: number };
  readonly availability: 'search' | 'off';
  readonly toolMode: 'direct' | 'code';
} = Object.freeze({
  maxSteps: 20,
  retry: Object.freeze({ maxAttempts: 3, initialDelayMs: 500 }),
  search: Object.freeze({ defaultLimit: 5, maxLimit: 20, maxSchemaChars: 65_536, maxQueryChars: 2_000, relevanceFloor: 0.62, relevanceFloorSlope: 0.175, relevanceFloorNameWeight: 0.8, mode: 'load' as const }),
  timeout: Object.freeze({ toolMs: 120_000, perToolMs: Object.freeze({}), approvalMs: 300_000 }),
  outputLimit: Object.freeze({ maxBytes: 51_200, maxLines: 2_000 }),
  codeMode: Object.freeze({ timeLimitMs: 30_000, memoryLimitBytes: 64 * 1024 * 1024, maxOutputChars: 20_000, maxConcurrent: 4 }),
  availability: 'search' as const,
  toolMode: 'direct' as const,
});
