// The turn machine: pure xstate definitions, no I/O (design.md).
export { turnMachine, TOOL_SEARCH_NAME, activationsOf, closedStepResults, closeRunningStepOf } from './turn-machine.js';
export { TURN_DEFAULTS } from './turn-defaults.js';
export { addUsage, EMPTY_USAGE } from './add-usage.js';
export type { TurnMachine, TurnContext, TurnEvent, TurnMachineInput, TurnMachineOutput } from './turn-machine.js';
export { projectVisibleSet } from './project-visible-set.js';
export { retryDelayMs } from './retry-delay-ms.js';
export type {
  CallModelInput,
  ExecuteToolCallsInput,
  ModelStepOutput,
  RetryPolicy,
  ToolCallOutcome,
  TurnError,
  TurnFinishReason,
  TurnStatus,
  TurnStepRecord,
  TurnUsage,
  TurnEmitted,
  TurnToolCall,
  TurnToolResult,
} from './turn-types.js';
