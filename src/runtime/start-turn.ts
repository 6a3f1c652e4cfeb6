import type { InspectionEvent } from 'xstate';
import type { TurnError } from '../../machines/turn-types.js';
import { stateValueToString } from '../telemetry/state-value-to-string.js';
import type { callModelStep } from './call-model-step.js';
import { createModelCaller } from './create-model-caller.js';
import { createStepExecutor, timeOf, type StepExecutorOptions } from './create-step-executor.js';
import type { ModelCallSettings } from './model-call-settings.js';
import { createTurnActor, type TurnActor } from './create-turn-actor.js';
import { answeringSnapshot } from './answering-snapshot.js';
import type { TurnMachineInput } from '../../machines/turn-machine.js';
import { createTurnEnding } from './create-turn-ending.js';
import { createTurnInspector } from './create-turn-inspector.js';
import { createTurnRecorder, type TurnRecorder } from './create-turn-recorder.js';
import { listenToAbort } from './listen-to-abort.js';
import { createPartQueue } from './part-queue.js';
import { prepareTurn } from './prepare-turn.js';
import { parseTurnOutput } from './parse-turn-output.js';
import { recordTurnEvents } from './record-turn-events.js';
import { PREFETCH_SEARCH_ID, userMessageMatches, type PrefetchOutcome } from './run-prefetch.js';
import type { ResumeInput, SendInput } from './send-input.js';
import { parseResumeInput, parseSendInput, type ResolvedSendInput } from './send-input-schema.js';
import type { Turn } from './turn-result.js';
import { consumingResult } from './consuming-result.js';
import type { RuntimeShared } from './runtime-shared.js';
import type { TurnStreamPart } from './turn-stream-part.js';
import { turnErrorOf } from './turn-error-of.js';
import { validateSendInput } from './validate-send-input.js';

/** Machine events that only record a fact of the running step; no `machine.transition` record is written for them. */
const BOOKKEEPING_EVENTS: ReadonlySet<string> = new Set(['TOOL_CALL_STARTED', 'EXECUTE_STARTED', 'TOOL_RESULT', 'SEARCH_DONE']);

/** Test seam: replaces the provider call (default: one `streamText` step). */
export interface TurnSeams {
  readonly callModelStep?: typeof callModelStep;
}

/**
 * Starts one turn (`send()`): a fresh turn actor wired to the model call, the execution
 * pipeline and the turn's stream (design.md). Every fact of the turn lives in the actor's
 * context (C28); overlapping turns share nothing mutable (C17, C19).
 *
 * Failures while the turn runs never throw from here and never reject `result`: a
 * `requiredTools` function that throws or answers wrongly (at step 0 too) or an `inspect`
 * observer that throws ends the turn `failed` with reason `execution-error`.
 *
 * @throws {UnboundToolError} / {InvalidOptionError} / {ReservedToolNameError} /
 *   {InvalidToolNameError} / {ClientToolNameCollisionError} for a bad `SendInput` (parseSendInput, then validateSendInput).
 */
export function startTurn(shared: RuntimeShared, input: SendInput, seams: TurnSeams = {}): Turn {
  const resolved = parseSendInput(input, shared);
  return runTurn(shared, resolved, validateSendInput(shared, resolved), undefined, seams);
}

/**
 * Continues a turn from its snapshot (`runtime.resume()`, C28): the same turn id, step index,
 * visible and active sets and transcript, so the next requests are the ones the uninterrupted
 * turn would have sent. Visibility is re-derived from this runtime's catalog (restoreTurnSnapshot).
 *
 * @throws {InvalidOptionError} `messages` or `prompt` given (the transcript is the snapshot's), and
 *   the errors of {@link startTurn} for the other inputs.
 * @throws {InvalidSnapshotError} / {SnapshotCatalogMismatchError} for a snapshot this runtime cannot continue.
 */
export function resumeTurn(shared: RuntimeShared, input: ResumeInput, seams: TurnSeams = {}): Turn {
  const { input: resolved, snapshot } = parseResumeInput(input, shared);
  return runTurn(shared, resolved, validateSendInput(shared, resolved), snapshot, seams);
}

