import type { TurnStatus } from '../../machines/turn-types.js';
import type { ToolCallOutcome, TurnFinishReason } from '../../machines/turn-types.js';
import type { ToolOrigin } from '../execution/permission.js';
import type { SearchRecord } from '../runtime/turn-stream-part.js';

/**
 * Fields every telemetry record carries. `timestamp` is ms since the epoch from the runtime's
 * injected `now` clock; `stepIndex` is 0-based (0 for `turn.start`, the last step for `turn.end`).
 */
export interface RecordBase {
  readonly turnId: string;
  readonly stepIndex: number;
  readonly timestamp: number;
}

/** A turn began (one `send()`). */
export interface TurnStartRecord extends RecordBase {
  readonly type: 'turn.start';
  /** |B|: tools bound for this turn. */
  readonly boundTools: number;
  /** Characters of every bound definition: what one step costs with nothing deferred. */
  readonly boundSchemaChars: number;
  readonly directTools: readonly string[];
  readonly deferredTools: number;
  readonly requiredTools: readonly string[];
  readonly offersToolSearch: boolean;
  /** Set when the turn was resumed from a snapshot (C28): the step it continued at. */
  readonly resumedAtStep?: number;
  /**
   * The best deferred matches of the user's latest message (at most 3, best first, with the
   * ranker's scores) that share two of its words (its one word, for a one-word message) with
   * their name, description, search hint or parameters: the prefetch's ranking (C25), else one ranking made for this record when
   * the ranker is synchronous. Absent when not ranked (no `tool_search`, no text, an
   * asynchronous ranker). The report flags a turn that ended without a search while these
   * existed (a silent miss).
   */
  readonly userMessageMatches?: readonly { readonly name: string; readonly score: number }[];
}

/** A provider request is about to go out (one per attempt; a retry repeats it with `attempt` + 1). C21. */
export interface StepStartRecord extends RecordBase {
  readonly type: 'step.start';
  readonly attempt: number;
  /** The visible set in request order. */
  readonly visible: readonly string[];
  /**
   * Characters of each visible definition, keyed by name in request order; a record with no
   * prototype, so every visible name (`__proto__` too) is an own key. Read it with own-key
   * lookups (`Object.hasOwn`): a trace read back with `JSON.parse` has `Object.prototype`.
   */
  readonly schemaChars: Readonly<Record<string, number>>;
  /** Sum of `schemaChars`. */
  readonly totalSchemaChars: number;
}

/**
 * A search finished successfully (C21): the stream's `search` part as a record, with
 * `requestedLimit` as `null` (JSON has no `undefined`) when none was given. `origin` says who
 * searched: `model` (a `tool_search` call) or `prefetch` (before step 0, C25; `toolCallId`
 * `'prefetch'`).
 */
export interface SearchEndRecord extends RecordBase, Omit<SearchRecord, 'requestedLimit'> {
  readonly type: 'search.end';
  readonly toolCallId: string;
  readonly requestedLimit: number | null;
}

/**
 * How the called tool stood in its step: `direct`, `discovered`, `required`, `search`
 * (`tool_search`), or, for a rejected call, `hidden` (bound, not visible) / `unknown`; `nested`
 * for a call an `exec` call's code made (code mode), whatever its outcome.
 */
export type TelemetryToolOrigin = ToolOrigin | 'hidden' | 'unknown' | 'nested';

/** A tool call entered the execution pipeline. */
export interface ToolExecutionStartRecord extends RecordBase {
  readonly type: 'tool.execution.start';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly origin: TelemetryToolOrigin;
  /**
   * Where the tool came from: its `sources` entry (e.g. the MCP server that offered it) or the
   * `clientId` of a client tool. Absent when not known (no source given, `tool_search`, unknown names).
   */
  readonly source?: string;
  /** For origin `nested`: the `toolCallId` of the `exec` call whose code made this call. */
  readonly parentToolCallId?: string;
}

/** A tool call left the pipeline (C21): every call ends in exactly one of these. */
export interface ToolExecutionEndRecord extends RecordBase {
  readonly type: 'tool.execution.end';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly origin: TelemetryToolOrigin;
  /** As on `tool.execution.start`. */
  readonly source?: string;
  /** As on `tool.execution.start`. */
  readonly parentToolCallId?: string;
  readonly outcome: ToolCallOutcome;
  /**
   * Wall time of the call in milliseconds, from the runtime's `now`. For a `cancelled` call: from
   * its start to the moment the turn closed it; 0 for a call that never started.
   */
  readonly durationMs: number;
  /** The call's operation id, once it reached the durable execution record (passed permission). */
  readonly operationId?: string;
  /** Beside `operationId`: true when the result was replayed from the journal, not run again. */
  readonly replayed?: boolean;
  /** True when the call hit its timeout. */
  readonly timedOut?: boolean;
  /** True when the output the model received was cut (see `omittedBytes` / `omittedLines`). */
  readonly truncated?: boolean;
  /** UTF-8 bytes of the output cut from what the model received; set with `truncated`. */
  readonly omittedBytes?: number;
  /** Whole lines of the output cut from what the model received; set with `truncated`. */
  readonly omittedLines?: number;
  /** Id of the artifact holding the whole output of a truncated result. */
  readonly artifactId?: string;
}

/** The model answered a step and, when it called tools, they all settled. */
export interface StepEndRecord extends RecordBase {
  readonly type: 'step.end';
  readonly finishReason: string;
  readonly toolCalls: number;
}

/** The turn reached a final state. */
export interface TurnEndRecord extends RecordBase {
  readonly type: 'turn.end';
  readonly status: TurnStatus;
  readonly reason: TurnFinishReason;
  /** Steps the model answered. */
  readonly steps: number;
  readonly usage: { readonly inputTokens: number | null; readonly outputTokens: number | null; readonly totalTokens: number | null };
  /** The error message for `failed` and `cancelled`. */
  readonly error?: string;
}

/** The turn actor changed state (from xstate inspection), for replay in the visualizer. */
export interface MachineTransitionRecord extends RecordBase {
  readonly type: 'machine.transition';
  /** The state value, dotted: `awaitingStep.requesting`, `executingStep`, `completed`, … */
  readonly state: string;
  /** The event that caused it (`xstate.init`, `ACTIVATE`, `STEP_BOUNDARY`, …). */
  readonly event: string;
}

/** Every record the runtime emits, discriminated by `type` (dotted noun.verb, STYLE 10). */
export type TelemetryRecord =
  | TurnStartRecord
  | StepStartRecord
  | SearchEndRecord
  | ToolExecutionStartRecord
  | ToolExecutionEndRecord
  | StepEndRecord
  | TurnEndRecord
  | MachineTransitionRecord;

/** The record types, for parsers that must skip unknown ones. */
export const TELEMETRY_RECORD_TYPES: readonly TelemetryRecord['type'][] = Object.freeze([
  'turn.start',
  'step.start',
  'search.end',
  'tool.execution.start',
  'tool.execution.end',
  'step.end',
  'turn.end',
  'machine.transition',
]);
