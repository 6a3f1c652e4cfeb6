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
