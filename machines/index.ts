// The turn machine: pure xstate definitions, no I/O (design.md).
export { turnMachine, TOOL_SEARCH_NAME } from './turn-machine.js';
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
  TurnToolCall,
  TurnToolResult,
} from './turn-types.js';
