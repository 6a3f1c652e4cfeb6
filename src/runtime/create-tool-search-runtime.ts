import { TURN_DEFAULTS } from '../../machines/turn-defaults.js';
import { generateId as generateRandomId } from 'ai';
import { retryDelayMs } from '../../machines/retry-delay-ms.js';
import type { RetryPolicy } from '../../machines/turn-types.js';
import { createToolCatalog, type ToolCatalog } from '../catalog/create-tool-catalog.js';
import { checkToolMode, resolveCodeModeOptions } from '../code-mode/code-mode-options.js';
import { checkExecNameFree } from '../code-mode/create-turn-code-mode.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { ArtifactStore } from '../execution/artifact-store.js';
import type { ExecutionJournal } from '../execution/execution-journal.js';
import { resolvePipelineSettings } from '../execution/execution-pipeline-settings.js';
import { rankerDocumentOf } from '../search/ranker-document-of.js';
import { resolveRanker } from '../search/resolve-ranker.js';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../search/search-options.js';
import type { AnyToolRanker, RankerDocument } from '../search/tool-ranker.js';
import { createTelemetryDispatcher } from '../telemetry/create-telemetry-dispatcher.js';
import { createProfileBindings } from './create-profile-bindings.js';
import { createTurnBinding } from './create-turn-binding.js';
import { createToolSearchInputDefinition } from '../tool-search/tool-search-input-schema.js';
import { validateRuntimeOptions } from './validate-runtime-options.js';
import { checkBoolean } from './check-boolean.js';
import type { ResumeInput, SendInput, ToolSearchRuntimeOptions, Turn } from './runtime-options.js';
import type { RuntimeShared } from './runtime-shared.js';
import { runtimeInternals } from './runtime-internals.js';
import { parsePrefetch } from './run-prefetch.js';
import { resumeTurn, startTurn } from './start-turn.js';

/** A runtime: the immutable catalog, inventory and search index, and `send()` to run turns. */
export interface ToolSearchRuntime {
  /** The bound catalog (C1, C19): read-only. */
  readonly catalog: ToolCatalog;
  /** The inventory text shown in `tool_search`'s description (C7); `''` when nothing is deferred. */
  readonly inventory: string;
  /**
   * The ranker behind `tool_search`, built once from the `ranker` option. Its `rank` returns
   * the list (the built-in rankers) or a promise of it (an asynchronous ranker, or one whose
   * build the option returned as a promise: its `name` is `'pending'` until the build resolves).
   */
  readonly ranker: AnyToolRanker;
  /** The effective search limits (defaults applied). */
  readonly search: SearchOptions;
  /** True when `tool_search` is offered: availability is `search` and a deferred tool exists (C3). */
  readonly offersToolSearch: boolean;
  /** Where the whole outputs of truncated results are (the `artifactStore` option); `undefined` when off. */
  readonly artifactStore: ArtifactStore | undefined;
  /** The durable execution journal (the `journal` option, else this runtime's in-memory one). */
  readonly journal: ExecutionJournal;
  /** Names of the execution profiles `send({ profile })` accepts, `headless-coding` included. */
  readonly profiles: readonly string[];
  /**
   * Starts a turn and returns at once; the turn runs in the background. Overlapping calls
   * share nothing mutable (C17, C19).
   * @throws {InvalidOptionError} / {UnboundToolError} for a bad input, before anything runs
   *   (an unknown input name too, with the likely one: `promt` → `prompt`); for bad
   *   `clientTools` also {ReservedToolNameError}, {InvalidToolNameError} and
   *   {ClientToolNameCollisionError} (see `validateSendInput` for each case). Never for what
   *   fails while the turn runs — a `requiredTools` function (at step 0 too) or an `inspect`
   *   observer that throws: the turn ends `failed` (`execution-error`) and `result` settles.
   */
  send(input: SendInput): Turn;
  /**
   * Continues a turn from a snapshot taken at one of its step boundaries (C28) — a `step-end`
   * part's `snapshot` or `turn.snapshot()`, in this process or another — and returns it as a
   * running {@link Turn}: same turn id, step index, visible and active sets and transcript, so
   * its requests are the ones the uninterrupted turn would have sent. The runtime must bind the
   * same catalog (names and definitions); visibility is re-derived from it, never taken from the
   * snapshot (R is asked of `requiredTools` again). Cancellable, telemetered (`turn.start` has
   * `resumedAtStep`) and visualized like any turn.
   * @throws {InvalidSnapshotError} not a snapshot of version 1 at a step boundary, or of a turn that ended.
   * @throws {SnapshotCatalogMismatchError} taken over another bound catalog; names the tools that differ.
   * @throws {InvalidOptionError} `messages` or `prompt` given, and what `send()` throws for the other inputs.
   */
  resume(input: ResumeInput): Turn;
}


