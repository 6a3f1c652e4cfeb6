import type { Tool, ToolSet } from 'ai';
import type { RetryPolicy } from '../../machines/turn-types.js';
import type { ToolCatalog } from '../catalog/create-tool-catalog.js';
import type { ExecutionPipelineSettings } from '../execution/execution-pipeline-settings.js';
import type { PermissionCheck } from '../execution/permission.js';
import type { SearchOptions } from '../search/search-options.js';
import type { ToolRanker } from '../search/tool-ranker.js';
import type { TelemetryDispatcher } from '../telemetry/create-telemetry-dispatcher.js';

/**
 * The runtime-wide parts every turn reads: built once by `createToolSearchRuntime`,
 * immutable, shared by overlapping turns (C19). No turn writes here.
 */
export interface RuntimeShared {
  readonly catalog: ToolCatalog;
  readonly ranker: ToolRanker;
  readonly search: SearchOptions;
  /** True when `tool_search` is offered (C3, C6). */
  readonly offerSearch: boolean;
  /** `tool_search`'s definition, when offered. */
  readonly toolSearch: Tool | undefined;
  /** Size of `tool_search`'s definition in characters, measured like a catalog entry; 0 when not offered. */
  readonly toolSearchSchemaChars: number;
  /** Definitions for `streamText` (no execute). */
  readonly providerTools: ToolSet;
  readonly permission: PermissionCheck | undefined;
  /** The pipeline stages after permission: approver, journal, timeouts, output limit, artifacts (C4). */
  readonly pipeline: ExecutionPipelineSettings;
  readonly maxSteps: number;
  readonly retry: RetryPolicy;
  readonly telemetry: TelemetryDispatcher;
  readonly now: () => number;
  readonly generateId: () => string;
}
