import type { ToolSet } from 'ai';
import type { RetryPolicy } from '../../machines/turn-types.js';
import type { InventoryOptions } from '../catalog/render-inventory.js';
import type { ToolHints } from '../catalog/tool-hints.js';
import type { PrefetchOptions } from './prefetch-schema.js';
import type { ArtifactStore } from '../execution/artifact-store.js';
import type { OutputLimit } from '../execution/truncate-text.js';
import type { ExecutionJournal } from '../execution/execution-journal.js';
import type { ApprovalStore } from '../execution/approval-store.js';
import type { OperationIdRequest, TimeoutOptions } from '../execution/execution-pipeline-settings.js';
import type { PermissionCheck, ToolApprover } from '../execution/permission.js';
import type { RankerOption } from '../search/resolve-ranker.js';
import type { SearchOptions } from '../search/search-options.js';
import type { TelemetrySink } from '../telemetry/telemetry-sink.js';
import type { CodeModeOptions, ToolMode } from '../code-mode/code-mode-options.js';
import type { ExecutionProfile } from './execution-profile.js';
import type { ModelCallSettings } from './model-call-settings.js';

/**
 * Options of {@link createToolSearchRuntime}. Everything here is fixed for the runtime's
 * life and shared by all turns (C19). Parsed once by RUNTIME_OPTIONS_SCHEMA (runtime-options-schema.ts).
 * The AI SDK settings of {@link ModelCallSettings} are the defaults of every turn's steps;
 * `send()` overrides them (see AI_SDK_PARITY for every `streamText` key, honoured or refused).
 */
