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
  TurnEmitted,
  TurnError,
  TurnFinishReason,
  TurnToolResult,
} from './turn-types.js';

import { activationsOf, closeRunningStepOf, executeToolCallsInputOf, stepRecordOf } from './turn-records.js';
import { toTurnError } from './to-turn-error.js';
import type { TurnContext, TurnEvent, TurnMachineInput, TurnMachineOutput } from './turn-context.js';

export type { TurnContext, TurnEvent, TurnMachineInput, TurnMachineOutput } from './turn-context.js';
export { activationsOf, closeRunningStepOf, closedStepResults } from './turn-records.js';

/** The name of the search tool, reserved: no bound tool may use it. */
export const TOOL_SEARCH_NAME = 'tool_search';

/** The error of a failed model call (an `onError` event), as action and guard params. */
const errorOf = ({ event }: { readonly event: ErrorActorEvent }): unknown => event.error;

function statusOf(reason: TurnFinishReason): TurnMachineOutput['status'] {
  if (reason === 'cancelled') return 'cancelled';
  if (reason === 'stop' || reason === 'max-steps' || reason === 'stop-condition' || reason === 'awaiting-approval' || reason === 'awaiting-client') return 'completed';
  return 'failed';
}

/** `awaiting-approval` / `awaiting-client` when a call of the last recorded step awaits a person (approval first), else `undefined` (C27). */
function awaitingReasonOf(context: TurnContext): TurnFinishReason | undefined {
  const outcomes = context.stepRecords.at(-1)?.toolResults.map((result) => result.outcome) ?? [];
  if (outcomes.includes('awaiting-approval')) return 'awaiting-approval';
  return outcomes.includes('awaiting-client') ? 'awaiting-client' : undefined;
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
 *   `active` (C13, C15) and starts the next step, or completes when a call of the step awaits a
 *   person (`awaiting-approval` / `awaiting-client`, C27), when the turn's `stopWhen` held
 *   (`TOOL_CALLS_SETTLED { stop: true }`, reason `stop-condition`) or when `maxSteps` is spent.
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
    recordToolResults: assign(({ context }, settled: { results: readonly TurnToolResult[]; messages: readonly unknown[]; required?: readonly string[]; assistantMessage?: unknown; stop?: boolean }) => {
      const bound = setOfNames(context.bound);
      const transcript = settled.assistantMessage === undefined ? context.messages : [...context.messages.slice(0, -1), settled.assistantMessage];
      return {
        stepRecords: [...context.stepRecords, stepRecordOf(context, settled.results)],
        toolCalls: [],
        toolResults: [],
        callsStartedAt: [],
        callsExecuted: [],
        messages: [...transcript, ...settled.messages],
        required: settled.required === undefined ? context.required : [...new Set(settled.required)].filter((name) => bound.has(name)),
        stopRequested: settled.stop === true,
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
    /** A call of the step just recorded awaits a person (C27): the turn ends instead of calling the model. */
    isAwaitingPerson: ({ context }) => awaitingReasonOf(context) !== undefined,
    isStopRequested: ({ context }) => context.stopRequested,
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
    stopRequested: false,
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
        input: ({ context }) => executeToolCallsInputOf(context),
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
            params: ({ event }) => ({
              results: event.results,
              messages: event.messages,
              ...(event.required === undefined ? {} : { required: event.required }),
              ...(event.assistantMessage === undefined ? {} : { assistantMessage: event.assistantMessage }),
              ...(event.stop === true ? { stop: true } : {}),
            }),
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
            guard: 'isAwaitingPerson',
            target: 'completed',
            actions: ['commitActivations', { type: 'setFinishReason', params: ({ context }) => ({ reason: awaitingReasonOf(context)! }) }, 'emitStepEnd'],
          },
          {
            guard: 'isStopRequested',
            target: 'completed',
            actions: ['commitActivations', { type: 'setFinishReason', params: { reason: 'stop-condition' as const } }, 'emitStepEnd'],
          },
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

/** The turn machine's type, for `provide()` and typed actors. */
export type TurnMachine = typeof turnMachine;
