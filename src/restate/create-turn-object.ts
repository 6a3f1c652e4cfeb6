import './with-resolvers-polyfill.js';
import * as restate from '@restatedev/restate-sdk';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import type { ToolMode } from '../code-mode/code-mode-options.js';
import { runDurableTurn, type DurableRuntimeOptions, type DurableSendInput } from '../durable/run-durable-turn.js';
import type { LivePublisher } from '../durable/create-live-turn-hub.js';
import { livePartSink } from '../durable/http-live-publisher.js';
import { parseTurnInput, type RestateClientTool } from './parse-turn-input.js';
import type { TurnResult } from '../runtime/runtime-options.js';
import type { TurnSnapshot } from '../runtime/turn-snapshot.js';
import { DEFAULT_RUN_RETRY, restateStepRunner, SNAPSHOT_STATE_KEY } from './restate-step-runner.js';
import { TurnscopeError } from '../errors/turnscope-error.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { readTurnState } from './read-turn-state.js';
import { callTurnFactories, type TurnFactory } from './call-turn-factories.js';
import { beginTurn, relapseOf, type RunRefusal } from './begin-turn.js';
import { checkDurableModel, checkDurableRuntime } from '../durable/check-durable-parts.js';

/**
 * What the `run` handler takes: one turn's `send()` input as JSON. Give `prompt` or `messages`.
 * Anything else is refused with a `TerminalError` (HTTP 400) that says what to do instead
 * (`abortSignal`: the `cancel` handler; `inspect`, `model`: the worker's; see `parseTurnInput`).
 */
export interface RestateTurnInput {
  readonly prompt?: string;
  readonly messages?: ModelMessage[];
  readonly instructions?: string;
  /** R as names (C3). */
  readonly requiredTools?: string[];
  readonly boundTools?: string[];
  readonly profile?: string;
  readonly toolMode?: ToolMode;
  /** Tools the client offers for this turn, as definitions (no `execute`: the client runs them). */
  readonly clientTools?: Record<string, RestateClientTool>;
  /** The client offering `clientTools` (their inventory group). Default `'client'`. */
  readonly clientId?: string;
}

/**
 * Why the latest `run` of a conversation ended without a turn result: the message it answered
 * and its HTTP status: `400`, the turn refused the input (a `TurnscopeError`; what
 * `parseTurnInput` refuses is answered 400 too but leaves the state untouched); `409`, cancelled
 * before its turn began; `500`, a deployer's factory failed on every attempt (see
 * `maxFactoryAttempts`); another code, a factory threw a Restate `TerminalError` with it.
 */
export interface RestateRunError {
  readonly message: string;
  readonly httpStatus: number;
}

/**
 * What the `status` handler answers about a conversation's latest turn.
 *
 * After a run that ended without a turn (see `error`), `status` is that run's (`failed`, or
 * `cancelled` when it was cancelled before its turn began) and `invocationId` its invocation,
 * while `result`, `snapshot` and `turnId` are still the last turn that ran to its end: bad input
 * or a broken factory never loses the last answer.
 */
export interface RestateTurnStatus {
  /** `idle` before the first turn; `running` while one runs; then the turn's status (or the run's: see `error`). */
  readonly status: 'idle' | 'running' | TurnResult['status'];
  /** The id of the turn `snapshot` and `result` belong to. */
  readonly turnId?: string;
  /** The Restate invocation id of the latest `run`. */
  readonly invocationId?: string;
  /** The snapshot of the latest step boundary (C28) of the running turn, or of the last turn; kept after the turn ends. */
  readonly snapshot?: TurnSnapshot;
  /**
   * The result of the last turn that ran to its end (its steps are the trace); absent while a
   * run is `running` and before the first turn ended. Kept by a run that ended without a turn.
   */
  readonly result?: TurnResult;
  /** Set when the latest run ended without a turn result; absent while a run is `running` and after a turn ended. */
  readonly error?: RestateRunError;
}

