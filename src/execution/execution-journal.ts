/**
 * The durable execution record (C4): before a tool runs, the pipeline writes a `started`
 * entry under the call's operation id; when it has a result, a `completed` entry with that
 * result. When a step is retried after a crash (the same turn id, step index and tool call ids,
 * so the same operation ids), a call whose `completed` entry matches (same tool, same input) is not run
 * again: the journal's result is returned, marked `replayed: true`. A call with only a
 * `started` entry (it was running when the process died) runs again: execution is at least
 * once, exactly once only for completed calls. A `not-run` entry (see
 * {@link ExecutionJournalEntry}) runs again too.
 *
 * Implement it over any store (a database row per operation id, a file); both methods may be
 * async, and each is awaited under the call's timeout (`timeout.toolMs`): a journal that does not
 * answer in time ends the call timed out instead of holding the turn. Entries must round-trip what `write` received; `result.output` is the tool's output
 * (anything its `execute` returned), so a store that serialises should use JSON.
 */
export interface ExecutionJournal {
  /** The entry under `operationId`, or `undefined` when there is none. */
  read(operationId: string): ExecutionJournalEntry | undefined | Promise<ExecutionJournalEntry | undefined>;
  /** Stores `entry` under `entry.operationId`, replacing any entry there. */
  write(entry: ExecutionJournalEntry): void | Promise<void>;
}

/** Which call an entry belongs to. */
export interface JournaledCall {
  /** Stable id of the call: `${turnId}:${stepIndex}:${toolCallId}` (C29) unless the runtime's `operationId` option says otherwise. */
  readonly operationId: string;
  readonly turnId: string;
  readonly stepIndex: number;
  readonly toolCallId: string;
  readonly toolName: string;
  /** sha256 (hex) of the validated input as canonical JSON (object keys sorted): a replay needs the same input. */
  readonly inputDigest: string;
  /** When the call started, ms since the epoch from the runtime's `now`. */
  readonly startedAt: number;
}

/** A result the journal keeps: what the execute stage produced, before output truncation. */
export interface JournaledResult {
  readonly outcome: 'ok' | 'error';
  /** The tool's output for `ok`; the error message (or an MCP error result) for `error`. */
  readonly output: unknown;
  /** What the model receives (AI SDK `ToolResultOutput`), before output truncation. */
  readonly modelOutput: unknown;
  /** True when the call hit its timeout. */
  readonly timedOut?: boolean;
}

/**
 * One entry: a call that started, one that completed with its result, or one stopped after its
 * start was recorded and before its `execute` began (`not-run`: the turn ended or the call's
 * timeout passed while the journal recorded the start; the tool did not run, and a retry runs it).
 */
export type ExecutionJournalEntry =
  | (JournaledCall & { readonly status: 'started' })
  | (JournaledCall & { readonly status: 'not-run' })
  | (JournaledCall & { readonly status: 'completed'; readonly completedAt: number; readonly result: JournaledResult });