function runTurn(shared: RuntimeShared, input: ResolvedSendInput, validated: ReturnType<typeof validateSendInput>, snapshot: unknown, seams: TurnSeams): Turn {
  let recorder: TurnRecorder | undefined;
  const prefetchStop = new AbortController();
  const prepared = prepareTurn({ shared, input, validated, snapshot, recorder: () => recorder!, prefetchSignal: prefetchStop.signal });
  const parts = createPartQueue<TurnStreamPart>({ maxUnreadParts: shared.maxUnreadParts });
  const turnRecorder = createTurnRecorder({ turnId: prepared.turnId, now: shared.now, parts, telemetry: shared.telemetry, sourceOf: prepared.binding.sourceOf });
  recorder = turnRecorder;
  const wire = (prefetched: PrefetchOutcome | undefined) => wireTurn({ shared, input, validated, prepared, seams, recorder: turnRecorder, prefetched });
  const { prefetched } = prepared;
  if (!(prefetched instanceof Promise)) {
    const wired = wire(prefetched);
    wired.start(undefined);
    return { turnId: prepared.turnId, stream: parts.stream, result: consumingResult(wired.result, parts.lift), cancel: wired.cancel, snapshot: wired.snapshot, actor: wired.actor };
  }
  // an asynchronous ranker (C25): the actor is created, with the prefetch's matches as its A, once
  // the ranking settled; a cancel meanwhile stops the ranking and ends the turn before any request
  let cancelReason: string | undefined;
  const cancelPrefetch = (reason: string) => {
    cancelReason ??= reason;
    prefetchStop.abort();
  };
  const abortSignal = input.abortSignal;
  const stopListening = abortSignal === undefined ? () => {} : listenToAbort({ signal: abortSignal, onAbort: () => cancelPrefetch(abortReason(abortSignal)) });
  if (abortSignal?.aborted === true) cancelPrefetch(abortReason(abortSignal));
  let wired: ReturnType<typeof wire> | undefined;
  const result = prefetched.then((outcome) => {
    stopListening();
    wired = wire(outcome);
    wired.start(cancelReason);
    return wired.result;
  });
  return {
    turnId: prepared.turnId,
    stream: parts.stream,
    result: consumingResult(result, parts.lift),
    cancel: (reason?: string) => (wired === undefined ? cancelPrefetch(reason ?? 'the turn was cancelled') : wired.cancel(reason)),
    snapshot: () => wired?.snapshot(),
    get actor() {
      if (wired === undefined) throw new Error(`turnscope: turn ${prepared.turnId} has no actor yet: its prefetch is ranking (C25); read turn.actor after turn.stream's first part`);
      return wired.actor;
    },
  };
}

/**
 * The actor of one turn wired to the model call, the execution pipeline, the recorder and the
 * turn's ending, with `prefetched` (C25) as its starting A. `start(cancelled)` records
 * `turn.start` and the prefetch, then starts the actor — or, when a reason is given (the turn
 * was cancelled while its prefetch ranked), ends the turn `cancelled` without starting it.
 */
function wireTurn(options: {
  readonly shared: RuntimeShared;
  readonly input: ResolvedSendInput;
  readonly validated: ReturnType<typeof validateSendInput>;
  readonly prepared: ReturnType<typeof prepareTurn>;
  readonly seams: TurnSeams;
  readonly recorder: TurnRecorder;
  readonly prefetched: PrefetchOutcome | undefined;
}) {
  const { shared, input, validated, prepared, seams, prefetched, recorder: turnRecorder } = options;
  const { binding, codeMode, catalog, restored, turnId } = prepared;
  /** Set the first time the caller's `inspect` observer throws: the turn then fails with it. */
  let inspectError: TurnError | undefined;
  const inspect = createTurnInspector({
    inspect: input.inspect,
    internal: shared.telemetry.wantsInspection ? recordTransitions(turnRecorder) : undefined,
    onInspectError: (error) => {
      inspectError = error;
      // the observer threw inside xstate's processing (maybe while the actor is created): stop the actor after it
      queueMicrotask(() => ending.fail(error));
    },
  });
  /** Each step's usage as the model answered it, for `stopWhen`'s steps. */
  const stepUsage = new Map<number, unknown>();
  const actor: TurnActor = createTurnActor(
    {
      callModel: withStepUsage(stepUsage, createModelCaller({
        model: input.model,
        instructions: prepared.instructions,
        settings: input.callSettings,
        tools: catalog.tools,
        schemaCharsOf: (codeMode ?? binding).schemaCharsOf,
        includeRawChunks: input.includeRawChunks,
        recorder: turnRecorder,
        ...(seams.callModelStep === undefined ? {} : { callProvider: seams.callModelStep }),
      })),
      executeToolCalls: createStepExecutor({ shared, binding, codeMode, recorder: turnRecorder, requiredTools: prepared.requiredTools, machineContext: () => actor.getSnapshot().context, ...turnOwnSettings(input.callSettings, stepUsage) }),
    },
    {
      ...(restored !== undefined
        ? { snapshot: restored.persisted }
        : prepared.answeredCalls.length > 0
          ? { snapshot: answeringSnapshot(machineInputOf(options), prepared.answeredCalls) }
          : { input: machineInputOf(options) }),
      ...(inspect === undefined ? {} : { inspect }),
    },
  );
  const events = recordTurnEvents({ actor, recorder: turnRecorder, catalog, direct: binding.direct });
  /** Stops listening to the caller's signal; set while the actor runs (one listener per signal, shared by its turns). */
  let stopListening = () => {};
  const ending = createTurnEnding({
    actor,
    recorder: turnRecorder,
    events,
    closedAt: () => timeOf(shared.now).at,
    onEnd: () => {
      stopListening();
      subscription.unsubscribe();
    },
  });
  const subscription = actor.subscribe({
    next: (state) => {
      if (state.status !== 'done') return;
      // xstate sends the done snapshot's inspection event after this call: end the turn after
      // it, so an inspect observer that throws there still fails the turn
      const output = state.output;
      queueMicrotask(() => (inspectError === undefined ? ending.end(output) : ending.fail(inspectError, output.text)));
    },
    // a throwing machine action is a bug; the turn still ends with a reason, never a rejection
    error: (error: unknown) => ending.fail(turnErrorOf(error, 'TurnError')),
  });

  const start = (cancelled: string | undefined) => {
    turnRecorder.turnStart({
      boundTools: binding.bound.length,
      boundSchemaChars: binding.boundSchemaChars,
      directTools: binding.direct,
      deferredTools: binding.deferred.length,
      requiredTools: restored === undefined ? prepared.required : restored.context.required,
      offersToolSearch: binding.offerSearch,
      ...(restored === undefined ? {} : { resumedAtStep: restored.context.stepIndex }),
      ...(restored === undefined && shared.telemetry.enabled ? userMessageMatches({ shared, binding, messages: validated.messages, prefetched }) : {}),
    });
    if (prefetched !== undefined) {
      turnRecorder.search(0, PREFETCH_SEARCH_ID, prefetched.record);
      if (prefetched.activated.length > 0) turnRecorder.activation(0, prefetched.activated);
    }
    const failedBeforeStart = prepared.startFailure ?? inspectError;
    const abortSignal = input.abortSignal;
    const onAbort = () => actor.send({ type: 'CANCEL', reason: abortReason(abortSignal), ...timeOf(shared.now) });
    // a signal that had aborted before the start: started, the actor would begin its first request (C17)
    const cancelledBefore = cancelled ?? (abortSignal?.aborted === true ? abortReason(abortSignal) : undefined);
    if (cancelledBefore !== undefined) {
      // cancelled while the prefetch ranked, or before send(): the actor is not started, no request
      ending.cancelUnstarted(cancelledBefore);
    } else if (failedBeforeStart !== undefined) {
      // the actor is not started: no step, no request
      ending.fail(failedBeforeStart);
    } else {
      if (abortSignal !== undefined) stopListening = listenToAbort({ signal: abortSignal, onAbort });
      actor.start();
    }
  };
  return {
    start,
    result: ending.result.then((result) => parseTurnOutput({ result, output: input.callSettings.output, model: input.model, now: shared.now })),
    cancel: (reason?: string) => {
      if (!ending.ended()) actor.send({ type: 'CANCEL', ...timeOf(shared.now), ...(reason === undefined ? {} : { reason }) });
    },
    snapshot: events.latestSnapshot,
    actor,
  };
}

