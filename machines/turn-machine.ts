import { and, assign, emit, enqueueActions, fromCallback, fromPromise, raise, setup, type ErrorActorEvent } from 'xstate';
import { addUsage, EMPTY_USAGE } from './add-usage.js';
import { projectVisibleSet } from './project-visible-set.js';
import { retryDelayMs } from './retry-delay-ms.js';
import { setOfNames } from './set-of-names.js';
import { TURN_DEFAULTS } from './turn-defaults.js';
import type {
  CallModelInput,
  ExecuteToolCallsInput,
  ModelStepOutput,
  RetryPolicy,
  TurnEmitted,
  TurnError,
  TurnFinishReason,
  TurnStatus,
  TurnStepRecord,
  TurnToolCall,
  TurnToolResult,
  TurnUsage,
} from './turn-types.js';

/** The name of the search tool, reserved: no bound tool may use it. */
export const TOOL_SEARCH_NAME = 'tool_search';

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

/**
 * The turn's activations so far, in activation order: `active` then the names of `pending` not
 * in it — the set `STEP_BOUNDARY` commits (C13, C15). The one place that formula lives.
 */
export function activationsOf(context: { readonly active: readonly string[]; readonly pending: readonly string[] }): string[] {
  const active = new Set(context.active);
  return [...context.active, ...context.pending.filter((name) => !active.has(name))];
}

/**
 * The results of a step the turn ended while its tools ran, in call order: each settled call
 * keeps its result; every other one gets outcome `cancelled` — saying it did not run when its
 * `execute` had not begun (`callsExecuted`), that it may have taken effect when it had — with `durationMs` from its start
 * (`callsStartedAt`) to `closedAt` (0 for a call that never started).
 */
export function closedStepResults(context: TurnContext, closedAt: number): TurnToolResult[] {
  return context.toolCalls.map((call) => {
    const settled = context.toolResults.find((result) => result.toolCallId === call.toolCallId);
    if (settled !== undefined) return settled;
    const message = context.callsExecuted.includes(call.toolCallId)
      ? `The turn ended before ${call.toolName} finished; it may or may not have taken effect.`
      : `The turn ended before ${call.toolName} started; it did not run.`;
    const startedAt = context.callsStartedAt.find((entry) => entry.toolCallId === call.toolCallId)?.at;
    return {
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      outcome: 'cancelled',
      output: message,
      modelOutput: { type: 'error-text', value: message },
      durationMs: startedAt === undefined ? 0 : Math.max(0, closedAt - startedAt),
    };
  });
}

function toTurnError(error: unknown): TurnError {
  if (typeof error === 'object' && error !== null) {
    const record = error as { name?: unknown; message?: unknown; isRetryable?: unknown; code?: unknown };
    return {
      name: typeof record.name === 'string' ? record.name : 'Error',
      message: typeof record.message === 'string' ? record.message : describeValue(error),
      isRetryable: record.isRetryable === true,
      ...(typeof record.code === 'string' ? { code: record.code } : {}),
    };
  }
  return { name: 'Error', message: String(error), isRetryable: false };
}

function describeValue(value: object): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The error of a failed model call (an `onError` event), as action and guard params. */
const errorOf = ({ event }: { readonly event: ErrorActorEvent }): unknown => event.error;

function statusOf(reason: TurnFinishReason): TurnMachineOutput['status'] {
  if (reason === 'cancelled') return 'cancelled';
  if (reason === 'stop' || reason === 'max-steps') return 'completed';
  return 'failed';
}

/**
 * The turn machine: one actor per `send()`, owning the turn's activation state.
 *
 * States (public names, used by the visualizer and the tests; see design.md):
 * - `awaitingStep` — on entry the step's visible set is projected and frozen (C3, C20);
 *   `requesting` runs `callModel`; a retryable error goes to `backingOff` and back after
 *   `retryDelay` with the same visible set (C16).
 * - `executingStep` — `executeToolCalls` runs the step's calls; `ACTIVATE` fills `pending`.
 * - `settling` — results join the transcript; `STEP_BOUNDARY` commits `pending` into
 *   `active` (C13, C15) and starts the next step, or completes when `maxSteps` is spent.
 * - `completed` | `failed` | `cancelled` — final; entry drops the activation state (C17).
 *
 * The actors `callModel` (promise of {@link ModelStepOutput}) and `executeToolCalls`
 * (callback actor that sends `ACTIVATE` and then `TOOL_CALLS_SETTLED`) are placeholders
 * here: the runtime supplies them with `turnMachine.provide({ actors })`. This file does no
 * I/O and imports nothing from `ai` or `node:*`.
 */
