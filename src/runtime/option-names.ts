import type { ModelCallSettings } from './model-call-settings.js';
import type { ToolSearchRuntimeOptions } from './runtime-options.js';
import type { SendInput } from './send-input.js';

const MODEL_CALL_SETTING_NAMES = [
  'maxOutputTokens', 'temperature', 'topP', 'topK', 'presencePenalty', 'frequencyPenalty', 'stopSequences', 'seed', 'reasoning',
  'headers', 'providerOptions', 'toolChoice', 'repairToolCall', 'experimental_repairToolCall', 'experimental_transform', 'experimental_download', 'output', 'stopWhen', 'toolsContext', 'runtimeContext',
] as const satisfies readonly (keyof ModelCallSettings)[];

/** Every top-level option `createToolSearchRuntime` reads; anything else is a typo or misplaced. */
export const RUNTIME_OPTION_NAMES = [
  'tools', 'groups', 'sources', 'aliases', 'direct', 'availability', 'search', 'maxSteps', 'retry',
  'permission', 'telemetry', 'onSinkError', 'now', 'generateId', 'ranker', 'profiles',
  'approver', 'journal', 'operationId', 'timeout', 'outputLimit', 'artifactStore',
  'toolMode', 'codeMode', 'inventory', 'hints', 'prefetch', 'includeRawChunks', 'maxUnreadParts', 'approvalStore', 'toolApprovalSecret', ...MODEL_CALL_SETTING_NAMES,
] as const satisfies readonly (keyof ToolSearchRuntimeOptions)[];

/** Every input `send()` reads; anything else is a typo or misplaced. */
export const SEND_INPUT_NAMES = [
  'model', 'instructions', 'messages', 'prompt', 'requiredTools', 'boundTools', 'profile',
  'clientTools', 'clientId', 'toolMode', 'abortSignal', 'inspect', 'prefetch', 'includeRawChunks', 'maxSteps', ...MODEL_CALL_SETTING_NAMES,
] as const satisfies readonly (keyof SendInput)[];

// Compile-time check that the lists name every option: a new option must be added here.
type Missing<Options, Listed> = Exclude<keyof Options, Listed>;
const everySendInputListed: Missing<SendInput, (typeof SEND_INPUT_NAMES)[number]> extends never ? true : never = true;
const everyRuntimeOptionListed: Missing<ToolSearchRuntimeOptions, (typeof RUNTIME_OPTION_NAMES)[number]> extends never ? true : never = true;
void everySendInputListed;
void everyRuntimeOptionListed;
