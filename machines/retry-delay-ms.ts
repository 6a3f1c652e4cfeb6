import type { RetryPolicy } from './turn-types.js';

/**
 * Delay before retrying a failed provider request, in ms: `initialDelayMs × 2^(attempt − 1)`,
 * where `attempt` is the 1-based attempt that just failed (500, 1000, 2000, … by default).
 */
export function retryDelayMs(retry: RetryPolicy, attempt: number): number {
  return retry.initialDelayMs * 2 ** (attempt - 1);
}