export const turnMachine = setup({
  types: {
    context: {} as TurnContext,
    events: {} as TurnEvent,
    input: {} as TurnMachineInput,
    output: {} as TurnMachineOutput,
    emitted: {} as TurnEmitted,
  },
  actors: {
    callModel: fromPromise<ModelStepOutput, CallModelInput>(async () => {
      throw new Error('turnMachine: provide the callModel actor with turnMachine.provide()');
    }),
    executeToolCalls: fromCallback<TurnEvent, ExecuteToolCallsInput>(({ sendBack }) => {
      sendBack({
        type: 'TOOL_EXECUTION_FAILED',
        error: {
          name: 'NotProvided',
          message: 'turnMachine: provide the executeToolCalls actor with turnMachine.provide()',
          isRetryable: false,
        },
      });
    }),
  },
  actions: {
    projectVisibleSet: assign({
      visible: ({ context }) =>
        projectVisibleSet({
          previous: context.visible,
          direct: context.direct,
          required: context.required,
          active: context.active,
          bound: context.bound,
          searchToolName: TOOL_SEARCH_NAME,
          offerSearch: context.offerSearch,
        }),
      attempt: 1,
      toolCalls: [],
      toolResults: [],
      callsStartedAt: [],
      callsExecuted: [],
      stepFinishReason: '',
    }),
    recordModelResponse: assign(({ context }, output: ModelStepOutput) => ({
      messages: [...context.messages, ...output.responseMessages],
      toolCalls: [...output.toolCalls],
      text: output.text,
      stepFinishReason: output.finishReason,
      usage: addUsage(context.usage, output.usage),
      error: undefined,
    })),
    /** A step without tool calls is over when the model answers: its record joins at once. */
    recordAnsweredStep: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ stepRecords: [...context.stepRecords, stepRecordOf(context, [])] });
      enqueue.emit({ type: 'step-end', stepIndex: context.stepIndex, finishReason: context.stepFinishReason, toolCalls: 0 });
    }),
    recordError: assign({ error: (_, error: unknown) => toTurnError(error) }),
    emitRetry: emit(({ context }) => ({
      type: 'retry' as const,
      stepIndex: context.stepIndex,
      attempt: context.attempt,
      delayMs: retryDelayMs(context.retry, context.attempt),
      error: context.error ?? { name: 'Error', message: '', isRetryable: true },
    })),
    incrementAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    addPending: enqueueActions(({ context, enqueue }, names: readonly string[]) => {
      const known = new Set([...context.active, ...context.pending]);
      const bound = setOfNames(context.bound);
      const added = names.filter((name, index) => bound.has(name) && !known.has(name) && names.indexOf(name) === index);
      enqueue.assign({ pending: [...context.pending, ...added] });
      enqueue.emit({ type: 'activation', stepIndex: context.stepIndex, names: [...names] });
    }),
    recordCallStarted: assign({
      callsStartedAt: ({ context }, started: { toolCallId: string; at: number }) => [...context.callsStartedAt, started],
    }),
    recordExecuteStarted: assign({ callsExecuted: ({ context }, toolCallId: string) => [...context.callsExecuted, toolCallId] }),
    recordToolResult: assign({ toolResults: ({ context }, result: TurnToolResult) => [...context.toolResults, result] }),
    emitSearch: emit(({ context }, search: { toolCallId: string; record: unknown }) => ({
      type: 'search' as const,
      stepIndex: context.stepIndex,
      toolCallId: search.toolCallId,
      record: search.record,
    })),
    recordToolResults: assign(({ context }, settled: { results: readonly TurnToolResult[]; messages: readonly unknown[]; required?: readonly string[] }) => {
      const bound = setOfNames(context.bound);
      return {
        stepRecords: [...context.stepRecords, stepRecordOf(context, settled.results)],
        toolCalls: [],
        toolResults: [],
        callsStartedAt: [],
        callsExecuted: [],
        messages: [...context.messages, ...settled.messages],
        required: settled.required === undefined ? context.required : [...new Set(settled.required)].filter((name) => bound.has(name)),
      };
    }),
    raiseStepBoundary: raise({ type: 'STEP_BOUNDARY' }),
    commitActivations: assign({ active: ({ context }) => activationsOf(context), pending: [] }),
    /** Emitted after the boundary's other actions, so the actor's snapshot then is the turn at that boundary (C28). */
    emitStepEnd: emit(({ context }) => {
      const record = context.stepRecords.at(-1);
      return { type: 'step-end' as const, stepIndex: record?.stepIndex ?? context.stepIndex, finishReason: record?.finishReason ?? '', toolCalls: record?.toolResults.length ?? 0 };
    }),
    advanceStep: assign({ stepIndex: ({ context }) => context.stepIndex + 1 }),
    /**
     * The turn ended while the step's tools ran: the step is recorded with a result for every
     * call (closedStepResults), `calls-closed` reports the ones the turn closed, and
     * `closingResults` keeps them for the transcript's last tool message (the runtime builds it).
     */
    closeRunningStep: enqueueActions(({ context, enqueue }, closedAt: number | undefined) => {
      const closing = closeRunningStepOf(context, closedAt ?? 0);
      if (closing === undefined) return;
      enqueue.assign({ stepRecords: closing.stepRecords, closingResults: closing.closingResults });
      enqueue.emit({ type: 'calls-closed', stepIndex: context.stepIndex, results: closing.closed });
      enqueue.emit({ type: 'step-end', stepIndex: context.stepIndex, finishReason: context.stepFinishReason, toolCalls: closing.closingResults.length });
    }),
    dropActivations: assign(({ context }) => ({
      activated: activationsOf(context),
      active: [],
      pending: [],
      visible: [],
      toolCalls: [],
      toolResults: [],
      callsStartedAt: [],
      callsExecuted: [],
    })),
    setFinishReason: assign((_, finish: { reason: TurnFinishReason; error?: TurnError }) =>
      finish.error === undefined ? { finishReason: finish.reason } : { finishReason: finish.reason, error: finish.error },
    ),
  },
  guards: {
    hasToolCalls: (_, output: ModelStepOutput) => output.toolCalls.length > 0,
    isRetryableError: (_, error: unknown) => toTurnError(error).isRetryable,
    hasAttemptsLeft: ({ context }) => context.attempt < context.retry.maxAttempts,
    isStepBudgetSpent: ({ context }) => context.stepIndex + 1 >= context.maxSteps,
  },
  delays: {
    retryDelay: ({ context }) => retryDelayMs(context.retry, context.attempt),
  },
}).createMachine({
  id: 'turn',
  context: ({ input }) => ({
    turnId: input.turnId,
    // frozen: B never changes during a turn, so its Set is built once (setOfNames); a frozen input is not copied
    bound: Object.isFrozen(input.bound) ? input.bound : Object.freeze([...input.bound]),
    direct: [...input.direct],
    required: [...(input.required ?? [])],
    offerSearch: input.offerSearch,
    maxSteps: input.maxSteps ?? TURN_DEFAULTS.maxSteps,
    retry: { ...TURN_DEFAULTS.retry, ...input.retry },
    stepIndex: 0,
    attempt: 1,
    visible: [],
    active: (input.active ?? []).filter((name, index, names) => setOfNames(input.bound).has(name) && names.indexOf(name) === index),
    pending: [],
    messages: [...input.messages],
    toolCalls: [],
    toolResults: [],
    callsStartedAt: [],
    callsExecuted: [],
    text: '',
    stepFinishReason: '',
    stepRecords: [],
    usage: EMPTY_USAGE,
    activated: [],
    closingResults: [],
    finishReason: undefined,
    error: undefined,
  }),
  initial: 'awaitingStep',
  on: {
    CANCEL: {
      target: '.cancelled',
      actions: [
        { type: 'closeRunningStep', params: ({ event }) => event.at },
        {
          type: 'setFinishReason',
          params: ({ event }) => ({
            reason: 'cancelled' as const,
            error: { name: 'TurnCancelled', message: event.reason ?? 'the turn was cancelled', isRetryable: false },
          }),
        },
      ],
    },
  },
  states: {
    awaitingStep: {
      entry: 'projectVisibleSet',
      initial: 'requesting',
      states: {
        requesting: {
          invoke: {
            src: 'callModel',
            input: ({ context }) => ({
              turnId: context.turnId,
              stepIndex: context.stepIndex,
              attempt: context.attempt,
              visible: context.visible,
              messages: context.messages,
            }),
            onDone: [
              {
                guard: { type: 'hasToolCalls', params: ({ event }) => event.output },
                target: '#turn.executingStep',
                actions: { type: 'recordModelResponse', params: ({ event }) => event.output },
              },
              {
                target: '#turn.completed',
                actions: [
                  { type: 'recordModelResponse', params: ({ event }) => event.output },
                  'recordAnsweredStep',
                  { type: 'setFinishReason', params: { reason: 'stop' as const } },
                ],
              },
            ],
            onError: [
              {
                guard: and([{ type: 'isRetryableError', params: errorOf }, 'hasAttemptsLeft']),
                target: 'backingOff',
                actions: [{ type: 'recordError', params: errorOf }, 'emitRetry'],
              },
              {
                guard: { type: 'isRetryableError', params: errorOf },
                target: '#turn.failed',
                actions: [
                  { type: 'recordError', params: errorOf },
                  { type: 'setFinishReason', params: { reason: 'retries-exhausted' as const } },
                ],
              },
              {
                target: '#turn.failed',
                actions: [
                  { type: 'recordError', params: errorOf },
                  { type: 'setFinishReason', params: { reason: 'model-error' as const } },
                ],
              },
            ],
          },
        },
        backingOff: {
          after: {
            retryDelay: { target: 'requesting', actions: 'incrementAttempt' },
          },
        },
      },
    },
    executingStep: {
      invoke: {
        src: 'executeToolCalls',
        input: ({ context }) => ({
          turnId: context.turnId,
          stepIndex: context.stepIndex,
          visible: context.visible,
          required: context.required,
          active: context.active,
          toolCalls: context.toolCalls,
        }),
      },
      on: {
        ACTIVATE: { actions: { type: 'addPending', params: ({ event }) => event.names } },
        TOOL_CALL_STARTED: { actions: { type: 'recordCallStarted', params: ({ event }) => ({ toolCallId: event.toolCallId, at: event.at }) } },
        EXECUTE_STARTED: { actions: { type: 'recordExecuteStarted', params: ({ event }) => event.toolCallId } },
        TOOL_RESULT: { actions: { type: 'recordToolResult', params: ({ event }) => event.result } },
        SEARCH_DONE: { actions: { type: 'emitSearch', params: ({ event }) => ({ toolCallId: event.toolCallId, record: event.record }) } },
        TOOL_CALLS_SETTLED: {
          target: 'settling',
          actions: {
            type: 'recordToolResults',
            params: ({ event }) => ({ results: event.results, messages: event.messages, ...(event.required === undefined ? {} : { required: event.required }) }),
          },
        },
        TOOL_EXECUTION_FAILED: {
          target: 'failed',
          actions: [
            { type: 'closeRunningStep', params: ({ event }) => event.at },
            { type: 'setFinishReason', params: ({ event }) => ({ reason: 'execution-error' as const, error: event.error }) },
          ],
        },
      },
    },
    settling: {
      entry: 'raiseStepBoundary',
      on: {
        STEP_BOUNDARY: [
          {
            guard: 'isStepBudgetSpent',
            target: 'completed',
            actions: ['commitActivations', { type: 'setFinishReason', params: { reason: 'max-steps' as const } }, 'emitStepEnd'],
          },
          { target: 'awaitingStep', actions: ['commitActivations', 'advanceStep', 'emitStepEnd'] },
        ],
      },
    },
    completed: { type: 'final', entry: 'dropActivations' },
    failed: { type: 'final', entry: 'dropActivations' },
    cancelled: { type: 'final', entry: 'dropActivations' },
  },
  output: ({ context }) => {
    const finishReason = context.finishReason ?? 'stop';
    return {
      status: statusOf(finishReason),
      finishReason,
      error: context.error,
      steps: context.stepIndex + 1,
      messages: context.messages,
      text: context.text,
      turnId: context.turnId,
      stepIndex: context.stepIndex,
      stepRecords: context.stepRecords,
      usage: context.usage,
      activated: context.activated,
      closingResults: context.closingResults,
    };
  },
});

