import { RestatePromise, TerminalError, type internal, type ObjectContext, type RunOptions } from '@restatedev/restate-sdk';
import type { DurableStepRunner } from '../durable/durable-step-runner.js';
import type { TurnSnapshot } from '../runtime/turn-snapshot.js';

/** The state key under which a durable turn's latest snapshot (C28) is kept. */
export const SNAPSHOT_STATE_KEY = 'snapshot';

/**
 * The default retries of one `ctx.run` (a model call or a tool call): 100 ms, doubling, at most
 * 2 s apart, 10 attempts. The steps of a durable turn record failures as data, so these apply
 * only to what fails around them (recording a result). Restate's own default grows past a minute.
 */
export const DEFAULT_RUN_RETRY: RunOptions<unknown> = Object.freeze({ initialRetryInterval: 100, retryIntervalFactor: 2, maxRetryInterval: 2_000, maxRetryAttempts: 10 });

/**
 * A {@link DurableStepRunner} over a Restate object context: `run` is `ctx.run(name, fn)` with
 * `runRetry`, awaited through one loop for every step of the execution (see `singleAwaiter`:
 * the SDK fails an attempt that awaits two steps on their own at once, and the loop hands
 * parallel results back in the order the steps started); `all` waits for steps `run` started
 * (already combined by that loop), `saveSnapshot` is `ctx.set('snapshot', …)`, ids
 * come from `ctx.rand.uuidv4()` and the clock is `startMs` (read once through `ctx.date.now()`,
 * so it is journaled) plus 1 ms per read: a re-execution sees the same times, so the path and
 * the saved state are the same; durations inside a durable turn count clock reads, not wall
 * time. `onTerminal` is told when a step ends in a Restate `TerminalError` (the invocation was
 * cancelled), before the error propagates; the durable turn cancels itself there.
 *
 * `explicitCancellation: true` (the handler must be registered with that option): the loop
 * races every step with Restate's cancellation signal (`ctx.cancellation()`), so a cancel that reaches the
 * worker while a step runs rejects the step at once with a `TerminalError` (and `onTerminal`
 * aborts the turn, which aborts the running tool's `abortSignal`); the step's own `ctx.run`
 * still records what the aborted call answered. Default `false`: Restate rejects the awaited
 * step by itself, once the step has finished.
 */
export function restateStepRunner(
  ctx: ObjectContext,
  options: { readonly startMs: number; readonly runRetry?: RunOptions<unknown>; readonly onTerminal?: (error: TerminalError) => void; readonly explicitCancellation?: boolean },
): DurableStepRunner {
  let clock = options.startMs;
  const runRetry = options.runRetry ?? DEFAULT_RUN_RETRY;
  // one signal promise per execution: once it resolved, ctx.cancellation() answers a new one
  const cancelled =
    options.explicitCancellation === true
      ? (ctx as unknown as internal.ContextInternal).cancellation().map((): never => {
          throw new TerminalError('the turn was cancelled through Restate', { errorCode: 409 });
        })
      : undefined;
  const awaitStep = singleAwaiter(cancelled);
  return {
    async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
      try {
        return await awaitStep(ctx.run(name, fn, runRetry as RunOptions<T>));
      } catch (error) {
        if (error instanceof TerminalError) options.onTerminal?.(error);
        throw error;
      }
    },
    all: <T>(steps: readonly Promise<T>[]) => Promise.all(steps),
    saveSnapshot(snapshot: TurnSnapshot) {
      ctx.set(SNAPSHOT_STATE_KEY, snapshot);
    },
    now: () => clock++,
    generateId: () => ctx.rand.uuidv4(),
  };
}

type Outcome = { readonly value?: unknown; readonly failure?: unknown };
type Waiter = { readonly step: RestatePromise<unknown>; readonly resolve: (value: unknown) => void; readonly reject: (error: unknown) => void; outcome?: Outcome };

/**
 * Awaits Restate promises one combinator at a time, and hands their results out in the order
 * the steps were started. The SDK drives every awaited `RestatePromise` with its own loop, and
 * two loops waiting for the server at once fail the attempt ("awaitNext already pending"):
 * parallel tool calls, each awaiting its own `ctx.run`, did exactly that and the invocation
 * retried forever, running the unfinished calls again on every attempt. Here one loop awaits
 * `RestatePromise.race` of every unsettled step (and of the cancellation signal) and races the
 * rest again, with the steps started meanwhile; steps started in the same turn of the event
 * loop join the first race (it starts after `setImmediate`), a step started later joins when
 * one of those settles. A settled step's result is handed out once every step started before
 * it has had its own, so parallel results come back in start order on every execution (live,
 * they settle as the tools finish; on a replay, at once). How many come back together depends
 * on which step the race answers first (the journal's order), so this alone does not make the
 * turn's clock reads come in one order: `runDurableTurn`'s call sequencer does (each result
 * reaches the turn after the results before it were taken in). A cancellation hands out the
 * settled results, in order, and rejects the rest.
 */
function singleAwaiter(cancelled: RestatePromise<never> | undefined): <T>(step: RestatePromise<T>) => Promise<T> {
  const waiting: Waiter[] = [];
  let driving = false;
  let cancellation: { readonly error: unknown } | undefined;
  const handOut = (rest?: { readonly error: unknown }) => {
    while (waiting.length > 0 && (waiting[0]!.outcome !== undefined || rest !== undefined)) {
      const next = waiting.shift()!;
      const outcome = next.outcome ?? { failure: rest!.error };
      if (outcome.failure === undefined) next.resolve(outcome.value);
      else next.reject(outcome.failure);
    }
  };
  const drive = async () => {
    driving = true;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      while (waiting.length > 0) {
        if (cancellation !== undefined) {
          const settled = waiting.filter((each) => each.outcome !== undefined);
          for (const each of settled) waiting.splice(waiting.indexOf(each), 1);
          waiting.unshift(...settled);
          handOut(cancellation);
          break;
        }
        const open = waiting.filter((each) => each.outcome === undefined);
        const racing: RestatePromise<{ readonly each: Waiter | undefined; readonly outcome: Outcome }>[] = open.map((each) => each.step.map((value, failure) => ({ each, outcome: { value, failure } })));
        if (cancelled !== undefined) racing.push(cancelled.map((_value, failure) => ({ each: undefined, outcome: { failure } })));
        try {
          const settled = await RestatePromise.race(racing);
          if (settled.each === undefined) cancellation = { error: settled.outcome.failure };
          else settled.each.outcome = settled.outcome;
        } catch (error) {
          // not a step's own failure (those are mapped): the attempt is over, every step with it
          for (const each of waiting) delete each.outcome;
          handOut({ error });
          break;
        }
        handOut();
      }
    } finally {
      driving = false;
    }
  };
  return <T>(step: RestatePromise<T>) =>
    new Promise<T>((resolve, reject) => {
      if (cancellation !== undefined) return reject(cancellation.error);
      waiting.push({ step, resolve: resolve as (value: unknown) => void, reject });
      if (!driving) void drive();
    });
}
