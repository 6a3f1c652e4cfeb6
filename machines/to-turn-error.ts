import type { TurnError } from './turn-types.js';

/**
 * A model call's failure as the machine sees it (plain data, C16): an error's `name`, `message`,
 * `isRetryable` (a provider's `APICallError` sets it for 429 and 5xx) and string `code`; any other
 * thrown value as its text, not retryable. Never throws for an ordinary value.
 */
export function toTurnError(error: unknown): TurnError {
  if (typeof error === 'object' && error !== null) {
    const record = error as { name?: unknown; message?: unknown; isRetryable?: unknown; code?: unknown };
    return {
      name: typeof record.name === 'string' ? record.name : 'Error',
      message: typeof record.message === 'string' ? record.message : describeValue(error),
      isRetryable: record.isRetryable === true,
      ...(typeof record.code === 'string' ? { code: record.code } : {}),
    };
  }
  return { name: 'Error', message: String(error), isRetryable: false };
}

function describeValue(value: object): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