/** The default retry policy of a turn invocation: 100 ms, doubling, at most 2 s apart, no cap on attempts. */
export const DEFAULT_TURN_RETRY_POLICY: restate.RetryPolicy = Object.freeze({ initialInterval: 100, exponentiationFactor: 2, maxInterval: 2_000 });

/**
 * How many times a run calls a deployer's failing `runtime` or `model` factory (the first call
 * included) before it ends `failed`: 5, 100 ms then doubling apart (1.5 s of waiting in all).
 * A factory that fails five times in a row in 1.5 s fails for the input (a missing API key, a
 * bug); what is transient is retried in other layers (see `createTurnObject`).
 */
export const DEFAULT_MAX_FACTORY_ATTEMPTS = 5;

/**
 * Milliseconds one call of a `runtime` or `model` factory may take before that attempt fails:
 * 10,000 (10 s), under Restate's inactivity timeout (1 minute), so a factory that never settles
 * is an attempt that failed, not an invocation Restate aborts and retries without end.
 */
export const DEFAULT_FACTORY_TIMEOUT_MS = 10_000;

/** The state key of {@link RestateRunError}. */
const ERROR_STATE_KEY = 'error';

/** The options of {@link createTurnObject} (each is described there, with its default). */
export interface TurnObjectOptions<Name extends string> {
  readonly name?: Name;
  readonly runtime: TurnFactory<DurableRuntimeOptions>;
  readonly model: TurnFactory<LanguageModelV4>;
  readonly maxFactoryAttempts?: number;
  readonly factoryTimeoutMs?: number;
  readonly retryPolicy?: restate.RetryPolicy;
  readonly runRetry?: restate.RunOptions<unknown>;
  readonly inactivityTimeout?: number;
  readonly live?: LivePublisher;
  readonly send?: (input: RestateTurnInput) => Partial<DurableSendInput>;
}

/** {@link TurnObjectOptions} with the factory limits checked and defaulted. */
type ResolvedTurnObjectOptions = TurnObjectOptions<string> & { readonly maxFactoryAttempts: number; readonly factoryTimeoutMs: number };

