import { createToolCatalog, type ToolCatalog } from '../catalog/create-tool-catalog.js';
import { unloadableDeferredTools } from '../catalog/unloadable-deferred-tools.js';
import { checkExecNameFree } from '../code-mode/create-turn-code-mode.js';
import type { ArtifactStore } from '../execution/artifact-store.js';
import type { ExecutionJournal } from '../execution/execution-journal.js';
import { resolvePipelineSettings } from '../execution/execution-pipeline-settings.js';
import { rankerDocumentOf } from '../search/ranker-document-of.js';
import { shortNameAliases } from '../catalog/short-name-aliases.js';
import { resolveRanker } from '../search/resolve-ranker.js';
import { createClientToolRanker } from '../client-tools/create-client-tool-ranker.js';
import type { SearchOptions } from '../search/search-options.js';
import type { AnyToolRanker, RankerDocument } from '../search/tool-ranker.js';
import { createTelemetryDispatcher } from '../telemetry/create-telemetry-dispatcher.js';
import { createMessageRanker } from './create-message-ranker.js';
import { createProfileBindings } from './create-profile-bindings.js';
import { createTurnBinding } from './create-turn-binding.js';
import { createToolSearchInputDefinition } from '../tool-search/tool-search-input-schema.js';
import type { ToolSearchRuntimeOptions } from './runtime-options.js';
import { parseRuntimeOptions } from './runtime-options-schema.js';
import type { ResumeInput, SendInput } from './send-input.js';
import type { Turn } from './turn-result.js';
import type { RuntimeShared } from './runtime-shared.js';
import { runtimeInternals } from './runtime-internals.js';
import { RUNTIME_TOOL_NAMES } from './runtime-tool-names.js';
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
 * Its options are parsed once by one zod schema (RUNTIME_OPTIONS_SCHEMA, `z.strictObject`: a
 * misspelled key names the likely one) into a frozen resolved object, defaults from TURN_DEFAULTS.
 * Defaults: `availability: 'search'`, `direct`: the C5 baseline, `search`:
 * `{ defaultLimit: 5, maxLimit: 20, maxSchemaChars: 65_536, maxQueryChars: 2_000, relevanceFloor: 0.62, relevanceFloorSlope: 0.175,
 * relevanceFloorNameWeight: 0.8, mode: 'load' }` (C10, C24),
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
  const resolved = parseRuntimeOptions(options);
  const catalog = createToolCatalog(resolved);
  const { search } = resolved;
  const pipeline = resolvePipelineSettings(resolved, catalog.bound, RUNTIME_TOOL_NAMES);
  if (resolved.toolMode === 'code') checkExecNameFree(catalog.bound);
  const searchEnabled = resolved.availability !== 'off';
  // a deferred tool no search can load is found but never callable: said once, at construction (C10, C23)
  if (searchEnabled) unloadableDeferredTools(catalog.entries, search.maxSchemaChars);
  const toolSearchInput = createToolSearchInputDefinition(search);
  const defaultBinding = createTurnBinding({ catalog, search, toolSearchInput, searchEnabled });
  const profiles = createProfileBindings({ catalog, search, toolSearchInput, searchEnabled, profiles: resolved.profiles });
  // a name the inventory may list without its group's prefix finds its tool too (C23)
  const shortNames = shortNameAliases(catalog.entries);
  const deferredDocuments = catalog.entries.filter((entry) => entry.kind === 'deferred').map((entry) => {
    const short = shortNames.get(entry.name);
    return rankerDocumentOf(short === undefined ? entry : { ...entry, aliases: [...entry.aliases, short] });
  });
  const ranker = resolveRanker(resolved.ranker, deferredDocuments);
  const shared: RuntimeShared = Object.freeze({
    catalog,
    ranker,
    createClientRanker: (documents: readonly RankerDocument[], clientId: string) => createClientToolRanker({ option: resolved.ranker, documents, clientId }),
    messageRanker: createMessageRanker(ranker, deferredDocuments),
    search,
    toolSearchInput,
    searchEnabled,
    defaultBinding,
    profiles,
    permission: resolved.permission,
    pipeline,
    toolMode: resolved.toolMode,
    codeMode: resolved.codeMode,
    telemetry: createTelemetryDispatcher({
      sinks: resolved.telemetry,
      ...(resolved.onSinkError === undefined ? {} : { onSinkError: resolved.onSinkError }),
    }),
    prefetch: resolved.prefetch,
    includeRawChunks: resolved.includeRawChunks,
    maxUnreadParts: resolved.maxUnreadParts,
    maxSteps: resolved.maxSteps,
    callSettings: resolved.callSettings,
    retry: resolved.retry,
    now: resolved.now,
    generateId: resolved.generateId,
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
