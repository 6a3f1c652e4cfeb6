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
 * `streamText` call of the step (callModelStep, or the test seam), records every part the
 * model streams with the step's index and attempt (ModelOutputPart), reading the model's stream
 * no further ahead of the turn's reader than the stream's bound (recorder.readerRoom), and the response's
 * metadata for the step's `step-end` part, renames a call id repeated
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
  /** Pass the provider's raw chunks on as `raw` parts (the send's, else the runtime's `includeRawChunks`). */
  readonly includeRawChunks: boolean;
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
    const { response, ...output } = await callProvider({
      model: options.model,
      instructions: options.instructions,
      ...(options.settings === undefined ? {} : { settings: options.settings }),
      stepIndex: step.stepIndex,
      messages: step.messages as ModelMessage[],
      tools: options.tools,
      visible: step.visible,
      abortSignal: signal,
      includeRawChunks: options.includeRawChunks,
      onPart: (part) => {
        recorder.modelOutput(step.stepIndex, step.attempt, part);
        // the model's stream is read no faster than the turn's reader reads (see PartQueue)
        return recorder.readerRoom(signal);
      },
    });
    // the response metadata goes to the step's `step-end` part, not into the machine's context
    if (response !== undefined) recorder.stepResponse(step.stepIndex, response);
    // a call id repeated within the step is renamed before anything records it, so every call has one result (C29)
    const answered = uniqueStepCallIds(output);
    for (const call of answered.toolCalls) recorder.toolCall(step.stepIndex, call);
    return answered;
  };
}
