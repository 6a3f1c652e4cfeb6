import type { RetryPolicy } from '../../machines/turn-types.js';
import type { ToolCatalog } from '../catalog/create-tool-catalog.js';
import type { CodeModeOptions, ToolMode } from '../code-mode/code-mode-options.js';
import type { ExecutionPipelineSettings } from '../execution/execution-pipeline-settings.js';
import type { PermissionCheck } from '../execution/permission.js';
import type { SearchOptions } from '../search/search-options.js';
import type { AnyToolRanker, RankerDocument, ToolRanker } from '../search/tool-ranker.js';
import type { createClientToolRanker } from '../client-tools/create-client-tool-ranker.js';
import type { createMessageRanker } from './create-message-ranker.js';
import type { TelemetryDispatcher } from '../telemetry/create-telemetry-dispatcher.js';
import type { ProfileBinding } from './create-profile-bindings.js';
import type { TurnBinding } from './create-turn-binding.js';
import type { PrefetchOptions } from './run-prefetch.js';
import type { ModelCallSettings } from './model-call-settings.js';
import type { ToolSearchInputDefinition } from '../tool-search/tool-search-input-schema.js';

/**
 * The runtime-wide parts every turn reads: built once by `createToolSearchRuntime`,
 * immutable, shared by overlapping turns (C19). No turn writes here.
 */
export interface RuntimeShared {
  readonly catalog: ToolCatalog;
  /** Built once from the `ranker` option; synchronous or asynchronous. */
  readonly ranker: AnyToolRanker;
  /**
   * Builds the ranker of a turn's deferred client tools from the `ranker` option, over just
   * their documents, told the send's `clientId` ({@link createClientToolRanker}).
   */
  readonly createClientRanker: (documents: readonly RankerDocument[], clientId: string) => AnyToolRanker;
  /**
   * The synchronous ranker that ranks a turn's user message for `turn.start`'s
   * `userMessageMatches`, given the turn's ranker ({@link createMessageRanker}).
   */
  readonly messageRanker: (turnRanker: AnyToolRanker) => ToolRanker;
  readonly search: SearchOptions;
  /** `tool_search`'s input schema, built once. */
  readonly toolSearchInput: ToolSearchInputDefinition;
  /** False when availability is `off`. */
  readonly searchEnabled: boolean;
  /** The binding of a turn with no ceiling: every bound tool. */
  readonly defaultBinding: TurnBinding;
  /** The binding of each execution profile, by name (C6). */
  readonly profiles: ReadonlyMap<string, ProfileBinding>;
  readonly permission: PermissionCheck | undefined;
  /** The pipeline stages after permission: approver, journal, timeouts, output limit, artifacts (C4). */
  readonly pipeline: ExecutionPipelineSettings;
  /** The `toolMode` option: a turn's mode unless `send()` gives one. */
  readonly toolMode: ToolMode;
  /** The `codeMode` option with its defaults: the limits of each `exec` call. */
  readonly codeMode: CodeModeOptions;
  /** The `prefetch` option, parsed; `undefined` when off (C25). */
  readonly prefetch: PrefetchOptions | undefined;
  /** The `includeRawChunks` option; default `false`. */
  readonly includeRawChunks: boolean;
  /** The `maxUnreadParts` option: each turn stream's backpressure bound, in parts; default 64. */
  readonly maxUnreadParts: number;
  readonly maxSteps: number;
  /** The AI SDK settings of every step; a send's override them (ModelCallSettings). */
  readonly callSettings: ModelCallSettings;
  readonly retry: RetryPolicy;
  readonly telemetry: TelemetryDispatcher;
  readonly now: () => number;
  readonly generateId: () => string;
}