/**
 * Builds the bound catalog, the inventory and the search index once, and returns a runtime
 * whose `send()` runs each turn as its own turn-machine actor (design.md).
 *
 * Defaults: `availability: 'search'`, `direct`: the C5 baseline, `search`:
 * `{ defaultLimit: 5, maxLimit: 20, maxSchemaChars: 65_536, maxQueryChars: 2_000, relevanceFloor: 0.65,
 * mode: 'load' }` (C10, C24),
 * `maxSteps: 20`, `retry: { maxAttempts: 3, initialDelayMs: 500 }`, no permission check, no
 * approver, `timeout: { toolMs: 120_000, approvalMs: 300_000 }`, `outputLimit:
 * { maxBytes: 51_200, maxLines: 2_000 }`, an in-memory journal and artifact store per runtime,
 * `now: Date.now`, `generateId`: the AI SDK's.
 *
 * @throws {ReservedToolNameError} | {InvalidToolNameError} | {UnboundToolError} |
 *   {ConflictingGroupError} | {InvalidOptionError} for a bad binding or option, each with a
 *   message that says how to fix it.
 */
export function createToolSearchRuntime(options: ToolSearchRuntimeOptions): ToolSearchRuntime {
  validateRuntimeOptions(options);
  if (options.availability !== undefined && options.availability !== 'search' && options.availability !== 'off') {
    throw new InvalidOptionError({ option: 'availability', value: options.availability, expected: "'search' or 'off'" });
  }
  const catalog = createToolCatalog(options);
  const search = searchOptions(options.search);
  const maxSteps = positiveInteger('maxSteps', options.maxSteps ?? TURN_DEFAULTS.maxSteps);
  const retry = retryPolicy(options.retry);
  const pipeline = resolvePipelineSettings(options, catalog.bound);
  const toolMode = checkToolMode('toolMode', options.toolMode) ?? 'direct';
  const codeMode = resolveCodeModeOptions(options.codeMode);
  if (toolMode === 'code') checkExecNameFree(catalog.bound);
  const searchEnabled = options.availability !== 'off';
  const toolSearchInput = createToolSearchInputDefinition(search);
  const defaultBinding = createTurnBinding({ catalog, search, toolSearchInput, searchEnabled });
  const profiles = createProfileBindings({ catalog, search, toolSearchInput, searchEnabled, profiles: options.profiles });
  const createRanker = (documents: readonly RankerDocument[]) => resolveRanker(options.ranker, documents);
  const ranker = createRanker(catalog.entries.filter((entry) => entry.kind === 'deferred').map((entry) => rankerDocumentOf(entry)));
  const shared: RuntimeShared = Object.freeze({
    catalog,
    ranker,
    createRanker,
    search,
    toolSearchInput,
    searchEnabled,
    defaultBinding,
    profiles,
    permission: options.permission,
    pipeline,
    toolMode,
    codeMode,
    telemetry: createTelemetryDispatcher({
      sinks: options.telemetry === undefined ? [] : Array.isArray(options.telemetry) ? options.telemetry : [options.telemetry],
      ...(options.onSinkError === undefined ? {} : { onSinkError: options.onSinkError }),
    }),
    prefetch: parsePrefetch('prefetch', options.prefetch),
    includeRawChunks: checkBoolean('includeRawChunks', options.includeRawChunks) ?? false,
    maxSteps,
    retry,
    now: options.now ?? Date.now,
    generateId: options.generateId ?? generateRandomId,
  });
  const runtime: ToolSearchRuntime = Object.freeze({
    catalog,
    inventory: defaultBinding.inventory,
    ranker,
    search,
    artifactStore: pipeline.artifactStore,
    journal: pipeline.journal,
    offersToolSearch: defaultBinding.offerSearch,
    profiles: Object.freeze([...profiles.keys()]),
    send: (input: SendInput) => startTurn(shared, input),
    resume: (input: ResumeInput) => resumeTurn(shared, input),
  });
  runtimeInternals.set(runtime, shared);
  return runtime;
}

