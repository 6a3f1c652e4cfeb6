import { and, assertEvent, assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { projectVisibleSet } from './project-visible-set.js';
import { retryDelayMs } from './retry-delay-ms.js';
import { setOfNames } from './set-of-names.js';
import type {
  CallModelInput,
  ExecuteToolCallsInput,
  ModelStepOutput,
  RetryPolicy,
  TurnError,
  TurnFinishReason,
  TurnToolCall,
  TurnToolResult,
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
  /** Steps per turn before it ends in `completed` with reason `max-steps`. Default 20. */
  readonly maxSteps?: number;
  /** Provider retry policy. Default `{ maxAttempts: 3, initialDelayMs: 500 }`. */
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
  /** Tool calls of the current step (set when the model answers). */
  toolCalls: TurnToolCall[];
  /** Results of the current step's tool calls. */
  toolResults: TurnToolResult[];
  /** Concatenated text of the last model response. */
  text: string;
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
  /** The tool execution actor broke (a bug, not a tool failure: those are results). */
  | { type: 'TOOL_EXECUTION_FAILED'; error: TurnError }
  /** The only transition that moves `pending` into `active` (C13). Raised on entering `settling`. */
  | { type: 'STEP_BOUNDARY' }
  /** Ends the turn in `cancelled` from any non-final state. */
  | { type: 'CANCEL'; reason?: string };

/** What a finished turn actor outputs. */
export interface TurnMachineOutput {
  readonly status: 'completed' | 'failed' | 'cancelled';
  readonly finishReason: TurnFinishReason;
  readonly error: TurnError | undefined;
  /** Number of provider steps that ran (including a failed or cancelled one). */
  readonly steps: number;
  readonly messages: readonly unknown[];
  readonly text: string;
}

const DEFAULT_MAX_STEPS = 20;
const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, initialDelayMs: 500 };

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
    }),
    recordModelResponse: assign(({ context, event }) => {
      const output = (event as unknown as { output: ModelStepOutput }).output;
      return {
        messages: [...context.messages, ...output.responseMessages],
        toolCalls: [...output.toolCalls],
        text: output.text,
        error: undefined,
      };
    }),
    recordError: assign({
      error: ({ event }) => toTurnError((event as unknown as { error: unknown }).error),
    }),
    incrementAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    addPending: assign({
      pending: ({ context, event }) => {
        assertEvent(event, 'ACTIVATE');
        const known = new Set([...context.active, ...context.pending]);
        const bound = setOfNames(context.bound);
        const added = event.names.filter((name, index) =>
          bound.has(name) && !known.has(name) && event.names.indexOf(name) === index,
        );
        return [...context.pending, ...added];
      },
    }),
    recordToolResults: assign(({ context, event }) => {
      assertEvent(event, 'TOOL_CALLS_SETTLED');
      const bound = setOfNames(context.bound);
      return {
        toolResults: [...event.results],
        messages: [...context.messages, ...event.messages],
        required: event.required === undefined ? context.required : [...new Set(event.required)].filter((name) => bound.has(name)),
      };
    }),
    raiseStepBoundary: raise({ type: 'STEP_BOUNDARY' }),
    commitActivations: assign({
      active: ({ context }) => [...context.active, ...context.pending.filter((name) => !context.active.includes(name))],
      pending: [],
    }),
    advanceStep: assign({ stepIndex: ({ context }) => context.stepIndex + 1 }),
    dropActivations: assign({ active: [], pending: [], visible: [], toolCalls: [], toolResults: [] }),
    setFinishReasonStop: assign({ finishReason: 'stop' as const }),
    setFinishReasonMaxSteps: assign({ finishReason: 'max-steps' as const }),
    setFinishReasonModelError: assign({ finishReason: 'model-error' as const }),
    setFinishReasonRetriesExhausted: assign({ finishReason: 'retries-exhausted' as const }),
    setFinishReasonExecutionError: assign({
      finishReason: 'execution-error' as const,
      error: ({ event }) => {
        assertEvent(event, 'TOOL_EXECUTION_FAILED');
        return event.error;
      },
    }),
    setFinishReasonCancelled: assign({
      finishReason: 'cancelled' as const,
      error: ({ event }) =>
        event.type === 'CANCEL'
          ? { name: 'TurnCancelled', message: event.reason ?? 'the turn was cancelled', isRetryable: false }
          : undefined,
    }),
  },
  guards: {
    hasToolCalls: ({ event }) =>
      ((event as unknown as { output: ModelStepOutput }).output.toolCalls.length ?? 0) > 0,
    isRetryableError: ({ event }) => toTurnError((event as unknown as { error: unknown }).error).isRetryable,
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
    maxSteps: input.maxSteps ?? DEFAULT_MAX_STEPS,
    retry: { ...DEFAULT_RETRY, ...input.retry },
    stepIndex: 0,
    attempt: 1,
    visible: [],
    active: (input.active ?? []).filter((name, index, names) => setOfNames(input.bound).has(name) && names.indexOf(name) === index),
    pending: [],
    messages: [...input.messages],
    toolCalls: [],
    toolResults: [],
    text: '',
    finishReason: undefined,
    error: undefined,
  }),
  initial: 'awaitingStep',
  on: {
    CANCEL: { target: '.cancelled', actions: 'setFinishReasonCancelled' },
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
              { guard: 'hasToolCalls', target: '#turn.executingStep', actions: 'recordModelResponse' },
              { target: '#turn.completed', actions: ['recordModelResponse', 'setFinishReasonStop'] },
            ],
            onError: [
              {
                guard: and(['isRetryableError', 'hasAttemptsLeft']),
                target: 'backingOff',
                actions: 'recordError',
              },
              {
                guard: 'isRetryableError',
                target: '#turn.failed',
                actions: ['recordError', 'setFinishReasonRetriesExhausted'],
              },
              { target: '#turn.failed', actions: ['recordError', 'setFinishReasonModelError'] },
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
        ACTIVATE: { actions: 'addPending' },
        TOOL_CALLS_SETTLED: { target: 'settling', actions: 'recordToolResults' },
        TOOL_EXECUTION_FAILED: { target: 'failed', actions: 'setFinishReasonExecutionError' },
      },
    },
    settling: {
      entry: 'raiseStepBoundary',
      on: {
        STEP_BOUNDARY: [
          { guard: 'isStepBudgetSpent', target: 'completed', actions: ['commitActivations', 'setFinishReasonMaxSteps'] },
          { target: 'awaitingStep', actions: ['commitActivations', 'advanceStep'] },
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
    };
  },
});

/** The turn machine's type, for `provide()` and typed actors. */
export type TurnMachine = typeof turnMachine;
