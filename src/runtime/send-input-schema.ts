import { z } from 'zod';
import type { LanguageModel, ModelMessage, ToolSet } from 'ai';
import type { InspectionEvent, Observer } from 'xstate';
import { TOOL_MODE_SCHEMA, type ToolMode } from '../code-mode/code-mode-options.js';
import { checkedElsewhere, strictOptions, wholeNumber } from '../options/option-fields.js';
import { parseOptions } from '../options/parse-options.js';
import { RUNTIME_OPTION_NAMES } from './option-names.js';
import { REFUSED_AI_SDK_SETTINGS } from './ai-sdk-parity.js';
import { MODEL_CALL_SETTINGS_SHAPE, mergeModelCallSettings, modelCallSettingsOf, type ModelCallSettings } from './model-call-settings.js';
import { PREFETCH_VALUE_SCHEMA, prefetchOf, type PrefetchOptions } from './prefetch-schema.js';
import { REQUIRED_TOOL_PRESETS } from './required-tool-presets.js';
import type { RequiredToolsFunction, ResumeInput, SendInput } from './send-input.js';

const isNameList = (value: unknown): value is readonly string[] => Array.isArray(value) && value.every((name) => typeof name === 'string');
const PRESET_NAMES = Object.keys(REQUIRED_TOOL_PRESETS);

/** The first inputs `send()` and `resume()` share (problems are reported in shape order). */
const MODEL_SHAPE = {
  model: z.custom<LanguageModel>((value) => value !== undefined && value !== null, { error: 'an AI SDK language model (e.g. openai("gpt-5"))' }),
  instructions: z.string({ error: 'a string' }).optional(),
};

/** The other inputs `send()` and `resume()` share. */
const TURN_INPUT_SHAPE = {
  requiredTools: z
    .custom<readonly string[] | RequiredToolsFunction | string>(
      (value) => value === undefined || isNameList(value) || typeof value === 'function' || (typeof value === 'string' && PRESET_NAMES.includes(value)),
      { error: (issue) => (typeof issue.input === 'string' ? `a list of names, a function, or a preset: ${PRESET_NAMES.join(', ')}` : 'an array of tool names') },
    )
    .optional(),
  boundTools: z.custom<readonly string[]>((value) => value === undefined || isNameList(value), { error: 'an array of tool names' }).optional(),
  // checked against the runtime's profiles and bound tools when the turn's binding is resolved
  profile: checkedElsewhere<string | undefined>(),
  clientTools: checkedElsewhere<ToolSet | undefined>(),
  clientId: checkedElsewhere<string | undefined>(),
  toolMode: TOOL_MODE_SCHEMA.optional(),
  prefetch: PREFETCH_VALUE_SCHEMA,
  includeRawChunks: z.boolean({ error: 'true or false' }).optional(),
  abortSignal: z.instanceof(AbortSignal, { error: 'an AbortSignal (e.g. new AbortController().signal)' }).optional(),
  inspect: z
    .custom<Observer<InspectionEvent> | ((event: InspectionEvent) => void)>(
      (value) => value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null && ['function', 'undefined'].includes(typeof (value as { next?: unknown }).next)),
      { error: 'an xstate inspection observer: a function or an object with next()' },
    )
    .optional(),
  ...MODEL_CALL_SETTINGS_SHAPE,
};

/**
 * The one schema of `send(input)` (zod `z.strictObject`): a misspelled input names the likely
 * one (`promt` → `prompt`), a runtime option given here is named as misplaced; `model` is
 * required; exactly one of `messages` and `prompt`.
 */
export const SEND_INPUT_SCHEMA = strictOptions(
  {
    ...MODEL_SHAPE,
    messages: z.array(z.custom<ModelMessage>(), { error: 'an array of AI SDK ModelMessages, or pass `prompt`' }).optional(),
    prompt: z.string({ error: 'a string' }).optional(),
    ...TURN_INPUT_SHAPE,
    // a resumed turn keeps the maxSteps of its snapshot
    maxSteps: wholeNumber('a whole number ≥ 1', 1).optional(),
  },
  'an object with model and prompt or messages',
).superRefine((input, context) => {
  if (input.messages !== undefined && input.prompt !== undefined) context.addIssue({ code: 'custom', path: ['prompt'], message: 'either `prompt` or `messages`, not both' });
  if (input.messages === undefined && input.prompt === undefined) context.addIssue({ code: 'custom', path: ['messages'], message: 'an array of AI SDK ModelMessages, or pass `prompt`' });
});

const NOTHING = 'nothing: a resumed turn continues the transcript of its snapshot';

/**
 * `resume()`'s `prefetch`: `false` or nothing. The prefetch runs before a new turn's step 0
 * (C25) and a resumed turn is past it, so a `{ limit }` there would be accepted and ignored.
 */
const RESUME_PREFETCH_SCHEMA = z
  .literal(false, { error: 'false or nothing: the prefetch runs before a new turn\'s step 0 (C25) and a resumed turn is past it; give prefetch to send()' })
  .optional();