/**
 * A Restate Virtual Object, keyed by conversation id, that runs turnscope turns durably
 * (issue 15, C29). Register it with an endpoint (`restate.endpoint().bind(object)`, or
 * `createEndpointHandler({ services: [object] })`). Handlers:
 *
 * - `run` (exclusive: one turn at a time per conversation; a second call waits for the first):
 *   runs one turn of {@link RestateTurnInput} through {@link runDurableTurn}: each model call
 *   and each tool call is one `ctx.run` (tool calls keyed `tool:<operationId>`, the id handed to
 *   `execute`), the snapshot is `ctx.set('snapshot')` at every step boundary, ids come from
 *   `ctx.rand` and time from the run's first step (`turnscope:start`, journaled). Answers the
 *   turn's result (plain JSON). Search, the availability guard, validation and permission run in
 *   the worker as in any turn (C4). A run can end without a turn, answering a `TerminalError`,
 *   with the status `failed` and its `error` ({@link RestateTurnStatus}; the last turn's
 *   `result` and `snapshot` stay) so the conversation takes its next turn:
 *   - an input the turn refuses (messages that fail ai's schemas, an invalid option: a
 *     `TurnscopeError`, also one a factory throws), or a factory's answer a durable turn cannot
 *     take (a `runtime` that is not an object of options with a plain-object `tools`, a `model`
 *     that is not a `LanguageModelV4` object: see `runDurableTurn`): HTTP 400 with its message, at once;
 *   - a factory (`runtime`, `model`) that throws, rejects or times out, or a `send` that throws,
 *     on every one of `maxFactoryAttempts` attempts: HTTP 500 naming it and the last error; a factory
 *     that throws a Restate `TerminalError`: at once, with its code;
 *   - a cancel that lands before the turn began (while the factories ran): `cancelled`, HTTP 409.
 *   Other errors are Restate's to retry (`retryPolicy`).
 * - `status` (shared, answers while a turn runs): {@link RestateTurnStatus}. State written
 *   outside the worker (not JSON, or not of its shape: see `readTurnState`) makes `status` and
 *   `cancel` answer a `TerminalError` (HTTP 500) naming the key, never a retried handler.
 * - `cancel` (shared): cancels the running turn's invocation through Restate (`ctx.cancel`).
 *   `run` handles cancellation itself (`explicitCancellation`): where the worker hears the
 *   signal while a step runs (an HTTP/2 deployment, bidirectional), the running tool's
 *   `abortSignal` aborts at once; over HTTP/1.1 (request/response) the worker hears it when the
 *   running call has answered. Either way the turn ends `cancelled` before its next model call
 *   and `run` answers that result. Answers whether a turn was running.
 *
 * Which layer retries what: a model provider's retryable failure (HTTP 5xx, 429) inside a step
 * is retried by the turn machine (`retry.maxAttempts`, C16; ai's `maxRetries` is 0 in a turn),
 * each attempt a journaled model step that records the failure as data, and a step that still
 * fails ends the turn `failed` (a result), never a Restate retry; a tool's failure is a tool
 * result (C4). Restate retries, under `retryPolicy` and without a cap on
 * attempts by default, what fails around the turn: a worker that died or cannot be reached, a
 * step whose result could not be recorded (`runRetry`). A factory's failures are retried
 * `maxFactoryAttempts` times. A factory that answered once and fails on a later execution of
 * the same run (over HTTP/1.1 every step is one; after a crash, another worker's) is retried
 * under `retryPolicy` as an infrastructure failure: it answered for this input before; a
 * `TerminalError` or `TurnscopeError` it throws then ends the run as on a first execution.
 *
 * @param options.name the object's name in Restate. Default `'turnscope'`.
 * @param options.runtime the runtime options of every turn, or a function of the input that
 *   answers them (or a promise of them), called as `(input, { abortSignal })` (see
 *   {@link TurnFactory}); called on every execution of a run, so a runtime is made per
 *   execution (its catalog and ranker built each time).
 * @param options.model the model (an AI SDK `LanguageModelV4`), or a function of the input that
 *   answers it (or a promise of it); called on every execution, after `runtime`.
 * @param options.maxFactoryAttempts how many times a run calls a failing factory, the first call
 *   included, 100 ms then doubling up to 2 s apart, before it ends `failed` (HTTP 500). An
 *   integer of at least 1. Default {@link DEFAULT_MAX_FACTORY_ATTEMPTS}.
 * @param options.factoryTimeoutMs ms one call of a factory may take: then its `abortSignal`
 *   aborts and the attempt has failed (a promise that ignores the signal is not stopped). An
 *   integer from 0 (no limit) to 2,147,483,647. Default {@link DEFAULT_FACTORY_TIMEOUT_MS}.
 * @param options.retryPolicy how Restate retries an invocation whose worker failed or died.
 *   Default {@link DEFAULT_TURN_RETRY_POLICY}.
 * @param options.runRetry retries of one `ctx.run`. Default {@link DEFAULT_RUN_RETRY}.
 * @param options.inactivityTimeout ms Restate waits on a silent worker before it suspends and
 *   retries the invocation. Default Restate's (1 minute); a tool that runs longer keeps it busy.
 * @param options.send worker-side `send()` fields of a turn, a function of the input, merged
 *   over what the input gives: what cannot cross JSON (a `requiredTools` function, `inspect`,
 *   client tools with an `execute`). Called on every execution, after `model`; it must answer
 *   the same for the same input, so a replay takes the same path. One that throws fails the
 *   attempt as a failing factory does (`maxFactoryAttempts`, then HTTP 500 naming the `send`
 *   function). Default: none.
 * @param options.live where each execution publishes the turn's stream parts as it runs, keyed
 *   by the invocation id (`createLiveTurnHub()` in process, `httpLivePublisher(url)` to a hub
 *   elsewhere); clients read them with `readLiveTurn` or the hub's `subscribe`. Default: none.
 * @throws {InvalidOptionError} `maxFactoryAttempts` or `factoryTimeoutMs` out of range; a `runtime` or
 *   `model` given as a value (not a function) that a durable turn cannot take (see `runDurableTurn`);
 *   a `send` that is not a function; a `live` without `publish`.
 */
