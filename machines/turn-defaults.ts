import type { RetryPolicy } from './turn-types.js';

/**
 * The defaults of a turn, defined once: the machine and the runtime (src/runtime) both read them.
 *
 * - `maxSteps`: provider steps per turn before it ends `completed` with reason `max-steps` (20).
 * - `retry`: 3 attempts per step in all, the first retry after 500 ms, doubling (C16).
 */
export const TURN_DEFAULTS: {
  readonly maxSteps: number;
  readonly retry: RetryPolicy;
} = Object.freeze({
  maxSteps: 20,
  retry: Object.freeze({ maxAttempts: 3, initialDelayMs: 500 }),
});
