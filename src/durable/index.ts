// Durable turns (C29): an engine-neutral step runner that every model call and tool call of a
// turn goes through; turnscope/restate runs it on Restate.
export { runDurableTurn } from './run-durable-turn.js';
export type { DurableRuntimeOptions, DurableSendInput } from './run-durable-turn.js';
export type { DurableStepRunner } from './durable-step-runner.js';
export { createMemoryStepRunner } from './create-memory-step-runner.js';
export type { MemoryStepRunner } from './create-memory-step-runner.js';
export { durableModel } from './durable-model.js';
export type { RecordedModelCall } from './durable-model.js';
export { durableTools, operationIdOf } from './durable-tools.js';
export type { DurableToolExecutionOptions, RecordedToolCall } from './durable-tools.js';
// Live output of durable turns (issue 15, item 3): workers publish each execution's stream parts,
// a hub merges them (replays deduplicated, lost text replaced), clients read the merged stream.
export { createLiveTurnHub } from './create-live-turn-hub.js';
export type { LivePublisher, LiveTurnHub } from './create-live-turn-hub.js';
export { createLivePartMerger, LOST_EXECUTION_ERROR } from './create-live-part-merger.js';
export { httpLivePublisher, livePartSink } from './http-live-publisher.js';
export { readLiveTurn } from './read-live-turn.js';
