import type { LanguageModel, ModelMessage, ToolSet } from 'ai';
import { nameKeyedRecord } from '../catalog/name-keyed-record.js';
import type { CallModelInput, ModelStepOutput } from '../../machines/turn-types.js';
import { callModelStep } from './call-model-step.js';
import type { TurnRecorder } from './create-turn-recorder.js';
import type { ModelCallSettings } from './model-call-settings.js';
import { uniqueStepCallIds } from './unique-step-call-ids.js';

/**
 * The `callModel` of one turn (the machine's invoked actor, design.md): records `step-start`
 * with the step's frozen visible set and each definition's characters (C21), makes the one
 * `streamText` call of the step (callModelStep, or the test seam), renames a call id repeated
 * within the step (uniqueStepCallIds), and records its tool calls.
 * What the step produced goes back to the machine as the actor's output; nothing is kept here.
 *
 * @throws the provider's error, which the machine turns into a retry or a failed turn (C16).
 */
export function createModelCaller(options: {
  readonly model: LanguageModel;
  /** The profile's and the send's instructions, joined; `undefined` for none. */
  readonly instructions: string | undefined;
  /** The turn's AI SDK settings (the runtime's with the send's overrides), on every step's call. */
  readonly settings?: ModelCallSettings;
  /** The definitions the step may send (B, `tool_search`, `exec`); the step sends only the visible ones. */
  readonly tools: ToolSet;
  readonly schemaCharsOf: (name: string) => number;
  readonly recorder: TurnRecorder;
  /** Default {@link callModelStep}; tests replace it. */
  readonly callProvider?: typeof callModelStep;
}): (step: CallModelInput, signal: AbortSignal) => Promise<ModelStepOutput> {
  const { recorder } = options;
  const callProvider = options.callProvider ?? callModelStep;
  return async (step, signal) => {
    recorder.stepStart({
      stepIndex: step.stepIndex,
      attempt: step.attempt,
      visible: step.visible,
      schemaChars: nameKeyedRecord(step.visible.map((name) => [name, options.schemaCharsOf(name)])),
    });
    // a call id repeated within the step is renamed before anything records it, so every call has one result (C29)
    const response = uniqueStepCallIds(await callProvider({
      model: options.model,
      instructions: options.instructions,
      ...(options.settings === undefined ? {} : { settings: options.settings }),
      stepIndex: step.stepIndex,
      messages: step.messages as ModelMessage[],
      tools: options.tools,
      visible: step.visible,
      abortSignal: signal,
      onTextDelta: (text) => recorder.textDelta(step.stepIndex, step.attempt, text),
    }));
    for (const call of response.toolCalls) recorder.toolCall(step.stepIndex, call);
    return response;
  };
}
