import { z } from 'zod';
import { generateId as generateRandomId, type ToolSet } from 'ai';
import { MAX_TIMER_DELAY_MS, TURN_DEFAULTS } from '../../machines/turn-defaults.js';
import { retryDelayMs } from '../../machines/retry-delay-ms.js';
import type { RetryPolicy } from '../../machines/turn-types.js';
import { MIN_INVENTORY_MAX_CHARS, type InventoryOptions } from '../catalog/render-inventory.js';
import type { ToolHints } from '../catalog/tool-hints.js';
import { CODE_MODE_OPTIONS_SCHEMA, TOOL_MODE_SCHEMA, type CodeModeOptions, type ToolMode } from '../code-mode/code-mode-options.js';
import { PIPELINE_OPTION_SCHEMAS, type ParsedPipelineOptions } from '../execution/execution-pipeline-settings.js';
import type { PermissionCheck } from '../execution/permission.js';
import { checkedElsewhere, functionOption, nameKeyedRecord, strictOptions, wholeNumber, withMethods } from '../options/option-fields.js';
import { parseOptions } from '../options/parse-options.js';
import type { RankerOption } from '../search/resolve-ranker.js';
import type { SearchOptions } from '../search/search-options.js';
import type { TelemetrySink } from '../telemetry/telemetry-sink.js';
import type { ExecutionProfile } from './execution-profile.js';
import type { ToolSearchRuntimeOptions } from './runtime-options.js';
import { PREFETCH_SCHEMA, type PrefetchOptions } from './prefetch-schema.js';
import { DEFAULT_MAX_UNREAD_PARTS } from './part-queue.js';
import { SEND_INPUT_NAMES } from './option-names.js';
import { REFUSED_AI_SDK_SETTINGS, REFUSED_AI_SDK_TIMEOUT_KEYS } from './ai-sdk-parity.js';
import { MODEL_CALL_SETTINGS_SHAPE, modelCallSettingsOf, type ModelCallSettings } from './model-call-settings.js';

const atLeastOne = wholeNumber('a whole number ≥ 1', 1);

const SEARCH_SCHEMA = strictOptions({
  defaultLimit: atLeastOne.default(TURN_DEFAULTS.search.defaultLimit),
  maxLimit: atLeastOne.default(TURN_DEFAULTS.search.maxLimit),
  maxSchemaChars: atLeastOne.default(TURN_DEFAULTS.search.maxSchemaChars),
  maxQueryChars: atLeastOne.default(TURN_DEFAULTS.search.maxQueryChars),
  relevanceFloor: z
    .number({ error: "a number from 0 (no floor) up to but not including 1, a fraction of the best match's score" })
    .min(0, { error: "a number from 0 (no floor) up to but not including 1, a fraction of the best match's score" })
    .lt(1, { error: "a number from 0 (no floor) up to but not including 1, a fraction of the best match's score" })
    .default(TURN_DEFAULTS.search.relevanceFloor),
  relevanceFloorSlope: z
    .number({ error: 'a finite number ≥ 0 (0: the same floor for every definition size)' })
    .min(0, { error: 'a finite number ≥ 0 (0: the same floor for every definition size)' })
    .finite({ error: 'a finite number ≥ 0 (0: the same floor for every definition size)' })
    .default(TURN_DEFAULTS.search.relevanceFloorSlope),
  relevanceFloorNameWeight: z
    .number({ error: "a finite number ≥ 0 (0: the floor does not drop for a match whose name has more of the query than the best match's)" })
    .min(0, { error: "a finite number ≥ 0 (0: the floor does not drop for a match whose name has more of the query than the best match's)" })
    .finite({ error: "a finite number ≥ 0 (0: the floor does not drop for a match whose name has more of the query than the best match's)" })
    .default(TURN_DEFAULTS.search.relevanceFloorNameWeight),
  mode: z
    .enum(['load', 'confirm'], { error: "'load' (a search activates its matches) or 'confirm' (a search lists candidates; select: loads them)" })
    .default(TURN_DEFAULTS.search.mode),
})
  .prefault({})
  .superRefine((search, context) => {
    if (search.defaultLimit > search.maxLimit) context.addIssue({ code: 'custom', path: ['defaultLimit'], message: `at most search.maxLimit (${search.maxLimit})` });
  })
  .transform((search): SearchOptions => Object.freeze(search));

