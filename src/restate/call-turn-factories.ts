import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { DurableRuntimeOptions, DurableSendInput } from '../durable/run-durable-turn.js';
import type { RestateTurnInput } from './create-turn-object.js';

/**
 * A turn object's `runtime` or `model` option: the value itself, or a function of the run's
 * input that answers it (or a promise of it). `options.abortSignal` aborts (reason a
 * `TimeoutError` `DOMException`) when the call's `factoryTimeoutMs` has passed: a factory that
 * waits on the network passes it on, so a timed-out attempt stops its request. It never aborts
 * once the factory has answered (or failed) in time, so what the factory hands out with it (a
 * client, a connection) lives on, nor when `factoryTimeoutMs` is `0`.
 */
export type TurnFactory<T> = T | ((input: RestateTurnInput, options: { readonly abortSignal: AbortSignal }) => T | PromiseLike<T>);

/**
 * What the factories of one execution gave: the turn's runtime, model and worker-side `send()`
 * fields (`{}` without a `send` option), or which failed and what it threw.
 */
export type TurnFactoriesOutcome =
  | { readonly ok: true; readonly runtime: DurableRuntimeOptions; readonly model: LanguageModelV4; readonly send: Partial<DurableSendInput> }
  | { readonly ok: false; readonly factory: 'runtime' | 'model' | 'send'; readonly error: unknown };

/**
 * Calls the deployer's `runtime` factory, then its `model` factory, then its `send` function
 * (when given; synchronous, so not timed), with the run's input, each factory
 * under `timeoutMs` (a factory that answers a promise that has not settled by then failed with
 * an `Error` saying so; `0`: no limit), and answers what they gave or the first failure: what a
 * factory threw, or what its promise rejected with, as it was thrown (any value). Never rejects.
 * A value that is not a function is answered as it is. A timed-out factory is told through its
 * `abortSignal`; a promise that ignores it is left running (nothing else can stop it). A factory
 * that settled in time keeps a signal that never aborts.
 */
export async function callTurnFactories(options: {
  readonly runtime: TurnFactory<DurableRuntimeOptions>;
  readonly model: TurnFactory<LanguageModelV4>;
  readonly input: RestateTurnInput;
  readonly timeoutMs: number;
  /** createTurnObject's `send` option. Default: none (`send` answers `{}`). */
  readonly send?: (input: RestateTurnInput) => Partial<DurableSendInput>;
}): Promise<TurnFactoriesOutcome> {
  let factory: 'runtime' | 'model' | 'send' = 'runtime';
  try {
    const runtime = await call(options.runtime, options.input, options.timeoutMs);
    factory = 'model';
    const model = await call(options.model, options.input, options.timeoutMs);
    factory = 'send';
    const send = options.send?.(options.input) ?? {};
    return { ok: true, runtime, model, send };
  } catch (error) {
    return { ok: false, factory, error };
  }
}

async function call<T>(factory: TurnFactory<T>, input: RestateTurnInput, timeoutMs: number): Promise<T> {
  if (typeof factory !== 'function') return factory;
  const controller = new AbortController();
  const call = factory as (input: RestateTurnInput, options: { readonly abortSignal: AbortSignal }) => T | PromiseLike<T>;
  // a factory that throws synchronously rejects here, as one that rejects does
  const answer = new Promise<T>((resolve) => resolve(call(input, { abortSignal: controller.signal })));
  if (timeoutMs === 0) return answer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException(`The factory did not answer within factoryTimeoutMs, ${timeoutMs} ms.`, 'TimeoutError'));
      reject(new Error(`it did not answer within factoryTimeoutMs, ${timeoutMs} ms`));
    }, timeoutMs);
  });
  // the loser of the race must not be an unhandled rejection
  timedOut.catch(() => {});
  try {
    return await Promise.race([answer, timedOut]);
  } finally {
    // an attempt that answered (or failed) in time is not aborted later: what it handed out keeps its signal
    clearTimeout(timer);
  }
}
