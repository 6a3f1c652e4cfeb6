import { RestatePromise, TerminalError, type ObjectContext, type RunOptions } from '@restatedev/restate-sdk';
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
 * `runRetry`, `all` is `RestatePromise.all`, `saveSnapshot` is `ctx.set('snapshot', …)`, ids
 * come from `ctx.rand.uuidv4()` and the clock is `startMs` (read once through `ctx.date.now()`,
 * so it is journaled) plus 1 ms per read: a re-execution sees the same times, so the path and
 * the saved state are the same; durations inside a durable turn count clock reads, not wall
 * time. `onTerminal` is told when a step ends in a Restate `TerminalError` (the invocation was
 * cancelled), before the error propagates; the durable turn cancels itself there.
 */
export function restateStepRunner(ctx: ObjectContext, options: { readonly startMs: number; readonly runRetry?: RunOptions<unknown>; readonly onTerminal?: (error: TerminalError) => void }): DurableStepRunner {
  let clock = options.startMs;
  const runRetry = options.runRetry ?? DEFAULT_RUN_RETRY;
  return {
    async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
      try {
        return (await ctx.run(name, fn, runRetry as RunOptions<T>)) as T;
      } catch (error) {
        if (error instanceof TerminalError) options.onTerminal?.(error);
        throw error;
      }
    },
    all: <T>(steps: readonly Promise<T>[]) => RestatePromise.all(steps as unknown as RestatePromise<T>[]) as unknown as Promise<T[]>,
    saveSnapshot(snapshot: TurnSnapshot) {
      ctx.set(SNAPSHOT_STATE_KEY, snapshot);
    },
    now: () => clock++,
    generateId: () => ctx.rand.uuidv4(),
  };
}
