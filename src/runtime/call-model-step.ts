import { streamText, stepCountIs, type LanguageModel, type LanguageModelUsage, type ModelMessage, type TextStreamPart, type Tool, type ToolSet } from 'ai';
import type { ModelStepOutput, TurnToolCall } from '../../machines/turn-types.js';
import { toolSearchWireNames } from '../tool-search/tool-search-wire-names.js';
import { nameKeyedRecord } from '../catalog/name-keyed-record.js';
import { ownValue } from '../catalog/own-value.js';
import { modelOutputPartOf } from './model-output-part-of.js';
import type { ModelOutputPart, StepResponse } from './turn-stream-part.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { ModelCallSettings } from './model-call-settings.js';

/** A {@link ModelStepOutput} with the provider's usage typed. */
export interface ModelStep extends ModelStepOutput {
  readonly usage: LanguageModelUsage;
  /**
   * What the SDK's `start-step` / `finish-step` parts said about the response (for the
   * `step-end` part); `undefined` when a seam answered without them.
   */
  readonly response?: StepResponse;
}

/**
 * One provider step: exactly one `streamText` call (design.md) with the bound definitions of
 * the step-start visible set (see visibleTools), `activeTools` and `toolOrder` = that set (C3,
 * C20), `maxRetries: 0`
 * (retries are machine transitions, C16) and one step. Nothing is executed here: tool calls,
 * including calls to hidden or unknown tools and calls with malformed input, are returned
 * for the runtime's pipeline. Tool names are canonical on both sides; only the request uses
 * the provider's names ({@link toolSearchWireNames}: `tool_search` is aliased on OpenAI's
 * Responses API).
 *
 * @throws the provider's error (e.g. `APICallError` with `isRetryable`) when the request fails.
 */
export async function callModelStep(options: {
  readonly model: LanguageModel;
  readonly instructions: string | undefined;
  /** The turn's AI SDK settings, spread into the call (see ModelCallSettings). Default: none. */
  readonly settings?: ModelCallSettings;
  /** The step, for the message of a `toolChoice` naming a tool this step does not see. Default 0. */
  readonly stepIndex?: number;
  readonly messages: readonly ModelMessage[];
  readonly tools: ToolSet;
  readonly visible: readonly string[];
  readonly abortSignal: AbortSignal;
  /** Pass `raw` parts (the provider's unprocessed chunks) to `onPart`. Default `false`. */
  readonly includeRawChunks?: boolean;
  /**
   * Told of every part the model streams, in order, as it arrives ({@link ModelOutputPart}).
   * When it returns a promise, the model's stream is not read on until it settles: the pull
   * reaches the provider's stream, as a slow `fullStream` reader's does (backpressure).
   */
  readonly onPart: (part: ModelOutputPart) => PromiseLike<void> | void;
}): Promise<ModelStep> {
  const wire = toolSearchWireNames(options.model);
  const visible = options.visible.map(wire.toWire);
  const tools = visibleTools(wire.tools(options.tools), visible);
  const settings = stepSettings(options.settings, options.visible, options.stepIndex ?? 0, wire.toWire);
  // Read at the end of the step from onEnd, which runs before the stream closes: each of the
  // result's promise getters (responseMessages, finishReason, usage) tees and re-reads the whole
  // step's stream again, three more passes per step for values the SDK already has.
  let ended: StepEnd | undefined;
  const result = streamText({
    ...settings,
    model: wire.model,
    ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    messages: [...wire.messagesToWire(options.messages)],
    tools,
    activeTools: visible,
    toolOrder: visible,
    maxRetries: 0,
    // one request per step: the turn itself evaluates its stopWhen at its step boundary
    stopWhen: stepCountIs(1),
    abortSignal: options.abortSignal,
    // the deprecated spelling of `include.rawChunks`: an `include` given with the other settings still wins
    includeRawChunks: options.includeRawChunks === true,
    // errors arrive as stream parts below and become machine events; the SDK must not also log them
    onError: () => {},
    onEnd: (event) => {
      ended = { responseMessages: event.responseMessages, finishReason: event.finishReason, usage: event.totalUsage };
    },
  });
  let failure: { error: unknown } | undefined;
  let text = '';
  const toolCalls: TurnToolCall[] = [];
  let started: Extract<TextStreamPart<ToolSet>, { type: 'start-step' }> | undefined;
  let finished: Extract<TextStreamPart<ToolSet>, { type: 'finish-step' }> | undefined;
  for await (const part of result.fullStream) {
    const output = modelOutputPartOf(part, wire.fromWire);
    if (output !== undefined) {
      if (output.type === 'text-delta') text += output.text;
      const room = options.onPart(output);
      if (room !== undefined) await room;
    } else if (part.type === 'start-step') {
      started = part;
    } else if (part.type === 'finish-step') {
      finished = part;
    } else if (part.type === 'tool-call') {
      const invalidJson = part.invalid === true && typeof part.input === 'string';
      toolCalls.push({
        toolCallId: part.toolCallId,
        toolName: wire.fromWire(part.toolName),
        input: part.input,
        ...(invalidJson ? { unparsableInput: true } : {}),
      });
    } else if (part.type === 'error' && failure === undefined) {
      failure = { error: part.error };
    } else if (part.type === 'abort' && failure === undefined) {
      failure = { error: options.abortSignal.reason ?? new Error('The model request was aborted.') };
    }
  }
  if (failure !== undefined) throw failure.error;
  // onEnd does not run when the step produced no output: the result's promises then reject with the SDK's error
  const end = ended ?? { responseMessages: await result.responseMessages, finishReason: await result.finishReason, usage: await result.usage };
  return {
    // the SDK answers invalid calls with its own tool-error parts; the runtime's pipeline answers every call instead
    responseMessages: wire.messagesFromWire(end.responseMessages.filter((message) => message.role === 'assistant')),
    toolCalls,
    text,
    finishReason: end.finishReason,
    usage: end.usage,
    ...(started === undefined || finished === undefined ? {} : { response: stepResponseOf(started, finished) }),
  };
}

