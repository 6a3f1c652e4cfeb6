import type { TurnSnapshot } from '../runtime/turn-snapshot.js';

/**
 * What a durable turn needs from a durable-execution engine (issue 15, item 6), so an adapter
 * (Restate today; DBOS or Temporal later) is a thin layer and the core stays engine-neutral.
 *
 * - `run(name, fn)`: one journaled step. The first execution runs `fn` and records its result
 *   (plain JSON) under `name`; a re-execution of the same turn (after a crash, on another
 *   worker) returns the recorded result without running `fn`. A step that was running when the
 *   worker died has no record and runs again (at least once). `fn` must not throw for a failure
 *   that belongs to the turn: {@link runDurableTurn} records failures as data.
 * - `all(steps)`: waits for steps started concurrently (each from `run`), in order — the
 *   engine's combinator (Restate: `RestatePromise.all`), so a replay combines them the same way.
 * - `saveSnapshot(snapshot)`: keeps the turn's snapshot (C28) at a step boundary.
 * - `now()` and `generateId()`: the clock (ms since the epoch) and id source of the turn; they
 *   must give the same values on a re-execution, so a replay takes the same path (Restate:
 *   a journaled start time and `ctx.rand`).
 *
 * Names are unique within one turn: `model:<n>` for the n-th model call (from 0) and
 * `tool:<operationId>` for a tool call (C29's `turnId:stepIndex:toolCallId`).
 */
export interface DurableStepRunner {
  run<T>(name: string, fn: () => Promise<T>): Promise<T>;
  all<T>(steps: readonly Promise<T>[]): Promise<T[]>;
  saveSnapshot(snapshot: TurnSnapshot): void | Promise<void>;
  now(): number;
  generateId(): string;
}
