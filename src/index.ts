// The runtime: build once, run a turn per send() (design.md).
export { createToolSearchRuntime } from './runtime/create-tool-search-runtime.js';
export type { ToolSearchRuntime } from './runtime/create-tool-search-runtime.js';
export type { ResumeInput, SendInput, ToolSearchRuntimeOptions, Turn, TurnResult, TurnStepRecord } from './runtime/runtime-options.js';
export type { TurnSnapshot } from './runtime/turn-snapshot.js';
export type { CatalogFingerprint } from './runtime/catalog-fingerprint.js';
export type { SearchRecord, TurnStreamPart } from './runtime/turn-stream-part.js';

// The bound catalog and inventory (C1, C5, C7, C8).
export { createToolCatalog } from './catalog/create-tool-catalog.js';
export type { ToolCatalog, ToolCatalogOptions } from './catalog/create-tool-catalog.js';
export type { CatalogEntry } from './catalog/catalog-entry.js';
export { DEFAULT_DIRECT_TOOLS } from './catalog/default-direct-tools.js';
export { renderInventory } from './catalog/render-inventory.js';

// Search (C9, C10).
export { createFuseRanker } from './search/create-fuse-ranker.js';
export { selectActivations } from './search/select-activations.js';
export { DEFAULT_SEARCH_OPTIONS } from './search/search-options.js';
export type { SearchOptions } from './search/search-options.js';
export type { AnyToolRanker, AsyncToolRanker, RankedTool, RankerDocument, RankerParameter, RankOptions, ToolRanker } from './search/tool-ranker.js';
export { createHybridRanker, DEFAULT_FIELD_BOOSTS, DEFAULT_FUSION_WEIGHTS, NAMED_TOOL_SCORE } from './search/create-hybrid-ranker.js';
export type { FieldBoosts, FusionWeights, HybridRankerOptions } from './search/create-hybrid-ranker.js';
export { createSemanticRanker } from './search/create-semantic-ranker.js';
export type { SemanticFusionWeights, SemanticRankerOptions } from './search/create-semantic-ranker.js';
export { createEmbeddingCache } from './search/embedding-cache.js';
export type { EmbeddingCache } from './search/embedding-cache.js';
export { rankerDocumentOf } from './search/ranker-document-of.js';
export type { RankerOption } from './search/resolve-ranker.js';
export { TOOL_SEARCH_NAME } from '../machines/turn-machine.js';
export { TOOL_SEARCH_WIRE_ALIAS } from './tool-search/tool-search-wire-names.js';

// The execution pipeline (C4): permission and approval, the journal, timeouts, output bounding, artifacts.
export type {
  ApprovalDecision,
  ApprovalRequest,
  PermissionCheck,
  PermissionDecision,
  PermissionRequest,
  ToolApprover,
  ToolOrigin,
} from './execution/permission.js';
export { executeToolCall } from './execution/execute-tool-call.js';
export type { StepExecutionContext } from './execution/step-execution-context.js';
export { createMemoryJournal, DEFAULT_MEMORY_JOURNAL_MAX_ENTRIES } from './execution/create-memory-journal.js';
export type { MemoryJournal } from './execution/create-memory-journal.js';
export type { ExecutionJournal, ExecutionJournalEntry, JournaledCall, JournaledResult } from './execution/execution-journal.js';
export { DEFAULT_TIMEOUTS, defaultOperationId } from './execution/execution-pipeline-settings.js';
export type { OperationIdRequest, TimeoutOptions } from './execution/execution-pipeline-settings.js';
export { boundText, DEFAULT_OUTPUT_LIMIT } from './execution/bound-text.js';
export type { OutputLimit, TextCut } from './execution/bound-text.js';
export { createMemoryArtifactStore, DEFAULT_MEMORY_ARTIFACT_MAX_BYTES } from './execution/create-memory-artifact-store.js';
export type { MemoryArtifactStore } from './execution/create-memory-artifact-store.js';
export { createFileArtifactStore } from './execution/create-file-artifact-store.js';
export { createArtifactReadTool, ARTIFACT_READ_TOOL_NAME } from './execution/create-artifact-read-tool.js';
export type { Artifact, ArtifactReference, ArtifactStore } from './execution/artifact-store.js';
export type { ToolCallOutcome, TurnError, TurnFinishReason, TurnToolResult, RetryPolicy } from '../machines/turn-types.js';