/** The one schema of `resume(input)`: `send()`'s inputs but `messages` and `prompt` (refused) and a `prefetch` other than `false` (refused), plus `snapshot`. */
export const RESUME_INPUT_SCHEMA = strictOptions(
  {
    snapshot: checkedElsewhere<unknown>(),
    ...MODEL_SHAPE,
    messages: z.undefined({ error: NOTHING }).optional(),
    prompt: z.undefined({ error: NOTHING }).optional(),
    ...TURN_INPUT_SHAPE,
    prefetch: RESUME_PREFETCH_SCHEMA,
  },
  'an object with snapshot and model',
);

/** A `send()` or `resume()` input as its schema resolved it: frozen, the runtime's defaults applied, never checked again. */
export interface ResolvedSendInput {
  readonly model: LanguageModel;
  readonly instructions: string | undefined;
  /** The turn's starting transcript: a copy of `messages`, or `prompt` as one user message; `[]` for a resume. */
  readonly messages: readonly ModelMessage[];
  readonly requiredTools: readonly string[] | RequiredToolsFunction | string | undefined;
  readonly boundTools: readonly string[] | undefined;
  readonly profile: string | undefined;
  readonly clientTools: ToolSet | undefined;
  readonly clientId: string | undefined;
  /** The input's, else the runtime's. */
  readonly toolMode: ToolMode;
  /** The input's, else the runtime's; `undefined`: off. */
  readonly prefetch: PrefetchOptions | undefined;
  /** The input's, else the runtime's. */
  readonly includeRawChunks: boolean;
  readonly abortSignal: AbortSignal | undefined;
  readonly inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;
  /** The runtime's settings overridden by the input's (mergeModelCallSettings). */
  readonly callSettings: ModelCallSettings;
  /** The input's, else the runtime's; for a resume, the snapshot's is kept. */
  readonly maxSteps: number;
}

/** What a turn input falls back to: the runtime's resolved options. */
export interface TurnInputDefaults {
  readonly toolMode: ToolMode;
  readonly prefetch: PrefetchOptions | undefined;
  readonly includeRawChunks: boolean;
  readonly callSettings: ModelCallSettings;
  readonly maxSteps: number;
}

/**
 * Parses a `send()` input once (SEND_INPUT_SCHEMA) into the frozen object the turn trusts.
 *
 * @throws {InvalidOptionError} the first problem, naming the input (see SEND_INPUT_SCHEMA).
 */
export function parseSendInput(input: SendInput, defaults: TurnInputDefaults): ResolvedSendInput {
  const parsed = parseOptions(SEND_INPUT_SCHEMA, input, {
    root: 'send(input)',
    elsewhere: { names: RUNTIME_OPTION_NAMES, place: 'createToolSearchRuntime(options)', here: 'send(input)' },
    refused: REFUSED_AI_SDK_SETTINGS,
  });
  const messages: ModelMessage[] = parsed.prompt !== undefined ? [{ role: 'user', content: parsed.prompt }] : [...parsed.messages!];
  return resolved(parsed, messages, defaults, parsed.maxSteps ?? defaults.maxSteps);
}

/**
 * Parses a `resume()` input once (RESUME_INPUT_SCHEMA): the resolved turn input (no transcript:
 * the snapshot's) and the snapshot, checked when it is restored.
 *
 * @throws {InvalidOptionError} the first problem; `messages` or `prompt` given.
 */
export function parseResumeInput(input: ResumeInput, defaults: TurnInputDefaults): { readonly input: ResolvedSendInput; readonly snapshot: unknown } {
  const parsed = parseOptions(RESUME_INPUT_SCHEMA, input, {
    root: 'resume(input)',
    elsewhere: { names: RUNTIME_OPTION_NAMES, place: 'createToolSearchRuntime(options)', here: 'resume(input)' },
    refused: REFUSED_AI_SDK_SETTINGS,
  });
  return { input: resolved(parsed, [], defaults, defaults.maxSteps), snapshot: parsed.snapshot };
}

function resolved(
  parsed: z.output<typeof RESUME_INPUT_SCHEMA> | z.output<typeof SEND_INPUT_SCHEMA>,
  messages: readonly ModelMessage[],
  defaults: TurnInputDefaults,
  maxSteps: number,
): ResolvedSendInput {
  return Object.freeze({
    model: parsed.model,
    instructions: parsed.instructions,
    messages: Object.freeze(messages),
    requiredTools: parsed.requiredTools,
    boundTools: parsed.boundTools === undefined ? undefined : Object.freeze([...parsed.boundTools]),
    profile: parsed.profile,
    clientTools: parsed.clientTools,
    clientId: parsed.clientId,
    toolMode: parsed.toolMode ?? defaults.toolMode,
    prefetch: parsed.prefetch === undefined ? defaults.prefetch : prefetchOf(parsed.prefetch),
    includeRawChunks: parsed.includeRawChunks ?? defaults.includeRawChunks,
    abortSignal: parsed.abortSignal,
    inspect: parsed.inspect,
    callSettings: mergeModelCallSettings(defaults.callSettings, modelCallSettingsOf(parsed)),
    maxSteps,
  });
}