/** A new turn's machine input: its B, D, R of step 0, the prefetch's A, the transcript and its limits. */
function machineInputOf(options: Parameters<typeof wireTurn>[0]): TurnMachineInput {
  const { shared, input, prepared, prefetched } = options;
  return {
    turnId: prepared.turnId,
    bound: prepared.catalog.bound,
    direct: prepared.binding.direct,
    required: prepared.required,
    active: prefetched?.activated ?? [],
    offerSearch: prepared.binding.offerSearch,
    messages: prepared.messages,
    maxSteps: input.maxSteps,
    retry: shared.retry,
  };
}

/**
 * The runtime's own inspector: every state the turn actor takes, with the event that caused it,
 * as `machine.transition` records (for replay). A call's start, result or search record only
 * books a fact in the context ({@link BOOKKEEPING_EVENTS}), so it writes none.
 */
function recordTransitions(recorder: TurnRecorder): (event: InspectionEvent) => void {
  return (event) => {
    if (event.type !== '@xstate.snapshot' || event.actorRef.sessionId !== event.rootId || BOOKKEEPING_EVENTS.has(event.event.type)) return;
    const snapshot = event.snapshot as ReturnType<TurnActor['getSnapshot']>;
    recorder.transition(snapshot.context.stepIndex, stateValueToString(snapshot.value), event.event.type);
  };
}

/** The caller's abort signal's reason, as the cancellation reason. */
function abortReason(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return `aborted: ${reason.message}`;
  return reason === undefined ? 'aborted by the caller' : `aborted: ${String(reason)}`;
}

/** The settings the turn applies itself (not sent): `stopWhen` (with each step's usage), `toolsContext` and `runtimeContext`. */
function turnOwnSettings(settings: ModelCallSettings, stepUsage: ReadonlyMap<number, unknown>): Pick<StepExecutorOptions, 'stopWhen' | 'usageOf' | 'contexts'> {
  return {
    ...(settings.stopWhen === undefined ? {} : { stopWhen: settings.stopWhen, usageOf: (stepIndex: number) => stepUsage.get(stepIndex) }),
    contexts: { toolsContext: settings.toolsContext, runtimeContext: settings.runtimeContext },
  };
}

/** The model caller, recording each answered step's usage by step index (for `stopWhen`). */
function withStepUsage<Step extends { readonly stepIndex: number }, Output extends { readonly usage: unknown }>(
  usage: Map<number, unknown>,
  callModel: (step: Step, signal: AbortSignal) => Promise<Output>,
): (step: Step, signal: AbortSignal) => Promise<Output> {
  return async (step, signal) => {
    const output = await callModel(step, signal);
    usage.set(step.stepIndex, output.usage);
    return output;
  };
}
