import { z } from 'zod';
import type { LanguageModelCallOptions, OutputInterface, RequestOptions, StopCondition, StreamTextTransform, ToolCallRepairFunction, ToolChoice, ToolSet, streamText } from 'ai';
import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { Context } from '@ai-sdk/provider-utils';
import type { TurnStopWhen } from './stop-when-steps.js';
import { functionOption, nameKeyedRecord, strictOptions, wholeNumber, withMethods } from '../options/option-fields.js';

type StreamTextOptions = Parameters<typeof streamText>[0];

/**
 * The `streamText` settings a turn honours, typed with the AI SDK's own types: each is a
 * runtime default (`createToolSearchRuntime`) and a per-`send()` / `resume()` override, and goes
 * into every step's `streamText` call of the turn.
 *
 * - Call settings (`LanguageModelCallOptions`): `maxOutputTokens`, `temperature`, `topP`, `topK`,
 *   `presencePenalty`, `frequencyPenalty`, `stopSequences`, `seed`, `reasoning`.
 * - `headers`: extra HTTP headers of every request; merged by name with the runtime's (a send's
 *   header wins, `undefined` drops one).
 * - `providerOptions`: by provider (`{ openai: { reasoningEffort } }`, `{ anthropic: { thinking } }`);
 *   deep-merged with the runtime's as ai's `defaultSettingsMiddleware` merges them (a send's value
 *   wins key by key; a provider's options the send does not give stay).
 * - `toolChoice`: `'auto'` (default), `'none'`, `'required'` (the model must call a visible tool:
 *   when only `tool_search` and direct tools are visible, that is one of them — usually a search),
 *   or `{ type: 'tool', toolName }`. A named tool must be in the turn's ceiling (else `send()`
 *   throws UnboundToolError) and visible on each step it applies to: on a step where it is not
 *   visible the turn fails before that step's request (reason `model-error`, error
 *   `InvalidOptionError` naming the tool and the step's visible set). Make it direct or required
 *   to force it from step 0.
 * - `repairToolCall`: `streamText`'s repair of a call that failed to parse; a repaired call still
 *   goes through the availability guard and the pipeline (C3, C4). `experimental_repairToolCall`
 *   is its older name and is accepted for it.
 * - `experimental_transform`: stream transforms (e.g. `smoothStream()`) applied to every step's
 *   stream before the turn reads it; a transform must pass tool-call, error and finish parts on.
 * - `experimental_download`: how URLs in the prompt are fetched.
 * - `output`: a structured final answer, parsed into `result.output`.
 * - `stopWhen`: ai's `StopCondition` (`isStepCount(n)` / `stepCountIs(n)`, `hasToolCall(name)`,
 *   your own), or an array of them (any true stops). Evaluated by the turn, not sent: at each step
 *   boundary, after the step's tool calls settled (a step without calls ends the turn anyway),
 *   with `{ steps }` as stopWhenSteps gives them; an async condition is awaited. True ends the
 *   turn `completed` with reason `stop-condition` — no further request — unless a call of the
 *   step awaits a person (then `awaiting-approval` / `awaiting-client`, and it is not asked).
 *   `maxSteps` still bounds the turn. A condition that throws or rejects fails the turn (reason
 *   `execution-error`, error `StopConditionError`, code `stop-condition`, message
 *   "stopWhen threw after step N: …").
 *
 * - `toolsContext`: by tool name, the `context` that tool's `execute` receives (as `streamText`
 *   gives `toolsContext[toolName]`), checked against the tool's `contextSchema` when it has one (a
 *   context that does not match is the call's tool error, outcome `error`); merged by tool name
 *   with the runtime's (a send's entry replaces the runtime's). Every `execute` the pipeline calls
 *   gets it, nested code-mode calls too; a tool without an entry gets `context: undefined`.
 * - `runtimeContext`: your object for the turn, on each of `stopWhen`'s steps (`runtimeContext`),
 *   as `streamText` puts it on its steps; `streamText` does not give it to `execute`, and neither does a turn.
 *   A send's replaces the runtime's.
 * `stopWhen`, `toolsContext` and `runtimeContext` are the turn's, not sent with a request.
 *
 * A setting given nowhere is not sent (the provider's default).
 */