function searchOptions(overrides: Partial<SearchOptions> | undefined): SearchOptions {
  const merged = { ...DEFAULT_SEARCH_OPTIONS, ...definedOnly(overrides) };
  const search: SearchOptions = {
    defaultLimit: positiveInteger('search.defaultLimit', merged.defaultLimit),
    maxLimit: positiveInteger('search.maxLimit', merged.maxLimit),
    maxSchemaChars: positiveInteger('search.maxSchemaChars', merged.maxSchemaChars),
    maxQueryChars: positiveInteger('search.maxQueryChars', merged.maxQueryChars),
    relevanceFloor: merged.relevanceFloor,
    mode: merged.mode,
  };
  if (typeof search.relevanceFloor !== 'number' || !(search.relevanceFloor >= 0 && search.relevanceFloor < 1)) {
    throw new InvalidOptionError({ option: 'search.relevanceFloor', value: search.relevanceFloor, expected: 'a number from 0 (no floor) up to but not including 1, a fraction of the best match\'s score' });
  }
  if (search.mode !== 'load' && search.mode !== 'confirm') {
    throw new InvalidOptionError({ option: 'search.mode', value: search.mode, expected: "'load' (a search activates its matches) or 'confirm' (a search lists candidates; select: loads them)" });
  }
  if (search.defaultLimit > search.maxLimit) {
    throw new InvalidOptionError({ option: 'search.defaultLimit', value: search.defaultLimit, expected: `at most search.maxLimit (${search.maxLimit})` });
  }
  return Object.freeze(search);
}

/** The largest delay `setTimeout` honours, in ms (2^31 − 1); a longer one fires at once. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

function retryPolicy(overrides: Partial<RetryPolicy> | undefined): RetryPolicy {
  const merged = { ...TURN_DEFAULTS.retry, ...definedOnly(overrides) };
  const retry: RetryPolicy = {
    maxAttempts: positiveInteger('retry.maxAttempts', merged.maxAttempts),
    initialDelayMs: nonNegative('retry.initialDelayMs', merged.initialDelayMs),
  };
  const longestDelayMs = retry.maxAttempts < 2 ? 0 : retryDelayMs(retry, retry.maxAttempts - 1);
  if (longestDelayMs > MAX_TIMER_DELAY_MS) {
    throw new InvalidOptionError({
      option: 'retry.initialDelayMs',
      value: retry.initialDelayMs,
      expected: `a delay whose last doubling (${longestDelayMs} ms) stays within ${MAX_TIMER_DELAY_MS} ms, the longest timer Node.js honours`,
    });
  }
  return Object.freeze(retry);
}

/** Drops `undefined` values, so `{ defaultLimit: undefined }` means the default, as documented. */
function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

function positiveInteger(option: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new InvalidOptionError({ option, value, expected: 'a whole number ≥ 1' });
  return value;
}

function nonNegative(option: string, value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new InvalidOptionError({ option, value, expected: 'a number of milliseconds ≥ 0' });
  }
  return value;
}

