import type { EventObject, Snapshot } from 'xstate';
import type { TestParam, TestPath, TestPathResult } from 'xstate/graph';

/** One fresh system under test for one path: how to make each event happen and how to check each state. */
export interface PathSystem<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> extends TestParam<TSnapshot, TEvent> {
  /** Runs after the path, passed or failed: release what the system holds. */
  dispose?(): void | Promise<void>;
}

/**
 * Replays one path of an `xstate/graph` test model against a system built for it alone, like
 * xstate's `packages/core/src/graph/test/testUtils.ts`: `path.test` calls the system's
 * `events[type]` to make each step's event happen and its `states` checks on each state the
 * path reaches (in order, starting with the initial state reached by `xstate.init`).
 */
export async function runTestPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  path: TestPath<TSnapshot, TEvent>,
  createSystem: (path: TestPath<TSnapshot, TEvent>) => PathSystem<TSnapshot, TEvent>,
): Promise<TestPathResult> {
  const system = createSystem(path);
  try {
    return await path.test(system);
  } finally {
    await system.dispose?.();
  }
}
