/**
 * Plain data that crosses the boundary between the turn machine and the runtime that
 * provides its actors. Everything here is JSON-serialisable so snapshots, traces and
 * `xstate/graph` can tell states apart. Messages are opaque to the machine (`unknown`):
 * the runtime owns their shape (AI SDK `ModelMessage`), the machine only orders them.
 */

/** One tool call the model produced in a step, as the runtime parsed it. */
export interface TurnToolCall {
  /**
   * Provider-assigned id, unique within its step (a provider may repeat it in another step of
   * the turn). A repeat within one step is renamed by the runtime, see `duplicateOf`.
   */
  readonly toolCallId: string;
  /** The name the model called: not necessarily a bound or visible tool. */
  readonly toolName: string;
  /** Parsed JSON input, or the raw string when the model sent unparsable JSON. */
  readonly input: unknown;
  /** True when the model's input was not valid JSON (then `input` is the raw text). */
  readonly unparsableInput?: boolean;
  /**
   * Set when an earlier call of the same step had this id: the provider's id, while
   * `toolCallId` is the runtime's `<id>_dup<n>`. Such a call never runs; its result is a tool
   * error saying the id was a duplicate.
   */
  readonly duplicateOf?: string;
  /**
   * Set on a call of an answering step (C27): a call an earlier turn left open — awaiting
   * approval or a client's output — and the answer this turn's messages carry for it, not yet
   * checked. The runtime checks it against the requests it issued before anything runs.
   */
  readonly answer?: TurnCallAnswer;
}

/**
 * The answer a request's messages carry for a call an earlier turn left open (C27), as read from
 * the messages (plain data; checked when the answering step runs):
 * - `approval`: a `tool-approval-response` to the `tool-approval-request` `approvalId` (its
 *   `signature` as the request part carries it, if any);
 * - `client-output`: a `tool-result` for a call of a tool without `execute`; `output` is the part's
 *   output (AI SDK `ToolResultOutput`);
 * - `none`: nothing in the messages answers the open call (`approvalId` when it awaited approval);
 * - `refused`: the messages answer it in a way that never counts (a `tool-result` for a call that
 *   awaits approval, or for a call this runtime did not leave open for the client); `why` says so.
 */
export type TurnCallAnswer =
  | { readonly type: 'approval'; readonly approvalId: string; readonly approved: boolean; readonly reason?: string; readonly signature?: string }
  | { readonly type: 'client-output'; readonly output: unknown }
  | { readonly type: 'none'; readonly approvalId?: string }
  | { readonly type: 'refused'; readonly why: string };

/** How one tool call ended. Failures are data (C4, STYLE 9), never exceptions. */
export type ToolCallOutcome =
  | 'ok'
  | 'error'
  | 'rejected-hidden'
  | 'rejected-unknown'
  | 'invalid-input'
  | 'denied'
  /** The turn ended (cancelled or failed) before the call finished. */
  | 'cancelled'
  /** The call needs a person's approval and no server-side approver decides it: the turn ends with a `tool-approval-request` (C27). */
  | 'awaiting-approval'
  /** The tool has no `execute` (a client-side tool): the turn ends and the client's output completes the call (C27). */
  | 'awaiting-client'
  /** An answer to an open call that this runtime did not accept (forged, replayed, altered, or missing): nothing ran (C27). */
  | 'rejected-answer';

/** The result of one tool call after it crossed the execution pipeline. */
export interface TurnToolResult {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly outcome: ToolCallOutcome;
  /** The tool's output for `ok`; a message the model can read for every other outcome. */
  readonly output: unknown;
  /**
   * What the model receives for this call: the provider-neutral tool result output (AI SDK
   * `ToolResultOutput`), opaque to the machine.
   */
  readonly modelOutput: unknown;
  /**
   * Wall time of the call in milliseconds, from the runtime's injected clock. For a `cancelled`
   * call: from its start to the moment the turn closed it; 0 for a call that never started.
   */
  readonly durationMs: number;
  /**
   * Id of the call's durable execution record. Set once the call passed permission and
   * reached the journal stage; absent for calls rejected or denied before it.
   */
  readonly operationId?: string;
  /**
   * Set beside `operationId`: `true` when this is a completed call's result taken from the
   * journal (a retried step), so the tool did not run again.
   */
  readonly replayed?: boolean;
  /** `true` when the call hit its timeout: outcome `error`, and its abort signal fired. */
  readonly timedOut?: boolean;
  /**
   * Set when output truncation cut what the model receives (`modelOutput`); `output` keeps
   * the tool's whole value. Sizes of the whole output in UTF-8 bytes and lines.
   */
  readonly truncated?: {
    readonly totalBytes: number;
    readonly totalLines: number;
    readonly omittedBytes: number;
    readonly omittedLines: number;
  };
  /** Set when the whole output of a truncated result was stored: the artifact's id and where it is. */
  readonly artifact?: { readonly id: string; readonly uri: string };
  /**
   * Set when the journal failed to record the completed call: it ran and this is its result,
   * but a retried step may run it again.
   */
  readonly journalError?: string;
  /**
   * Set on an `awaiting-approval` result once the request is issued: the `tool-approval-request`
   * part the step's assistant message carries (`approvalId`, the reason, and the HMAC
   * `signature` when `toolApprovalSecret` is set) (C27).
   */
  readonly approvalRequest?: { readonly approvalId: string; readonly reason?: string; readonly signature?: string };
}

