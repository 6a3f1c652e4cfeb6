import { serde, TerminalError, type ObjectSharedContext } from '@restatedev/restate-sdk';

/** What the turn object keeps in its state, and how each value must look when read back. */
const SHAPES = {
  status: (value: unknown) => typeof value === 'string',
  // a Restate invocation id, as `ctx.request().id` gives it (`inv_…`)
  invocationId: (value: unknown) => typeof value === 'string' && /^inv_[0-9A-Za-z]+$/.test(value),
  snapshot: (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value),
  result: (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value),
  // why the latest run ended without a turn (RestateRunError)
  error: (value: unknown) => value !== null && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string' && Number.isInteger((value as { httpStatus?: unknown }).httpStatus),
} as const;

/**
 * One value of the turn object's state as the `run` handler wrote it (C29), or `null` when
 * there is none. A value that is not JSON or not of its shape (`status` a string,
 * `invocationId` a Restate invocation id `inv_…`, `snapshot` and `result` objects, `error` a
 * `{ message, httpStatus }`) was written
 * by something else (the admin API's state editing): it is a `TerminalError` (HTTP 500) naming
 * the key, so the `status` and `cancel` handlers answer at once instead of failing on every retry;
 * the conversation's next `run` writes every key afresh.
 *
 * @throws {TerminalError} the value cannot be read or has the wrong shape.
 */
export async function readTurnState<T>(ctx: ObjectSharedContext, key: keyof typeof SHAPES): Promise<T | null> {
  // read as bytes and parsed here: the SDK's JSON serde fails the handler (retried) on bytes that are not JSON
  const bytes = await ctx.get<Uint8Array>(key, serde.binary);
  if (bytes === null || bytes === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw unreadable(ctx, key, `it is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (value === null) return null;
  if (!SHAPES[key](value)) throw unreadable(ctx, key, `it is not the ${key} the run handler writes`);
  return value as T;
}

function unreadable(ctx: ObjectSharedContext, key: string, why: string): TerminalError {
  return new TerminalError(`turnscope state \`${key}\` of conversation ${JSON.stringify(ctx.key.slice(0, 100))} cannot be read (${why}); it was written outside the worker. The conversation's next run writes it afresh.`, { errorCode: 500 });
}
