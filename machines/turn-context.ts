import type { RetryPolicy, TurnError, TurnFinishReason, TurnStatus, TurnStepRecord, TurnToolCall, TurnToolResult, TurnUsage } from './turn-types.js';

// The shapes of one turn actor (machines/turn-machine.ts): its input, context, events and output.

/**
 * Input of one turn actor. The runtime derives it from the bound catalog and `send()`;
 * every name list is already a list of canonical names.
 */
export interface TurnMachineInput {
  readonly turnId: string;
  /** B: the bound tools of this turn, the ceiling (C1, C6). */
  readonly bound: readonly string[];
  /** D: direct tools, in catalog order (C5). */
  readonly direct: readonly string[];
  /** R: required tools, visible on every step without being activations. Default `[]`. */
  readonly required?: readonly string[];
  /**
   * A at the turn's start: tools activated before step 0 (prefetch, C25), visible from step 0.
   * Names outside B and repeats are dropped. Default `[]`.
   */
  readonly active?: readonly string[];
  /** True when `tool_search` is offered: at least one deferred tool is bound (C3, C6). */
  readonly offerSearch: boolean;
  /** The caller's messages; history is never a source of activations (C18). */
  readonly messages: readonly unknown[];
  /** Steps per turn before it ends in `completed` with reason `max-steps`. Default 20 (TURN_DEFAULTS). */
  readonly maxSteps?: number;
  /** Provider retry policy. Default `{ maxAttempts: 3, initialDelayMs: 500 }` (TURN_DEFAULTS). */
  readonly retry?: Partial<RetryPolicy>;
}

/** Context of a turn actor. Arrays, not Sets: serialisable and comparable. */
export interface TurnContext {
  readonly turnId: string;
  readonly bound: readonly string[];
  readonly direct: readonly string[];
  /** R of the current step; `TOOL_CALLS_SETTLED` may replace it for the next step. */
  required: readonly string[];
  readonly offerSearch: boolean;
  readonly maxSteps: number;
  readonly retry: RetryPolicy;
  /** 0-based index of the current step. */
  stepIndex: number;
  /** 1-based attempt of the current step's provider request. */
  attempt: number;
  /** The step-start visible set, in request order, frozen when the step's request is projected. */
  visible: string[];
  /** A: tools activated during this turn, in activation order. */
  active: string[];
  /** Tools activated during the current step; committed into `active` on STEP_BOUNDARY only. */
  pending: string[];
  /** The transcript: caller messages plus every finished step's messages. */
  messages: unknown[];
  /** Tool calls of the current step: set when the model answers, emptied when the step is recorded. */
  toolCalls: TurnToolCall[];
  /** Results of the current step's calls that have settled so far (`TOOL_RESULT`), in settle order. */
  toolResults: TurnToolResult[];
  /** When each call of the current step entered the pipeline (`TOOL_CALL_STARTED`), in ms of the runtime's clock. */
  callsStartedAt: { readonly toolCallId: string; readonly at: number }[];
  /** Calls of the current step whose `execute` (or ranking) began (`EXECUTE_STARTED`): a call closed before it did not run. */
  callsExecuted: string[];
  /** Concatenated text of the last model response. */
  text: string;
  /** The provider's finish reason of the current step's response; `''` before it answers. */
  stepFinishReason: string;
  /** Every step the model answered, in order (a step cancelled while its tools ran included). */
  stepRecords: TurnStepRecord[];
  /** Token usage summed over every provider response of the turn. */
  usage: TurnUsage;
  /**
   * Every tool activated during the turn, in activation order: `[]` while the turn runs (the
   * activations are `active` and `pending` then), set on entering a final state, when those
   * are dropped (C17). See {@link activationsOf}.
   */
  activated: string[];
  /**
   * Set when the turn ended while the step's tools ran: that step's results (closedStepResults),
   * which the transcript does not carry yet — the runtime answers them in one last tool message.
   */
  closingResults: TurnToolResult[];
  finishReason: TurnFinishReason | undefined;
  error: TurnError | undefined;
  /** Set by `TOOL_CALLS_SETTLED { stop: true }`: the step boundary ends the turn (`stop-condition`). `false` otherwise. */
  stopRequested: boolean;
}

/** Events a turn actor accepts. */
export type TurnEvent =
  /** Names found by a search of the current step; they go to `pending`. */
  | { type: 'ACTIVATE'; names: readonly string[] }
  /** All of the current step's tool calls settled. Sent by `executeToolCalls`. */
  | {
      type: 'TOOL_CALLS_SETTLED';
      results: readonly TurnToolResult[];
      /** The messages that carry the results to the model (opaque; appended to the transcript). */
      messages: readonly unknown[];
      /** R for the next step, when it changes (names outside B are dropped). Default: unchanged. */
      required?: readonly string[];
      /**
       * Replaces the step's assistant message (the transcript's last message before `messages`)
       * when calls of the step await a person: the same message with the `tool-approval-request`
       * parts added (C27). Default: unchanged.
       */
      assistantMessage?: unknown;
      /**
       * `true` when the turn's stop condition (`stopWhen`) held once the step's calls settled:
       * the step boundary ends the turn `completed` with reason `stop-condition` (unless a call
       * awaits a person). The runtime evaluates the condition; the machine only reads this answer.
       * Default `false`.
       */
      stop?: boolean;
    }
  /** A call of the current step entered the pipeline at `at` (ms of the runtime's clock). */
  | { type: 'TOOL_CALL_STARTED'; toolCallId: string; at: number }
  /** The `execute` (or ranking) of a call of the current step is about to be called, in the same synchronous run. */
  | { type: 'EXECUTE_STARTED'; toolCallId: string }
  /** A call of the current step settled; kept so a turn ending mid-step loses no result. */
  | { type: 'TOOL_RESULT'; result: TurnToolResult }
  /** A `tool_search` call finished; `record` is the runtime's search record (C21), emitted as `search`. */
  | { type: 'SEARCH_DONE'; toolCallId: string; record: unknown }
  /** The tool execution actor broke (a bug, not a tool failure: those are results). */
  | { type: 'TOOL_EXECUTION_FAILED'; error: TurnError; at?: number }
  /** The only transition that moves `pending` into `active` (C13). Raised on entering `settling`. */
  | { type: 'STEP_BOUNDARY' }
  /** Ends the turn in `cancelled` from any non-final state. */
  | { type: 'CANCEL'; reason?: string; at?: number };

/** What a finished turn actor outputs. */
export interface TurnMachineOutput {
  readonly status: TurnStatus;
  readonly finishReason: TurnFinishReason;
  readonly error: TurnError | undefined;
  /** Number of provider steps that ran (including a failed or cancelled one). */
  readonly steps: number;
  readonly messages: readonly unknown[];
  readonly text: string;
  readonly turnId: string;
  /** Index of the last step that ran. */
  readonly stepIndex: number;
  /** Every step the model answered, in order (the turn's `steps` records). */
  readonly stepRecords: readonly TurnStepRecord[];
  /** Token usage summed over every provider response. */
  readonly usage: TurnUsage;
  /** Every tool activated during the turn, in activation order. */
  readonly activated: readonly string[];
  /** See {@link TurnContext.closingResults}; `[]` unless the turn ended while a step's tools ran. */
  readonly closingResults: readonly TurnToolResult[];
}