const RETRY_SCHEMA = strictOptions({
  maxAttempts: atLeastOne.default(TURN_DEFAULTS.retry.maxAttempts),
  initialDelayMs: z
    .number({ error: 'a number of milliseconds ≥ 0' })
    .min(0, { error: 'a number of milliseconds ≥ 0' })
    .default(TURN_DEFAULTS.retry.initialDelayMs),
})
  .prefault({})
  .superRefine((retry, context) => {
    const longestDelayMs = retry.maxAttempts < 2 ? 0 : retryDelayMs(retry, retry.maxAttempts - 1);
    if (longestDelayMs > MAX_TIMER_DELAY_MS) {
      context.addIssue({
        code: 'custom',
        path: ['initialDelayMs'],
        message: `a delay whose last doubling (${longestDelayMs} ms) stays within ${MAX_TIMER_DELAY_MS} ms, the longest timer Node.js honours`,
      });
    }
  })
  .transform((retry): RetryPolicy => Object.freeze(retry));

const INVENTORY_SCHEMA = strictOptions({
  maxChars: wholeNumber(`a whole number of characters ≥ ${MIN_INVENTORY_MAX_CHARS}`, MIN_INVENTORY_MAX_CHARS).optional(),
  groupDescriptions: nameKeyedRecord(z.string({ error: 'a string' }), 'an object of group name → one-line description').optional(),
})
  .prefault({})
  .transform((inventory): InventoryOptions => Object.freeze(Object.fromEntries(Object.entries(inventory).filter(([, value]) => value !== undefined))));

const SINK_SCHEMA = withMethods<TelemetrySink>(['record'], 'a sink: an object with a record(record) method');

/**
 * The one schema of `createToolSearchRuntime(options)` (zod `z.strictObject`): an unknown key is
 * a typo (the likely option named) or a `send()` input given to the runtime; each value is
 * checked and given its default (TURN_DEFAULTS). The binding options (`tools`, `groups`,
 * `sources`, `aliases`, `direct`, `hints`, `profiles`) and `ranker` are checked by the catalog,
 * the profiles and the ranker as they are built, with messages naming the option.
 */
export const RUNTIME_OPTIONS_SCHEMA = z.strictObject(
  {
    tools: checkedElsewhere<ToolSet>(),
    groups: checkedElsewhere<Readonly<Record<string, readonly string[]>> | undefined>(),
    sources: checkedElsewhere<Readonly<Record<string, string>> | undefined>(),
    aliases: checkedElsewhere<Readonly<Record<string, readonly string[]>> | undefined>(),
    direct: checkedElsewhere<readonly string[] | undefined>(),
    hints: checkedElsewhere<Readonly<Record<string, ToolHints>> | undefined>(),
    availability: z.enum(['search', 'off'], { error: "'search' or 'off'" }).default(TURN_DEFAULTS.availability),
    inventory: INVENTORY_SCHEMA,
    search: SEARCH_SCHEMA,
    ranker: checkedElsewhere<RankerOption | undefined>(),
    profiles: checkedElsewhere<Readonly<Record<string, ExecutionProfile>> | undefined>(),
    toolMode: TOOL_MODE_SCHEMA.default(TURN_DEFAULTS.toolMode),
    codeMode: CODE_MODE_OPTIONS_SCHEMA,
    prefetch: PREFETCH_SCHEMA,
    includeRawChunks: z.boolean({ error: 'true or false' }).default(false),
    maxUnreadParts: atLeastOne.default(DEFAULT_MAX_UNREAD_PARTS),
    maxSteps: atLeastOne.default(TURN_DEFAULTS.maxSteps),
    retry: RETRY_SCHEMA,
    permission: functionOption<PermissionCheck>().optional(),
    ...PIPELINE_OPTION_SCHEMAS,
    telemetry: z
      .union([z.array(SINK_SCHEMA), SINK_SCHEMA.transform((sink) => [sink])], { error: 'a sink (an object with a record(record) method) or a list of sinks' })
      .default([])
      .transform((sinks): readonly TelemetrySink[] => Object.freeze([...sinks])),
    onSinkError: functionOption<(error: unknown, sink: TelemetrySink) => void>().optional(),
    now: functionOption<() => number>().default(() => Date.now),
    generateId: functionOption<() => string>().default(() => generateRandomId),
    ...MODEL_CALL_SETTINGS_SHAPE,
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'an object with at least `tools`' : undefined) },
);

