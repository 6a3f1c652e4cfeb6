import * as restate from '@restatedev/restate-sdk';
import { cutForMessage } from '../errors/cut-for-message.js';
import { describeThrown } from '../errors/describe-thrown.js';
import { TurnscopeError } from '../errors/turnscope-error.js';
import type { TurnFactoriesOutcome } from './call-turn-factories.js';
import { DEFAULT_RUN_RETRY } from './restate-step-runner.js';

/** How a run ends without a turn (`status` and `error` of the conversation), before the `run` handler answers it as a `TerminalError` with `httpStatus`. */
export interface RunRefusal {
  readonly status: 'failed' | 'cancelled';
  readonly message: string;
  readonly httpStatus: number;
}

/**
 * The run's first step, `turnscope:start`: the turn's start time (journaled), once the factories
 * of this execution answered. A factory's failure fails the step, so Restate retries it (a new
 * execution calls the factories again) up to `maxAttempts` times and then records it as final;
 * a `TurnscopeError` or a Restate `TerminalError` from a factory is final at once. Raced with
 * Restate's cancellation signal (the handler cancels explicitly): a cancel that lands first ends
 * the run before its turn.
 *
 * Answers the turn's start time (ms since the epoch, as the step recorded it), or how the run
 * ends without a turn: `failed` with the factory's message (HTTP 500 once `maxAttempts` are
 * spent; 400 for a `TurnscopeError`; a `TerminalError`'s own code), or `cancelled` (409). The
 * SDK's own errors (a suspension, a lost connection) propagate.
 */
export async function beginTurn(ctx: restate.ObjectContext, options: { readonly built: TurnFactoriesOutcome; readonly maxAttempts: number }): Promise<{ readonly startMs: number } | RunRefusal> {
  const { built, maxAttempts } = options;
  const start = ctx.run(
    'turnscope:start',
    async () => {
      if (built.ok) return Date.now();
      throw startFailure(built);
    },
    { ...(DEFAULT_RUN_RETRY as restate.RunOptions<number>), maxRetryAttempts: maxAttempts },
  );
  const cancellation = (ctx as unknown as restate.internal.ContextInternal).cancellation();
  const first = await restate.RestatePromise.race([
    start.map((startMs, failure) => ({ startMs, failure })),
    cancellation.map(() => ({ cancelled: true as const })),
  ]);
  if ('cancelled' in first) {
    return { status: 'cancelled', httpStatus: 409, message: "turnscope run: cancelled before the turn began (while createTurnObject's factories ran); no model or tool was called." };
  }
  if (first.failure === undefined) return { startMs: first.startMs! };
  if (built.ok || isFinalAtOnce(built.error)) {
    // final at once, or recorded on an earlier execution: the step's own message
    return { status: 'failed', httpStatus: first.failure.code, message: first.failure.message };
  }
  return {
    status: 'failed',
    httpStatus: 500,
    message: `turnscope run: createTurnObject's ${nameOf(built.factory)} failed ${maxAttempts} times (the last: ${textOf(built.error)}). Fix the factory (it is called with the run's input on every execution; maxFactoryAttempts sets the attempts); the conversation's next run goes ahead.`,
  };
}

/** What the start step throws for a factory's failure: final (a `TerminalError`) for a typed error, else an `Error` Restate retries. */
function startFailure(built: Extract<TurnFactoriesOutcome, { ok: false }>): Error {
  const final = finalRefusalOf(built);
  if (final !== undefined) return new restate.TerminalError(final.message, { errorCode: final.httpStatus });
  return new Error(`createTurnObject's ${nameOf(built.factory)} failed: ${textOf(built.error)}`);
}

/**
 * How a run goes on when its factories answered on an earlier execution (its start step is
 * journaled) and fail on this one: a Restate `TerminalError` or a `TurnscopeError` ends it as on
 * a first execution (a refusal with the same message and code, so the status says `failed`);
 * anything else is an `Error` for Restate to retry under `retryPolicy` (the factory answered
 * for this input before), the thrown value itself when it is an `Error`.
 */
export function relapseOf(built: Extract<TurnFactoriesOutcome, { ok: false }>): RunRefusal | Error {
  const final = finalRefusalOf(built);
  if (final !== undefined) return final;
  return isError(built.error) ? built.error : new Error(`createTurnObject's ${nameOf(built.factory)} failed: ${textOf(built.error)}`);
}

/** The refusal of a factory's error that is final at once (a `TerminalError`: its code; a `TurnscopeError`: 400), else `undefined`. */
function finalRefusalOf(built: Extract<TurnFactoriesOutcome, { ok: false }>): RunRefusal | undefined {
  const { factory, error } = built;
  if (isTerminal(error)) return { status: 'failed', httpStatus: error.code, message: `turnscope run: createTurnObject's ${nameOf(factory)} refused the run: ${textOf(error)}` };
  if (isTurnscopeError(error)) return { status: 'failed', httpStatus: 400, message: `turnscope run: ${textOf(error)}` };
  return undefined;
}

/**
 * Characters of a factory's error kept in what the run records and answers (the start step's
 * failure, the status's `error`, the `TerminalError`): 2,000. A factory that throws the body of
 * an HTTP error page whole makes messages of megabytes, each kept in the journal, the status and
 * the answer; one of ≈48 MB was never recorded and the run stayed `running`, retried without end
 * (measured with restate-server from npm over HTTP/2: 33,000,000 characters still answered 500,
 * 48,000,023 did not; run-failures.test.ts).
 */
const MAX_FACTORY_ERROR_CHARS = 2_000;

/** {@link describeThrown} of a factory's error, cut to {@link MAX_FACTORY_ERROR_CHARS}. */
function textOf(error: unknown): string {
  return cutForMessage(describeThrown(error), MAX_FACTORY_ERROR_CHARS);
}

/** How a message names the failed part: the `runtime` / `model` factory, the `send` function. */
function nameOf(factory: 'runtime' | 'model' | 'send'): string {
  return factory === 'send' ? '`send` function' : `\`${factory}\` factory`;
}

/** A factory's error the run does not retry: a Restate `TerminalError` or a `TurnscopeError`. */
function isFinalAtOnce(error: unknown): boolean {
  return isTerminal(error) || isTurnscopeError(error);
}

// `instanceof` and a property read throw for a revoked Proxy (or a Proxy whose traps throw): a
// factory that throws one must still fail its attempts, not fail the handler, which Restate retries without end
function isTerminal(error: unknown): error is restate.TerminalError {
  try {
    return error instanceof restate.TerminalError;
  } catch {
    return false;
  }
}

function isError(error: unknown): error is Error {
  try {
    return error instanceof Error;
  } catch {
    return false;
  }
}

function isTurnscopeError(error: unknown): boolean {
  try {
    return TurnscopeError.isInstance(error);
  } catch {
    return false;
  }
}