/** What the `callModel` actor resolves with: one finished provider step. */
export interface ModelStepOutput {
  /** Messages the step produced (the assistant message), appended to the transcript. */
  readonly responseMessages: readonly unknown[];
  /** Tool calls to execute; empty when the model answered with text only. */
  readonly toolCalls: readonly TurnToolCall[];
  /** The step's text, concatenated. */
  readonly text: string;
  /** The provider's unified finish reason (`stop`, `tool-calls`, `length`, …). */
  readonly finishReason: string;
  /** Token usage as the provider reported it; opaque to the machine. */
  readonly usage: unknown;
}

/** Input of the `callModel` actor: everything one provider request needs. */
export interface CallModelInput {
  readonly turnId: string;
  readonly stepIndex: number;
  /** 1 for the first request of a step, 2 for its first retry, … */
  readonly attempt: number;
  /** The step-start visible set, in request order (C3, C20). Frozen for every attempt (C16). */
  readonly visible: readonly string[];
  /** The transcript so far: the caller's messages plus every earlier step's messages. */
  readonly messages: readonly unknown[];
}

/** Input of the `executeToolCalls` actor. */
export interface ExecuteToolCallsInput {
  readonly turnId: string;
  readonly stepIndex: number;
  /** The step-start snapshot the availability guard checks against (C14). */
  readonly visible: readonly string[];
  /** R of this step. */
  readonly required: readonly string[];
  /** A at the step's start (activations of earlier steps). */
  readonly active: readonly string[];
  readonly toolCalls: readonly TurnToolCall[];
}

/** A provider error as the machine sees it: enough to decide on a retry and to report. */
export interface TurnError {
  readonly name: string;
  readonly message: string;
  /** True when the provider said a retry may succeed (e.g. HTTP 429, 5xx). */
  readonly isRetryable: boolean;
  /**
   * The error's stable `code` when it has a string one: a turnscope error's (e.g.
   * `required-tools`, `inspect-observer`), or a provider's. Default: none.
   */
  readonly code?: string;
}

/** The final state a turn ended in: the turn machine's final states (design.md). */
export type TurnStatus = 'completed' | 'failed' | 'cancelled';

/** Why a turn ended, beside its final state. */
export type TurnFinishReason =
  | 'stop'
  | 'max-steps'
  | 'model-error'
  | 'retries-exhausted'
  | 'execution-error'
  | 'cancelled'
  /** Status `completed`: a call of the last step awaits a person's approval (a `tool-approval-request` ends the messages, C27). */
  | 'awaiting-approval'
  /** Status `completed`: a call of the last step awaits a client-side tool's output (no call awaits approval, C27). */
  | 'awaiting-client'
  /**
   * Status `completed`: the turn's `stopWhen` (ai's `StopCondition`, e.g. `hasToolCall('x')`) was
   * true at a step boundary, after that step's tool calls settled; no further request is made.
   */
  | 'stop-condition';

/** Retry policy for a failed provider request (C16). */
export interface RetryPolicy {
  /** Total attempts per step including the first. Default 3; 1 disables retries. */
  readonly maxAttempts: number;
  /** Delay before the first retry in ms; doubles for each further retry. Default 500. */
  readonly initialDelayMs: number;
}

/**
 * Token usage as plain numbers (the AI SDK's `LanguageModelUsage` shape: `inputTokens`,
 * `outputTokens`, `totalTokens`, nested `inputTokenDetails` / `outputTokenDetails`); a count
 * the provider did not report is `undefined`.
 */
export interface TurnUsage {
  readonly [field: string]: number | undefined | TurnUsage;
}

/** One step the model answered, as the turn records it (in the machine's context, C28). */
export interface TurnStepRecord {
  readonly stepIndex: number;
  /** The step-start visible set, in request order. */
  readonly visible: readonly string[];
  /** Provider attempts the step took (1 without retries). */
  readonly attempts: number;
  readonly text: string;
  /** The provider's unified finish reason of the step's response (`stop`, `tool-calls`, …). */
  readonly finishReason: string;
  /** One result per tool call, in call order; `[]` for a step without tool calls. */
  readonly toolResults: readonly TurnToolResult[];
}

/**
 * Facts the turn machine emits (xstate `emit()`, listened to with `actor.on(type, …)`): things
 * the stream reports that are not state.
 *
 * - `retry`: a retryable provider error; the next attempt comes after `delayMs` (C16).
 * - `activation`: names a search added to `pending` (visible from the next step, C13).
 * - `search`: a `tool_search` call finished; `record` is the runtime's search record (C21).
 * - `calls-closed`: the turn ended while the step's tools ran; these are the results the turn
 *   gave the calls that had not finished (outcome `cancelled`).
 * - `step-end`: a step's record joined `stepRecords`; emitted after its step boundary, so the
 *   actor's snapshot at that moment is the turn at that boundary (C28).
 */
export type TurnEmitted =
  | { readonly type: 'retry'; readonly stepIndex: number; readonly attempt: number; readonly delayMs: number; readonly error: TurnError }
  | { readonly type: 'activation'; readonly stepIndex: number; readonly names: readonly string[] }
  | { readonly type: 'search'; readonly stepIndex: number; readonly toolCallId: string; readonly record: unknown }
  | { readonly type: 'calls-closed'; readonly stepIndex: number; readonly results: readonly TurnToolResult[] }
  | { readonly type: 'step-end'; readonly stepIndex: number; readonly finishReason: string; readonly toolCalls: number };