export interface ModelCallSettings
  extends Pick<LanguageModelCallOptions, 'maxOutputTokens' | 'temperature' | 'topP' | 'topK' | 'presencePenalty' | 'frequencyPenalty' | 'stopSequences' | 'seed' | 'reasoning'> {
  readonly headers?: RequestOptions<ToolSet>['headers'];
  readonly providerOptions?: SharedV4ProviderOptions;
  readonly toolChoice?: ToolChoice<ToolSet>;
  readonly repairToolCall?: ToolCallRepairFunction<ToolSet>;
  /** @deprecated the AI SDK's older name of `repairToolCall`; accepted for it. */
  readonly experimental_repairToolCall?: ToolCallRepairFunction<ToolSet>;
  readonly experimental_transform?: StreamTextOptions['experimental_transform'];
  readonly experimental_download?: StreamTextOptions['experimental_download'];
  /**
   * A structured final answer (`Output.object({ schema })`, `Output.array(…)`, …): its response
   * format goes with every step's request, and the last step's text is parsed into
   * `result.output` (parseTurnOutput).
   */
  readonly output?: OutputInterface;
  readonly stopWhen?: TurnStopWhen;
  readonly toolsContext?: Readonly<Record<string, Context>>;
  readonly runtimeContext?: Context;
}

const aNumber = z.number({ error: 'a finite number' }).optional();
const plainObject = (expected: string) =>
  z.custom<Record<string, unknown>>((value) => value !== null && typeof value === 'object' && !Array.isArray(value), { error: expected });

/** The schema fields of {@link ModelCallSettings}, in the runtime options' and the send input's schemas. */
export const MODEL_CALL_SETTINGS_SHAPE = {
  maxOutputTokens: wholeNumber('a whole number of tokens ≥ 1', 1).optional(),
  temperature: aNumber,
  topP: aNumber,
  topK: aNumber,
  presencePenalty: aNumber,
  frequencyPenalty: aNumber,
  stopSequences: z.array(z.string({ error: 'a string' }), { error: 'an array of strings' }).optional(),
  seed: wholeNumber('a whole number', Number.MIN_SAFE_INTEGER).optional(),
  reasoning: z
    .enum(['provider-default', 'none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'], {
      error: "'provider-default', 'none', 'minimal', 'low', 'medium', 'high', 'xhigh' or 'max'",
    })
    .optional(),
  headers: nameKeyedRecord(z.string({ error: 'a string (or undefined to drop the header)' }).optional(), 'an object of header name → value').optional(),
  providerOptions: nameKeyedRecord(plainObject('an object of that provider\'s options'), 'an object of provider name → options (e.g. { openai: { reasoningEffort: "low" } })').optional(),
  toolChoice: z
    .union([z.enum(['auto', 'none', 'required']), strictOptions({ type: z.literal('tool', { error: "'tool'" }), toolName: z.string({ error: 'the name of a tool bound to the turn (a string)' }) })], {
      error: "'auto', 'none', 'required', or { type: 'tool', toolName }",
    })
    .optional(),
  repairToolCall: functionOption<ToolCallRepairFunction<ToolSet>>().optional(),
  experimental_repairToolCall: functionOption<ToolCallRepairFunction<ToolSet>>().optional(),
  experimental_transform: z
    .union([functionOption<StreamTextTransform<ToolSet>>(), z.array(functionOption<StreamTextTransform<ToolSet>>())], { error: 'a stream transform (e.g. smoothStream()) or an array of them' })
    .optional(),
  experimental_download: functionOption<NonNullable<StreamTextOptions['experimental_download']>>().optional(),
  stopWhen: z
    .union([functionOption<StopCondition<ToolSet>>(), z.array(functionOption<StopCondition<ToolSet>>())], {
      error: "a stop condition (e.g. isStepCount(3) or hasToolCall('finish') from 'ai') or an array of them",
    })
    .optional(),
  toolsContext: nameKeyedRecord(plainObject('an object (that tool\'s context)'), 'an object of tool name → that tool\'s context').optional(),
  runtimeContext: plainObject('an object (the turn\'s runtime context)').optional(),
  output: withMethods<OutputInterface>(['parseCompleteOutput'], "an AI SDK output (e.g. Output.object({ schema }) from 'ai')").optional(),
} as const;

