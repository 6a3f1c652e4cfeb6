// Test helpers: a scripted model that records what was visible at every request.
export { createScriptedModel } from './create-scripted-model.js';
export type { ScriptedModel } from './create-scripted-model.js';
export type { RecordedRequest, ScriptedStep, ScriptedStepSource, ScriptedToolCall } from './scripted-step.js';