function stepResponseOf(
  started: Extract<TextStreamPart<ToolSet>, { type: 'start-step' }>,
  finished: Extract<TextStreamPart<ToolSet>, { type: 'finish-step' }>,
): StepResponse {
  const { request, warnings } = started;
  const { response, usage, rawFinishReason, providerMetadata, performance } = finished;
  return { request, warnings, response, usage, rawFinishReason, providerMetadata, performance };
}

/**
 * The bound definitions the step sends: B filtered to the visible set. The request and the
 * parsing of tool calls are the same as with all of B and `activeTools` (the SDK filters by
 * `activeTools` before both), but the SDK also walks every tool it is given on every call
 * (telemetry redaction, tool-search state): with thousands of bound tools that walk cost tens
 * of milliseconds per step.
 */
/**
 * The settings as this step sends them: a `toolChoice` naming a tool gets its wire name, and must
 * name a tool of the step's visible set (else the step is not sent: the machine fails the turn).
 *
 * @throws {InvalidOptionError} `toolChoice` names a tool this step does not see.
 */
function stepSettings(settings: ModelCallSettings | undefined, visible: readonly string[], stepIndex: number, toWire: (name: string) => string): Omit<ModelCallSettings, 'stopWhen' | 'toolsContext' | 'runtimeContext'> {
  if (settings === undefined) return {};
  // the turn's own settings: it evaluates stopWhen and runs the tools (with toolsContext) itself
  const { stopWhen: _stopWhen, toolsContext: _toolsContext, runtimeContext: _runtimeContext, ...sent } = settings;
  const choice = sent.toolChoice;
  if (choice === undefined || typeof choice === 'string') return sent;
  if (!visible.includes(choice.toolName)) {
    throw new InvalidOptionError({
      option: 'toolChoice.toolName',
      value: choice.toolName,
      expected: `a tool visible on step ${stepIndex} (${visible.join(', ')}); make it direct or required (requiredTools) to force it from step 0, or use toolChoice 'required'`,
    });
  }
  return { ...sent, toolChoice: { type: 'tool', toolName: toWire(choice.toolName) } };
}

function visibleTools(bound: ToolSet, visible: readonly string[]): ToolSet {
  // no prototype: a visible `__proto__` is an own key, and `constructor` is never Object's (C3)
  const tools: ToolSet = nameKeyedRecord<Tool>();
  for (const name of visible) {
    const tool = ownValue(bound, name);
    if (tool !== undefined) tools[name] = tool;
  }
  return tools;
}

interface StepEnd {
  readonly responseMessages: readonly ModelMessage[];
  readonly finishReason: ModelStepOutput['finishReason'];
  readonly usage: LanguageModelUsage;
}