/**
 * What ending the turn while the step's tools run does to the turn's records (the
 * `closeRunningStep` action; the runtime uses it too when it stops an actor from outside):
 * the step joins `stepRecords` with a result for every call (closedStepResults), and those
 * results become `closingResults`, which the transcript does not carry yet. `closed` are the
 * results the turn gave calls that had not finished. `undefined` when no step's tools run.
 */
export function closeRunningStepOf(
  context: TurnContext,
  closedAt: number,
): { readonly stepRecords: TurnStepRecord[]; readonly closingResults: TurnToolResult[]; readonly closed: TurnToolResult[] } | undefined {
  if (context.toolCalls.length === 0) return undefined;
  const results = closedStepResults(context, closedAt);
  return {
    stepRecords: [...context.stepRecords, stepRecordOf(context, results)],
    closingResults: results,
    closed: results.filter((result) => !context.toolResults.includes(result)),
  };
}

function stepRecordOf(context: TurnContext, toolResults: readonly TurnToolResult[]): TurnStepRecord {
  return { stepIndex: context.stepIndex, visible: context.visible, attempts: context.attempt, text: context.text, finishReason: context.stepFinishReason, toolResults };
}

/** The turn machine's type, for `provide()` and typed actors. */
export type TurnMachine = typeof turnMachine;