/** The names of {@link ModelCallSettings}. */
export const MODEL_CALL_SETTING_NAMES = Object.keys(MODEL_CALL_SETTINGS_SHAPE) as (keyof ModelCallSettings)[];

/**
 * A turn's settings: the runtime's, overridden key by key by the send's (`headers` and
 * `toolsContext` merged by name; `providerOptions` deep-merged as ai's `mergeObjects` merges them
 * for `defaultSettingsMiddleware`: a provider's options the send does not give stay), frozen;
 * keys given nowhere are absent. Each side's
 * `experimental_repairToolCall` counts as its `repairToolCall` (the newer name wins on one side,
 * as in streamText), so a send's repair overrides the runtime's under either name; the result
 * has `repairToolCall` only.
 */
export function mergeModelCallSettings(runtimeSettings: ModelCallSettings, sendSettings: ModelCallSettings): ModelCallSettings {
  // each side's repair function first, as streamText reads it (`repairToolCall = experimental_repairToolCall`),
  // so a send's older-name key overrides the runtime's newer one
  const runtime = withOneRepair(runtimeSettings);
  const send = withOneRepair(sendSettings);
  const merged: Record<string, unknown> = {};
  for (const name of MODEL_CALL_SETTING_NAMES) {
    const value = send[name] ?? runtime[name];
    if (value !== undefined) merged[name] = value;
  }
  for (const name of ['headers', 'toolsContext'] as const) {
    if (runtime[name] !== undefined && send[name] !== undefined) merged[name] = Object.freeze({ ...runtime[name], ...send[name] });
  }
  if (runtime.providerOptions !== undefined && send.providerOptions !== undefined) merged.providerOptions = Object.freeze(mergeDeep(runtime.providerOptions, send.providerOptions));
  return Object.freeze(merged) as ModelCallSettings;
}

/**
 * `overrides` merged into `base` as ai's `mergeObjects` (what `defaultSettingsMiddleware` and
 * `prepareStep` use for `providerOptions`) merges: plain objects key by key, recursively; any other
 * value (an array, a string) replaces; an `undefined` override keeps the base's. Keys are own data
 * (a `__proto__` key from JSON stays a key), never the prototype.
 */
function mergeDeep(base: Readonly<Record<string, unknown>>, overrides: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const key of Object.keys(overrides)) {
    const override = overrides[key];
    if (override === undefined) continue;
    const kept = Object.hasOwn(base, key) ? base[key] : undefined;
    const value = isPlainRecord(override) && isPlainRecord(kept) ? mergeDeep(kept, override) : override;
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof RegExp);
}

/** `settings` with `experimental_repairToolCall` read into `repairToolCall` (which wins when both are given, as in streamText). */
function withOneRepair(settings: ModelCallSettings): ModelCallSettings {
  const { experimental_repairToolCall: older, ...rest } = settings;
  const repairToolCall = rest.repairToolCall ?? older;
  return repairToolCall === undefined ? rest : { ...rest, repairToolCall };
}

/** The settings given in a parsed input: its {@link ModelCallSettings} keys only. */
export function modelCallSettingsOf(parsed: Readonly<Record<string, unknown>>): ModelCallSettings {
  return Object.fromEntries(MODEL_CALL_SETTING_NAMES.filter((name) => parsed[name] !== undefined).map((name) => [name, parsed[name]])) as ModelCallSettings;
}