export function createTurnObject<const Name extends string = 'turnscope'>(options: TurnObjectOptions<Name>) {
  const name = (options.name ?? 'turnscope') as Name;
  const resolved = resolveFactoryLimits(options);
  return restate.object({
    name,
    options: {
      retryPolicy: options.retryPolicy ?? DEFAULT_TURN_RETRY_POLICY,
      ...(options.inactivityTimeout === undefined ? {} : { inactivityTimeout: options.inactivityTimeout }),
    },
    handlers: {
      run: restate.handlers.object.exclusive({ explicitCancellation: true }, (ctx: restate.ObjectContext, raw: RestateTurnInput): Promise<TurnResult> => runTurn(ctx, raw, resolved)),
      status: restate.handlers.object.shared(async (ctx: restate.ObjectSharedContext): Promise<RestateTurnStatus> => {
        const status = await readTurnState<RestateTurnStatus['status']>(ctx, 'status');
        const invocationId = await readTurnState<string>(ctx, 'invocationId');
        const snapshot = await readTurnState<TurnSnapshot>(ctx, SNAPSHOT_STATE_KEY);
        const result = await readTurnState<TurnResult>(ctx, 'result');
        const error = await readTurnState<RestateRunError>(ctx, ERROR_STATE_KEY);
        return {
          status: status ?? 'idle',
          ...(invocationId === null ? {} : { invocationId }),
          ...(snapshot === null ? {} : { snapshot, turnId: snapshot.turnId }),
          // the last turn's result stays in state while the next runs, for a run that ends without a turn
          ...(result === null || status === 'running' ? {} : { result, turnId: result.turnId }),
          ...(error === null ? {} : { error }),
        };
      }),
      cancel: restate.handlers.object.shared(async (ctx: restate.ObjectSharedContext): Promise<boolean> => {
        const status = await readTurnState<string>(ctx, 'status');
        const invocationId = await readTurnState<string>(ctx, 'invocationId');
        if (status !== 'running' || invocationId === null) return false;
        ctx.cancel(invocationId as restate.InvocationId);
        return true;
      }),
    },
  });
}

function resolveFactoryLimits<Name extends string>(options: TurnObjectOptions<Name>): ResolvedTurnObjectOptions {
  // a value given as it is (not a factory) is checked now, as every run would refuse it
  if (typeof options.runtime !== 'function') checkDurableRuntime(options.runtime);
  if (typeof options.model !== 'function') checkDurableModel(options.model);
  if (options.send !== undefined && typeof options.send !== 'function') {
    throw new InvalidOptionError({ option: 'send', value: options.send, expected: "a function of the run's input that answers worker-side send() fields, or leave it out" });
  }
  if (options.live !== undefined && typeof (options.live as Partial<LivePublisher> | null)?.publish !== 'function') {
    // a publisher without publish would fail every batch silently (live output is best effort)
    throw new InvalidOptionError({ option: 'live', value: options.live, expected: 'a LivePublisher, an object with publish(key, execution, parts) (createLiveTurnHub(), httpLivePublisher(url)), or leave it out' });
  }
  const maxFactoryAttempts = options.maxFactoryAttempts ?? DEFAULT_MAX_FACTORY_ATTEMPTS;
  if (!Number.isSafeInteger(maxFactoryAttempts) || maxFactoryAttempts < 1) {
    throw new InvalidOptionError({ option: 'maxFactoryAttempts', value: maxFactoryAttempts, expected: `an integer of at least 1 (the attempts of a failing factory, the first included), or leave it out for ${DEFAULT_MAX_FACTORY_ATTEMPTS}` });
  }
  const factoryTimeoutMs = options.factoryTimeoutMs ?? DEFAULT_FACTORY_TIMEOUT_MS;
  if (!Number.isSafeInteger(factoryTimeoutMs) || factoryTimeoutMs < 0 || factoryTimeoutMs > 2_147_483_647) {
    throw new InvalidOptionError({ option: 'factoryTimeoutMs', value: factoryTimeoutMs, expected: `an integer of milliseconds from 0 (no limit) to 2147483647, or leave it out for ${DEFAULT_FACTORY_TIMEOUT_MS}` });
  }
  return { ...options, maxFactoryAttempts, factoryTimeoutMs };
}

