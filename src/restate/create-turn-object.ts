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
import { readTurnState } from './read-turn-state.js';

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

/** What the `status` handler answers about a conversation's latest turn. */
export interface RestateTurnStatus {
  /** `idle` before the first turn; `running` while one runs; then the turn's status. */
  readonly status: 'idle' | 'running' | TurnResult['status'];
  readonly turnId?: string;
  /** The Restate invocation id of the latest `run`. */
  readonly invocationId?: string;
  /** The snapshot of the latest step boundary (C28); kept after the turn ends. */
  readonly snapshot?: TurnSnapshot;
  /** The finished turn's result (its steps are the trace); absent while it runs. */
  readonly result?: TurnResult;
}

/** The default retry policy of a turn invocation: 100 ms, doubling, at most 2 s apart, no cap on attempts. */
export const DEFAULT_TURN_RETRY_POLICY: restate.RetryPolicy = Object.freeze({ initialInterval: 100, exponentiationFactor: 2, maxInterval: 2_000 });

/**
 * A Restate Virtual Object, keyed by conversation id, that runs turnscope turns durably
 * (issue 15, C29). Register it with an endpoint (`restate.endpoint().bind(object)`, or
 * `createEndpointHandler({ services: [object] })`). Handlers:
 *
 * - `run` (exclusive: one turn at a time per conversation; a second call waits for the first):
 *   runs one turn of {@link RestateTurnInput} through {@link runDurableTurn}: each model call
 *   and each tool call is one `ctx.run` (tool calls keyed `tool:<operationId>`, the id handed to
 *   `execute`), the snapshot is `ctx.set('snapshot')` at every step boundary, ids come from
 *   `ctx.rand` and time from `ctx.date`. Answers the turn's result (plain JSON). Search, the
 *   availability guard, validation and permission run in the worker as in any turn (C4).
 *   An input the turn refuses (messages that fail ai's schemas, an invalid option: a
 *   `TurnscopeError`) answers a `TerminalError` (HTTP 400) with its message and leaves the
 *   status `failed` (no result), so the conversation takes its next turn; other errors are
 *   Restate's to retry.
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
 * @param options.name the object's name in Restate. Default `'turnscope'`.
 * @param options.runtime the runtime options of every turn (or a function of the input); a
 *   runtime is made per invocation (its catalog and ranker built each time).
 * @param options.model the model (an AI SDK `LanguageModelV4`, or a function of the input).
 * @param options.retryPolicy how Restate retries an invocation whose worker failed or died.
 *   Default {@link DEFAULT_TURN_RETRY_POLICY}.
 * @param options.runRetry retries of one `ctx.run`. Default {@link DEFAULT_RUN_RETRY}.
 * @param options.inactivityTimeout ms Restate waits on a silent worker before it suspends and
 *   retries the invocation. Default Restate's (1 minute); a tool that runs longer keeps it busy.
 * @param options.send worker-side `send()` fields of a turn, a function of the input, merged
 *   over what the input gives: what cannot cross JSON (a `requiredTools` function, `inspect`,
 *   client tools with an `execute`). Called on every execution; it must answer the same for the
 *   same input, so a replay takes the same path. Default: none.
 * @param options.live where each execution publishes the turn's stream parts as it runs, keyed
 *   by the invocation id (`createLiveTurnHub()` in process, `httpLivePublisher(url)` to a hub
 *   elsewhere); clients read them with `readLiveTurn` or the hub's `subscribe`. Default: none.
 */
export function createTurnObject<const Name extends string = 'turnscope'>(options: {
  readonly name?: Name;
  readonly runtime: DurableRuntimeOptions | ((input: RestateTurnInput) => DurableRuntimeOptions);
  readonly model: LanguageModelV4 | ((input: RestateTurnInput) => LanguageModelV4);
  readonly retryPolicy?: restate.RetryPolicy;
  readonly runRetry?: restate.RunOptions<unknown>;
  readonly inactivityTimeout?: number;
  readonly live?: LivePublisher;
  readonly send?: (input: RestateTurnInput) => Partial<DurableSendInput>;
}) {
  const name = (options.name ?? 'turnscope') as Name;
  return restate.object({
    name,
    options: {
      retryPolicy: options.retryPolicy ?? DEFAULT_TURN_RETRY_POLICY,
      ...(options.inactivityTimeout === undefined ? {} : { inactivityTimeout: options.inactivityTimeout }),
    },
    handlers: {
      run: restate.handlers.object.exclusive({ explicitCancellation: true }, async (ctx: restate.ObjectContext, raw: RestateTurnInput): Promise<TurnResult> => {
        const parsed = parseTurnInput(raw);
        if (!parsed.ok) throw new restate.TerminalError(parsed.message, { errorCode: 400 });
        const startMs = await ctx.date.now();
        const invocationId = ctx.request().id;
        ctx.clear(SNAPSHOT_STATE_KEY);
        ctx.clear('result');
        ctx.set('status', 'running');
        ctx.set('invocationId', invocationId);
        const controller = new AbortController();
        const runner = restateStepRunner(ctx, {
          startMs,
          runRetry: options.runRetry ?? DEFAULT_RUN_RETRY,
          onTerminal: (error) => controller.abort(error),
          explicitCancellation: true,
        });
        const runtime = typeof options.runtime === 'function' ? options.runtime(raw) : options.runtime;
        const model = typeof options.model === 'function' ? options.model(raw) : options.model;
        const sink = options.live === undefined ? undefined : livePartSink(options.live, invocationId);
        let result: TurnResult;
        try {
          result = await runDurableTurn({ runner, runtime, model, input: { ...parsed.input, ...options.send?.(raw) }, abortSignal: controller.signal, ...(sink === undefined ? {} : { onPart: sink.onPart }) });
        } catch (error) {
          // a typed error (messages that fail ai's schemas, an invalid option) fails the same way on
          // every retry: answered at once, instead of retried forever with the conversation blocked
          if (!(error instanceof TurnscopeError)) throw error;
          ctx.set('status', 'failed');
          throw new restate.TerminalError(`turnscope run: ${error.message}`, { errorCode: 400 });
        }
        ctx.set('result', result);
        ctx.set('status', result.status);
        await sink?.flush();
        return result;
      }),
      status: restate.handlers.object.shared(async (ctx: restate.ObjectSharedContext): Promise<RestateTurnStatus> => {
        const status = await readTurnState<RestateTurnStatus['status']>(ctx, 'status');
        const invocationId = await readTurnState<string>(ctx, 'invocationId');
        const snapshot = await readTurnState<TurnSnapshot>(ctx, SNAPSHOT_STATE_KEY);
        const result = await readTurnState<TurnResult>(ctx, 'result');
        return {
          status: status ?? 'idle',
          ...(invocationId === null ? {} : { invocationId }),
          ...(snapshot === null ? {} : { snapshot, turnId: snapshot.turnId }),
          ...(result === null ? {} : { result, turnId: result.turnId }),
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
