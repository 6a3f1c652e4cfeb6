import type { TurnSnapshot } from '../runtime/turn-snapshot.js';
import type { DurableStepRunner } from './durable-step-runner.js';

/** A {@link DurableStepRunner} in memory, and what it recorded. */
export interface MemoryStepRunner extends DurableStepRunner {
  /** Recorded step results by name, as JSON text (what an engine would store). */
  readonly records: Map<string, string>;
  /** Every step name `run` was asked for, in order; `ran` says whether `fn` ran (no record yet). */
  readonly calls: { readonly name: string; readonly ran: boolean }[];
  /** Every snapshot saved, in order. */
  readonly snapshots: TurnSnapshot[];
}

/**
 * An in-memory {@link DurableStepRunner}: records each step's result as JSON and replays it when
 * the same name runs again, as an engine does on a re-execution. Give a later runner the same
 * `records` (`createMemoryStepRunner({ records: earlier.records })`) to re-execute a turn as a
 * new worker would. Ids are `id-0`, `id-1`, … and the clock starts at `startMs` (default
 * 1,700,000,000,000) and moves 1 ms a read, so two executions see the same values.
 * For tests and for running the durable path without an engine; nothing survives the process.
 */
export function createMemoryStepRunner(options: { readonly records?: Map<string, string>; readonly startMs?: number } = {}): MemoryStepRunner {
  const records = options.records ?? new Map<string, string>();
  const calls: { name: string; ran: boolean }[] = [];
  const snapshots: TurnSnapshot[] = [];
  let ids = 0;
  let clock = options.startMs ?? 1_700_000_000_000;
  return {
    records,
    calls,
    snapshots,
    async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const recorded = records.get(name);
      calls.push({ name, ran: recorded === undefined });
      if (recorded !== undefined) return JSON.parse(recorded) as T;
      const value = await fn();
      records.set(name, JSON.stringify(value ?? null));
      return JSON.parse(records.get(name)!) as T;
    },
    all: (steps) => Promise.all(steps),
    saveSnapshot(snapshot) {
      snapshots.push(JSON.parse(JSON.stringify(snapshot)) as TurnSnapshot);
    },
    now: () => clock++,
    generateId: () => `id-${ids++}`,
  };
}