/** The `run` handler: one turn, or a refusal that leaves the last turn's result and snapshot as they were. */
async function runTurn(ctx: restate.ObjectContext, raw: RestateTurnInput, options: ResolvedTurnObjectOptions): Promise<TurnResult> {
  const parsed = parseTurnInput(raw);
  if (!parsed.ok) throw new restate.TerminalError(parsed.message, { errorCode: 400 });
  const invocationId = ctx.request().id;
  // as bytes, to put back as they were if this run ends without a turn
  const keeping = ctx.get<Uint8Array>(SNAPSHOT_STATE_KEY, restate.serde.binary);
  ctx.clear(SNAPSHOT_STATE_KEY);
  ctx.clear(ERROR_STATE_KEY);
  ctx.set('status', 'running');
  ctx.set('invocationId', invocationId);
  // awaited after the writes, so they leave for the server (status answers `running`, cancel
  // finds the run) before the factories are called, however long those take
  const kept = await keeping;
  const refuse = (refusal: RunRefusal): restate.TerminalError => {
    if (kept !== null && kept !== undefined) ctx.set(SNAPSHOT_STATE_KEY, kept, restate.serde.binary);
    ctx.set('status', refusal.status);
    ctx.set(ERROR_STATE_KEY, { message: refusal.message, httpStatus: refusal.httpStatus } satisfies RestateRunError);
    return new restate.TerminalError(refusal.message, { errorCode: refusal.httpStatus });
  };
  const built = await callTurnFactories({ runtime: options.runtime, model: options.model, input: raw, timeoutMs: options.factoryTimeoutMs, ...(options.send === undefined ? {} : { send: options.send }) });
  const begun = await beginTurn(ctx, { built, maxAttempts: options.maxFactoryAttempts });
  if ('status' in begun) throw refuse(begun);
  // the factories answered on an earlier execution of this run (its start is journaled) and fail on this one
  if (!built.ok) {
    const relapse = relapseOf(built);
    throw relapse instanceof Error ? relapse : refuse(relapse);
  }
  const controller = new AbortController();
  const runner = restateStepRunner(ctx, {
    startMs: begun.startMs,
    runRetry: options.runRetry ?? DEFAULT_RUN_RETRY,
    onTerminal: (error) => controller.abort(error),
    explicitCancellation: true,
  });
  const sink = options.live === undefined ? undefined : livePartSink(options.live, invocationId);
  let result: TurnResult;
  try {
    result = await runDurableTurn({ runner, runtime: built.runtime, model: built.model, input: { ...parsed.input, ...built.send }, abortSignal: controller.signal, ...(sink === undefined ? {} : { onPart: sink.onPart }) });
  } catch (error) {
    // a typed error (messages that fail ai's schemas, an invalid option) fails the same way on
    // every retry: answered at once, instead of retried forever with the conversation blocked
    if (!TurnscopeError.isInstance(error)) throw error;
    throw refuse({ status: 'failed', message: `turnscope run: ${error.message}`, httpStatus: 400 });
  }
  ctx.set('result', result);
  ctx.set('status', result.status);
  await sink?.flush();
  return result;
}