// Errors: configuration mistakes, each with a stable `code`.
export { TurnscopeError } from './errors/turnscope-error.js';
export { ClientToolNameCollisionError } from './errors/client-tool-name-collision-error.js';
export { ConflictingGroupError } from './errors/conflicting-group-error.js';
export { InvalidOptionError } from './errors/invalid-option-error.js';
export { InvalidToolNameError, TOOL_NAME_PATTERN } from './errors/invalid-tool-name-error.js';
export { ReservedToolNameError } from './errors/reserved-tool-name-error.js';
export { UnboundToolError } from './errors/unbound-tool-error.js';
export { InvalidSnapshotError } from './errors/invalid-snapshot-error.js';
export { SnapshotCatalogMismatchError } from './errors/snapshot-catalog-mismatch-error.js';
// Not a configuration mistake: the embedding model failed; in a turn, a tool error for that search.
export { CatalogEmbeddingError } from './errors/catalog-embedding-error.js';
// Not thrown: a requiredTools function that failed ends its turn `failed`; result.error carries it.
export { RequiredToolsError } from './errors/required-tools-error.js';

// MCP: bind the tools of MCP servers (started over stdio, or clients you created) as deferred tools grouped by server (C8).
export { bindMcpTools, DEFAULT_MCP_START_TIMEOUT_MS } from './mcp/bind-mcp-tools.js';
export type { BindMcpToolsOptions, BoundMcpTools } from './mcp/bind-mcp-tools.js';
export type { McpClientConfig, McpServerConfig } from './mcp/mcp-server-config.js';
export { canonicalMcpToolName } from './mcp/canonical-mcp-tool-name.js';
export { nodePackageMcpServer } from './mcp/node-package-mcp-server.js';
export { McpServerStartError } from './mcp/mcp-server-start-error.js';
export { McpToolNameCollisionError } from './mcp/mcp-tool-name-collision-error.js';

// Telemetry (C21) and the report (C22, S14).
export { callbackSink } from './telemetry/callback-sink.js';
export { jsonlFileSink } from './telemetry/jsonl-file-sink.js';
export type { JsonlFileSink } from './telemetry/jsonl-file-sink.js';
export { openTelemetrySink } from './telemetry/open-telemetry-sink.js';
export type { TelemetrySink } from './telemetry/telemetry-sink.js';
export { TELEMETRY_RECORD_TYPES } from './telemetry/telemetry-record.js';
export type {
  MachineTransitionRecord,
  SearchEndRecord,
  StepEndRecord,
  StepStartRecord,
  TelemetryRecord,
  TelemetryToolOrigin,
  ToolExecutionEndRecord,
  ToolExecutionStartRecord,
  TurnEndRecord,
  TurnStartRecord,
} from './telemetry/telemetry-record.js';
export { parseTrace } from './report/parse-trace.js';
export type { ParsedTrace } from './report/parse-trace.js';
export { summarizeTrace } from './report/summarize-trace.js';
export { formatReport } from './report/format-report.js';
export type { TraceSummary, TraceTotals, TurnSummary } from './report/trace-summary.js';

// Ceilings and required tools (C3, C6): execution profiles and orchestration presets.
export { HEADLESS_CODING_PROFILE, HEADLESS_CODING_TOOLS } from './runtime/execution-profile.js';
export type { ExecutionProfile, ToolOverride } from './runtime/execution-profile.js';
export { REQUIRED_TOOL_PRESETS } from './runtime/required-tool-presets.js';
export type { RequiredToolPreset } from './runtime/required-tool-presets.js';
export type { RequiredToolsFunction, RequiredToolsState } from './runtime/runtime-options.js';

// Code mode: the exec tool, JavaScript in a QuickJS sandbox calling tools through the same pipeline.
export { EXEC_TOOL_NAME, DEFAULT_CODE_MODE_OPTIONS, MIN_CODE_MODE_MEMORY_BYTES } from './code-mode/code-mode-options.js';
export type { CodeModeOptions, ToolMode } from './code-mode/code-mode-options.js';
export { execModelView } from './code-mode/create-exec-tool.js';
export type { ExecOutput } from './code-mode/create-exec-tool.js';
export { runDurableTurn } from './durable/run-durable-turn.js';
export type { DurableRuntimeOptions, DurableSendInput } from './durable/run-durable-turn.js';
export type { DurableStepRunner } from './durable/durable-step-runner.js';
export { createMemoryStepRunner } from './durable/create-memory-step-runner.js';
export type { MemoryStepRunner } from './durable/create-memory-step-runner.js';
export { durableModel } from './durable/durable-model.js';
export type { RecordedModelCall } from './durable/durable-model.js';
export { durableTools, operationIdOf } from './durable/durable-tools.js';
export type { DurableToolExecutionOptions, RecordedToolCall } from './durable/durable-tools.js';
