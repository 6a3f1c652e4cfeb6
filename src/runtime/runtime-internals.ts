import type { ToolSearchRuntime } from './create-tool-search-runtime.js';
import type { RuntimeShared } from './runtime-shared.js';

/**
 * Internal: each runtime's shared parts, for tests that drive `startTurn` with a model call
 * that skips the provider layer (e.g. to run 10,000 property cases). Not exported publicly.
 */
export const runtimeInternals = new WeakMap<ToolSearchRuntime, RuntimeShared>();