/** `createToolSearchRuntime`'s options as {@link RUNTIME_OPTIONS_SCHEMA} resolved them: frozen, defaults applied. */
export interface ResolvedRuntimeOptions extends ParsedPipelineOptions {
  /** Checked by the catalog as it is built. */
  readonly tools: ToolSet;
  readonly groups?: Readonly<Record<string, readonly string[]>> | undefined;
  readonly sources?: Readonly<Record<string, string>> | undefined;
  readonly aliases?: Readonly<Record<string, readonly string[]>> | undefined;
  readonly direct?: readonly string[] | undefined;
  readonly hints?: Readonly<Record<string, ToolHints>> | undefined;
  readonly availability: 'search' | 'off';
  readonly inventory: InventoryOptions;
  readonly search: SearchOptions;
  readonly ranker?: RankerOption | undefined;
  readonly profiles?: Readonly<Record<string, ExecutionProfile>> | undefined;
  readonly toolMode: ToolMode;
  readonly codeMode: CodeModeOptions;
  /** `undefined`: off. */
  readonly prefetch: PrefetchOptions | undefined;
  readonly includeRawChunks: boolean;
  readonly maxUnreadParts: number;
  readonly maxSteps: number;
  readonly retry: RetryPolicy;
  readonly permission?: PermissionCheck | undefined;
  readonly telemetry: readonly TelemetrySink[];
  readonly onSinkError?: ((error: unknown, sink: TelemetrySink) => void) | undefined;
  readonly now: () => number;
  readonly generateId: () => string;
  /** The AI SDK settings of every step (ModelCallSettings), a send's override them; absent keys not sent. */
  readonly callSettings: ModelCallSettings;
}

/**
 * Parses `createToolSearchRuntime`'s options once (RUNTIME_OPTIONS_SCHEMA) into the frozen
 * object the runtime trusts: nothing downstream checks them again.
 *
 * @throws {InvalidOptionError} the first problem: an unknown key (with the likely one, e.g.
 *   `maxStep` → `maxSteps`, `timeout.toolMS` → `timeout.toolMs`, or the `send()` input it is), a
 *   value of the wrong type or out of range, naming the option's path.
 */
export function parseRuntimeOptions(options: ToolSearchRuntimeOptions): ResolvedRuntimeOptions {
  const parsed = parseOptions(RUNTIME_OPTIONS_SCHEMA, options, {
    root: 'options',
    elsewhere: { names: SEND_INPUT_NAMES, place: 'send(input)', here: 'createToolSearchRuntime(options)' },
    refused: new Map([...REFUSED_AI_SDK_SETTINGS, ...REFUSED_AI_SDK_TIMEOUT_KEYS]),
  });
  // `tools` is checked by the catalog (a missing one named there, with what to pass)
  return Object.freeze({ ...(parsed as typeof parsed & { readonly tools: ToolSet }), callSettings: Object.freeze(modelCallSettingsOf(parsed)) });
}

// Compile-time check that the schema has a key for every documented option, and no other.
type Keys<Shape> = keyof Shape & string;
const everyOptionParsed: [Exclude<keyof ToolSearchRuntimeOptions, Keys<typeof RUNTIME_OPTIONS_SCHEMA.shape>>, Exclude<Keys<typeof RUNTIME_OPTIONS_SCHEMA.shape>, keyof ToolSearchRuntimeOptions>] extends [never, never] ? true : never = true;
void everyOptionParsed;
