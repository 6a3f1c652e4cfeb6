import type { TurnError } from '../../machines/turn-types.js';
import { TurnscopeError } from '../errors/turnscope-error.js';
import { describeThrown } from '../errors/describe-thrown.js';

/**
 * An error of the runtime's own code, or of a caller's callback it runs, as a turn's error
 * (plain data): a turnscope error keeps its name and `code`; anything else is named
 * `fallbackName`. Never retryable.
 */
export function turnErrorOf(error: unknown, fallbackName: string): TurnError {
  return {
    name: TurnscopeError.isInstance(error) ? error.name : fallbackName,
    message: describeThrown(error),
    isRetryable: false,
    ...(TurnscopeError.isInstance(error) ? { code: error.code } : {}),
  };
}