export interface ToolSearchRuntimeOptions extends ModelCallSettings {
  /**
   * The bound tools (B, the ceiling, C1): an AI SDK `ToolSet` whose keys are canonical names
   * (`^[a-zA-Z0-9_-]{1,64}$`). `tool_search` is reserved.
   */
  readonly tools: ToolSet;
  /**
   * Group → canonical names, for the inventory (C8). Tools in no group get the group of
   * their source metadata (`sources`), else `other`. Default: no groups.
   */
  readonly groups?: Readonly<Record<string, readonly string[]>>;
  /**
   * Where each tool came from (e.g. the MCP server that offered it); used as its group when
   * `groups` does not name it (C8) and kept for telemetry. Default: none.
   */
  readonly sources?: Readonly<Record<string, string>>;
  /**
   * Canonical name → other names a search finds the tool by (C9): a query equal to one, a
   * `select:` entry naming one, or a query word equal to one ranks the tool first, as its
   * canonical name does. For tools bound under a name other than their own, such as MCP tools
   * behind a gateway (`bindMcpTools().aliases`: `github.create_issue` for
   * `mcp__gateway__github_create_issue`). An alias equal to another tool's canonical name names
   * that tool. The model still sees and calls canonical names only. Default: none.
   */
  readonly aliases?: Readonly<Record<string, readonly string[]>>;
  /**
   * D: the direct tools, sent on every step. Every name must be bound. Default: the baseline
   * of C5 (`Bash, Read, ArchiveRead, Write, Edit, Glob, Grep, WebFetch, AskUserQuestion,
   * StopBackgroundTask`), those of them that are bound and not marked `alwaysLoad: false` in
   * `hints`, then the tools hinted `alwaysLoad` (`hints`, or an MCP tool's `_meta`, C26). A
   * given list is exact: hints neither add to it nor take from it.
   */
  readonly direct?: readonly string[];
  /**
   * Tool name → hints (C26), for any AI SDK tool: `alwaysLoad: true` makes it direct and
   * `false` keeps it deferred (a tool of the C5 baseline too); `searchText` is indexed by the
   * ranker with its description (whitespace collapsed, its first 1,000 characters) and never shown. Each field wins over the tool's MCP `_meta`, of which two keys are read, as
   * Claude Code reads them: `anthropic/alwaysLoad` (`true` → direct) and `anthropic/searchHint`
   * (a string → search text). An explicit `direct` list wins over every `alwaysLoad`: it is
   * then exactly D. Names must be bound. Default: none (the `_meta` hints still count).
   */
  readonly hints?: Readonly<Record<string, ToolHints>>;
  /**
   * `'search'` (default): deferred tools behind `tool_search`. `'off'`: every bound tool is
   * direct and no `tool_search` is offered (C6).
   */
  readonly availability?: 'search' | 'off';
  /**
   * The inventory in `tool_search`'s description (C23). `maxChars`: its budget in characters as
   * sent (JSON-escaped: a line break counts 2), at least 300; default 6,000, which keeps
   * `tool_search`'s complete definition under 8,000 characters for any catalog. When every
   * deferred name fits they are all listed; beyond, groups with counts and a few names, then
   * counts only, then the largest groups (see `renderInventory`); `group:NAME` lists a group on
   * request. `groupDescriptions`: group → a string whose first non-empty line, at most 100
   * characters (cut with `…`), is shown after the group's name when it fits (e.g. `bindMcpTools`'
   * `groupDescriptions`, from each server's instructions). Default: none.
   */
  readonly inventory?: InventoryOptions;
  /** Limits of one `tool_search` call (C10). See {@link SearchOptions} for the defaults. */
  readonly search?: Partial<SearchOptions>;
  /**
   * The ranker behind `tool_search`, built once over the deferred tools (their names,
   * descriptions, groups and input-schema parameters) and shared by all turns (C19):
   * `'hybrid'` (default: exact names first, BM25 fused with name coverage, fuse.js typo
   * correction), `'fuse'` (the first ranker), or a function `(documents) => ranker` for your
   * own: a `ToolRanker`, an `AsyncToolRanker`, or a promise of either, such as
   * `(documents) => createSemanticRanker({ documents, model })` (the catalog is then embedded
   * once, when the runtime is created). The function is called again per turn that offers
   * deferred client tools, over just those, with `{ clientId }` as its second argument
   * (`{}` for the catalog: see `RankerContext`); a client tool named outright is found
   * whatever that ranker answers, one found by what it does only if the ranker ranks the
   * documents it is given. An asynchronous search is bounded by the tool timeout
   * (`timeout.toolMs`, or `timeout.perToolMs.tool_search`); a ranker that rejects or a build
   * that fails makes that search a tool error, and the turn goes on.
   */
  readonly ranker?: RankerOption;
  /**
   * Named execution profiles (C6): each an exact ceiling for the turns that pick it with
   * `send({ profile })`, with optional instructions and per-tool description or schema
   * overrides. `headless-coding` (Bash, Read, Write, Edit, Glob, Grep, those bound) is
   * built in; a profile of the same name replaces it. Default: only `headless-coding`.
   */
  readonly profiles?: Readonly<Record<string, ExecutionProfile>>;
  /**
   * The default tool mode of this runtime's turns; `send({ toolMode })` overrides it per turn.
   * `'code'` adds the `exec` tool to every step (a required tool, C3): JavaScript run in a
   * QuickJS sandbox that calls the step's visible tools as `tools.<name>(input)` through the
   * same pipeline as direct calls (C4, C14). No bound tool may then be named `exec`.
   * Default `'direct'`.
   */
  readonly toolMode?: ToolMode;
  /**
   * Limits of each `exec` call's sandbox in code mode: `timeLimitMs` (wall clock, nested calls
   * included; default 30,000), `memoryLimitBytes` (default 64 MiB, at least 16 MiB) and
   * `maxOutputChars` (console output plus returned JSON; default 20,000). Past one, the call is
   * a tool error and the turn goes on.
   */
  readonly codeMode?: Partial<CodeModeOptions>;
  /**
   * Prefetch (C25), off by default: `{ limit }` runs one search with the text of the user's
   * latest message before step 0 of every turn, and its matches (at most `limit`, clamped to
   * `search.maxLimit`, within `search.maxSchemaChars`, stopping at `search.relevanceFloor` as a
   * search without a limit does: C24) are visible from step 0, in confirm mode
   * too; a `+` starting a word of the message is dropped (`+1` is the user's word). It is recorded as
   * a search with origin `prefetch` (stream, telemetry, report). Skipped when the message has no
   * text. An asynchronous ranker is awaited before step 0, bounded by `timeout.perToolMs.tool_search`
   * (else `timeout.toolMs`) and by the turn's cancellation (a cancel then ends the turn `cancelled`
   * with no request); one that throws, rejects or times out loads nothing and the search record's
   * `failure` says why. `send({ prefetch })` overrides it per turn. Default: off.
   */
  readonly prefetch?: PrefetchOptions | false;
  /**
   * Pass the provider's unprocessed stream chunks on as `raw` parts of `turn.stream` (as
   * `streamText`'s `includeRawChunks`); `send({ includeRawChunks })` overrides it per turn.
   * Default `false`.
   */
  readonly includeRawChunks?: boolean;
  /**
   * Backpressure of `turn.stream`, in parts: while a reader holds the stream (a `getReader()`,
   * `for await`, a pipe or a tee) and this many parts are unread, the turn stops reading the
   * model's stream until the reader reads on — as a slow reader of `streamText`'s `fullStream`
   * holds the model's stream back. A turn nobody reads, or whose reader let go of the stream
   * (`releaseLock()`, `cancel()`, a `break` out of `for await`), never waits: its parts are kept
   * until read. Only the model's output waits; the turn's own parts (`step-start`, tool calls and
   * results, `step-end`, `turn-end`) never do. A whole number ≥ 1. Default 64
   * (`DEFAULT_MAX_UNREAD_PARTS`: a few times `streamText`'s own read-ahead of about a dozen parts).
   */
  readonly maxUnreadParts?: number;
  /** Provider steps per turn; the turn ends `completed` with reason `max-steps`. Default 20. */
  readonly maxSteps?: number;
  /**
   * Retries of a failed provider request, run by the machine with exponential delay, keeping
   * the step's visible set (C16). Default `{ maxAttempts: 3, initialDelayMs: 500 }`.
   */
  readonly retry?: Partial<RetryPolicy>;
  /**
   * Called for every tool call after input validation, direct and discovered alike (C4):
   * `allow`, `deny` (with a reason), or `ask` (the `approver` decides). Default: allow everything.
   */
  readonly permission?: PermissionCheck;
  /**
   * Decides the calls `permission` answered `ask` for, and those whose tool's `needsApproval`
   * is `true` or returns true for the input (e.g. by asking a person), within
   * `timeout.approvalMs`. Throwing or too slow: the call is denied, with the reason. Default:
   * none — a call that needs approval then ends the turn with a `tool-approval-request` the
   * client answers in a later `send()` (C27; a nested call of code mode, which cannot wait, is
   * denied).
   */
  readonly approver?: ToolApprover;
  /**
   * The durable execution record (C4): each call that passed permission is written as started,
   * then completed with its result, under its operation id; a completed call of a retried step
   * is replayed (`replayed: true`) instead of run again. Default: an in-memory journal per
   * runtime (`createMemoryJournal()`, 1,000 entries); give a durable one to survive a crash.
   */
  readonly journal?: ExecutionJournal;
  /**
   * Derives a call's operation id, the journal key; it must be stable across a retry of the
   * same call and unique across calls. Default: `${turnId}:${stepIndex}:${toolCallId}` (C29's
   * idempotency key; a provider may repeat call ids in different steps of a turn).
   */
  readonly operationId?: (request: OperationIdRequest) => string;
  /**
   * Timeouts in milliseconds, `0` for none. `toolMs`: one tool's `execute` (default 120,000);
   * a call that times out is a tool error and its abort signal fires. `perToolMs`: overrides by
   * tool name (bound names, `tool_search`, or code mode's `exec`). `approvalMs`: the approver's answer (default 300,000).
   */
  readonly timeout?: Partial<TimeoutOptions>;
  /**
   * Most of one call's output the model receives (C4): `maxBytes` UTF-8 bytes (default 51,200,
   * i.e. 50 KiB) and `maxLines` lines (default 2,000), each at least 2. Longer output keeps its
   * head and tail (half of each budget) with a note saying what was cut and where the whole is.
   */
  readonly outputLimit?: Partial<OutputLimit>;
  /**
   * Where the whole output of a truncated result is stored (C4); the note tells the model how to
   * read it. `createMemoryArtifactStore()` (default, one per runtime; the model reads through
   * `createArtifactReadTool`), `createFileArtifactStore({ directory })` (the model reads the file
   * with its file tools), your own, or `false` (the cut part is dropped).
   */
  readonly artifactStore?: ArtifactStore | false;
  /**
   * Where the runtime records the calls a turn left open for a person — approval requests and
   * client-side tool calls — so that a later `send()` runs only an answer to a request this
   * runtime issued, once, for the same tool and input (C27). Default: one in-memory store per
   * runtime (`createMemoryApprovalStore()`, 10,000 records); give a shared one when answers may
   * reach another process.
   */
  readonly approvalStore?: ApprovalStore;
  /**
   * HMAC key that signs each `tool-approval-request` (its `signature`) and must verify on the
   * answer, exactly as ai's `experimental_toolApprovalSecret` (C27): an answer whose request was
   * forged or altered in the client's messages is refused before the store is asked. A string or
   * bytes, not empty. Default: none (the store alone decides).
   */
  readonly toolApprovalSecret?: string | Uint8Array;
  /**
   * Where telemetry records go (C21): one sink or several — `callbackSink`, `jsonlFileSink`,
   * `openTelemetrySink`, or your own. Sinks never break or delay a turn. Default: none.
   */
  readonly telemetry?: TelemetrySink | readonly TelemetrySink[];
  /**
   * Told once per sink when it throws or rejects; the sink keeps receiving records.
   * Default: one `console.warn` per failing sink.
   */
  readonly onSinkError?: (error: unknown, sink: TelemetrySink) => void;
  /** Clock in ms since the epoch, for durations and records. Default `Date.now`. */
  readonly now?: () => number;
  /** Id source for turn ids. Default: random ids from the AI SDK's `generateId`. */
  readonly generateId?: () => string;
}

// The send input and the turn's result types live in send-input.ts and turn-result.ts.
export type { ResumeInput, RequiredToolsFunction, RequiredToolsState, SendInput } from './send-input.js';
export type { Turn, TurnResult, TurnStepRecord } from './turn-result.js';
