// turnscope: the core. The optional parts have their own entries: turnscope/mcp (MCP servers),
// turnscope/telemetry (sinks and records), turnscope/report (trace reports), turnscope/code-mode
// (exec tool names and options), turnscope/testing (scripted model), turnscope/machines (turn machine),
// turnscope/ui (UI message streams for useChat).

// The runtime: build once, run a turn per send() (design.md).
export { createToolSearchRuntime } from './runtime/create-tool-search-runtime.js';
export type { ToolSearchRuntime } from './runtime/create-tool-search-runtime.js';
export type { ResumeInput, SendInput, ToolSearchRuntimeOptions, Turn, TurnResult, TurnStepRecord } from './runtime/runtime-options.js';
export type { TurnSnapshot } from './runtime/turn-snapshot.js';
export type { CatalogFingerprint } from './runtime/catalog-fingerprint.js';
export type { ModelOutputPart, SearchRecord, StepResponse, TurnStreamPart } from './runtime/turn-stream-part.js';
export { DEFAULT_MAX_UNREAD_PARTS } from './runtime/part-queue.js';

// The bound catalog and inventory (C1, C5, C7, C8).
export { createToolCatalog } from './catalog/create-tool-catalog.js';
export type { ToolCatalog, ToolCatalogOptions } from './catalog/create-tool-catalog.js';
export type { CatalogEntry } from './catalog/catalog-entry.js';
export { DEFAULT_DIRECT_TOOLS } from './catalog/default-direct-tools.js';
export { renderInventory } from './catalog/render-inventory.js';
// The inventory's budget (C23), tool hints (C26) and prefetch (C25).
export { DEFAULT_INVENTORY_MAX_CHARS } from './catalog/render-inventory.js';
export type { InventoryOptions } from './catalog/render-inventory.js';
export { ALWAYS_LOAD_META_KEY, SEARCH_HINT_META_KEY } from './catalog/tool-hints.js';
export type { ToolHints } from './catalog/tool-hints.js';
export type { PrefetchOptions } from './runtime/run-prefetch.js';

// Search (C9, C10).
export { createFuseRanker } from './search/create-fuse-ranker.js';
export { selectActivations } from './search/select-activations.js';
export { DEFAULT_SEARCH_OPTIONS } from './search/search-options.js';
export type { SearchOptions } from './search/search-options.js';
export type { RankingDrops } from './search/clean-ranking.js';
export type { AnyToolRanker, AsyncToolRanker, RankedTool, RankerDocument, RankerParameter, RankOptions, ToolRanker } from './search/tool-ranker.js';
export { createHybridRanker, DEFAULT_FIELD_BOOSTS, DEFAULT_FUSION_WEIGHTS, NAMED_TOOL_SCORE } from './search/create-hybrid-ranker.js';
export type { FieldBoosts, FusionWeights, HybridRankerOptions } from './search/create-hybrid-ranker.js';
export type { Thesaurus, ThesaurusNeighbour } from './search/decode-thesaurus.js';
export type { ThesaurusOptions, WeakQueryExpansionOptions } from './search/hybrid-ranker-options.js';
export { createSemanticRanker } from './search/create-semantic-ranker.js';
export type { SemanticFusionWeights, SemanticRankerOptions } from './search/create-semantic-ranker.js';
export { createEmbeddingCache } from './search/embedding-cache.js';
export type { EmbeddingCache } from './search/embedding-cache.js';
export { MAX_EMBEDDING_DIMENSIONS } from './search/read-embedding.js';
export { rankerDocumentOf } from './search/ranker-document-of.js';
export type { RankerContext, RankerOption } from './search/resolve-ranker.js';
export { TOOL_SEARCH_NAME } from '../machines/turn-machine.js';
export { TOOL_SEARCH_WIRE_ALIAS } from './tool-search/tool-search-wire-names.js';

// The execution pipeline (C4): permission and approval, the journal, timeouts, output truncation, artifacts.
export type {
  ApprovalDecision,
  ApprovalRequest,
  PermissionCheck,
  PermissionDecision,
  PermissionRequest,
  ToolApprover,
  ToolOrigin,
} from './execution/permission.js';
export { createMemoryJournal, DEFAULT_MEMORY_JOURNAL_MAX_ENTRIES } from './execution/create-memory-journal.js';
export type { MemoryJournal } from './execution/create-memory-journal.js';
export type { ExecutionJournal, ExecutionJournalEntry, JournaledCall, JournaledResult } from './execution/execution-journal.js';
// Calls left open for a person across requests (C27): the approval store and ai-compatible request signatures.
export { createMemoryApprovalStore, DEFAULT_MEMORY_APPROVAL_STORE_MAX_ENTRIES } from './execution/create-memory-approval-store.js';
export type { MemoryApprovalStore } from './execution/create-memory-approval-store.js';
export { openCallId, openCallKey } from './execution/approval-store.js';
export type { ApprovalStore, OpenCallClaim, OpenCallRecord } from './execution/approval-store.js';
export { approvalInputDigest, signToolApproval, verifyToolApproval } from './execution/approval-signature.js';
export { DEFAULT_TIMEOUTS, defaultOperationId } from './execution/execution-pipeline-settings.js';
export type { OperationIdRequest, TimeoutOptions } from './execution/execution-pipeline-settings.js';
export { truncateText, DEFAULT_OUTPUT_LIMIT } from './execution/truncate-text.js';
export type { OutputLimit, TextCut } from './execution/truncate-text.js';
export { createMemoryArtifactStore, DEFAULT_MEMORY_ARTIFACT_MAX_BYTES } from './execution/create-memory-artifact-store.js';
export type { MemoryArtifactStore } from './execution/create-memory-artifact-store.js';
export { createFileArtifactStore } from './execution/create-file-artifact-store.js';
export { createArtifactReadTool, ARTIFACT_READ_TOOL_NAME } from './execution/create-artifact-read-tool.js';
export type { Artifact, ArtifactReference, ArtifactStore } from './execution/artifact-store.js';
export type { ToolCallOutcome, TurnCallAnswer, TurnError, TurnFinishReason, TurnStatus, TurnToolResult, RetryPolicy } from '../machines/turn-types.js';

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
export { MissingPeerDependencyError } from './errors/missing-peer-dependency-error.js';
// Not configuration mistakes: the embedding model failed, or answered with an embedding that cannot rank; in a turn, a tool error for that search.
export { CatalogEmbeddingError } from './errors/catalog-embedding-error.js';
export { InvalidEmbeddingError } from './errors/invalid-embedding-error.js';
// Not thrown: a requiredTools function that failed ends its turn `failed`; result.error carries it.
export { RequiredToolsError } from './errors/required-tools-error.js';

// Ceilings and required tools (C3, C6): execution profiles and orchestration presets.
export { HEADLESS_CODING_PROFILE, HEADLESS_CODING_TOOLS } from './runtime/execution-profile.js';
export type { ExecutionProfile, ToolOverride } from './runtime/execution-profile.js';
export { REQUIRED_TOOL_PRESETS } from './runtime/required-tool-presets.js';
export type { RequiredToolPreset } from './runtime/required-tool-presets.js';
export type { RequiredToolsFunction, RequiredToolsState } from './runtime/runtime-options.js';
export { AI_SDK_PARITY } from './runtime/ai-sdk-parity.js';
export type { AiSdkParity, AiSdkSettingName } from './runtime/ai-sdk-parity.js';
export type { ModelCallSettings } from './runtime/model-call-settings.js';

