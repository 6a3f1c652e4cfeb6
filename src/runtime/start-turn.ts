import type { InspectionEvent } from 'xstate';
import { activationsOf, closeRunningStepOf, type TurnMachineOutput } from '../../machines/turn-machine.js';
import type { TurnError, TurnToolResult } from '../../machines/turn-types.js';
import { stateValueToString } from '../telemetry/state-value-to-string.js';
import { createModelCaller } from './create-model-caller.js';
import { createStepExecutor, originIn, timeOf } from './create-step-executor.js';
import { createTurnActor, type TurnActor } from './create-turn-actor.js';
import { createTurnInspector } from './create-turn-inspector.js';
import { createTurnRecorder } from './create-turn-recorder.js';
import { listenToAbort } from './listen-to-abort.js';
import type { callModelStep } from './call-model-step.js';
import type { ModelMessage } from 'ai';
import { createTurnCodeMode } from '../code-mode/create-turn-code-mode.js';
import { recordNestedCalls } from '../code-mode/record-nested-calls.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { TelemetryToolOrigin } from '../telemetry/telemetry-record.js';
import { createPartQueue } from './part-queue.js';
import type { TurnRecorder } from './create-turn-recorder.js';
import type { TurnStreamPart } from './turn-stream-part.js';
import { turnErrorOf } from './turn-error-of.js';
import { validateSendInput } from './validate-send-input.js';
import type { ResumeInput, SendInput, Turn, TurnResult } from './runtime-options.js';
import type { RuntimeShared } from './runtime-shared.js';
import { turnResultOf } from './turn-result-of.js';
import { restoreTurnSnapshot, takeTurnSnapshot, type TurnSnapshot } from './turn-snapshot.js';

/** Machine events that only record a fact of the running step; no `machine.transition` record is written for them. */
const BOOKKEEPING_EVENTS: ReadonlySet<string> = new Set(['TOOL_CALL_STARTED', 'TOOL_RESULT', 'SEARCH_DONE']);

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
 *   {InvalidToolNameError} / {ClientToolNameCollisionError} for a bad `SendInput` (see validateSendInput).
 */
export function startTurn(shared: RuntimeShared, input: SendInput, seams: TurnSeams = {}): Turn {
  return runTurn(shared, input, validateSendInput(shared, input), undefined, seams);
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
  if (input === null || typeof input !== 'object') {
    throw new InvalidOptionError({ option: 'resume(input)', value: input, expected: 'an object with snapshot and model' });
  }
  const { snapshot, ...rest } = input;
  for (const key of ['messages', 'prompt'] as const) {
    if ((rest as Record<string, unknown>)[key] !== undefined) {
      throw new InvalidOptionError({ option: key, value: (rest as Record<string, unknown>)[key], expected: 'nothing: a resumed turn continues the transcript of its snapshot' });
    }
  }
  const sendInput = { ...rest, messages: [] } as SendInput;
  return runTurn(shared, sendInput, validateSendInput(shared, sendInput), snapshot, seams);
}

function runTurn(
  shared: RuntimeShared,
  input: SendInput,
  validated: ReturnType<typeof validateSendInput>,
  snapshot: unknown,
  seams: TurnSeams,
): Turn {
  const { messages, binding, requiredTools: requiredOf } = validated;
  let recorder: TurnRecorder | undefined;
  // code mode: `exec` joins R on every step and the actor's bound list, never B (C3)
  const codeMode =
    (input.toolMode ?? shared.toolMode) === 'code'
      ? createTurnCodeMode({
          binding,
          limits: shared.codeMode,
          nestedObserver: (stepIndex) => recordNestedCalls(recorder!, stepIndex),
          isClientTool: (name) => input.clientTools !== undefined && Object.hasOwn(input.clientTools, name),
        })
      : undefined;
  const requiredTools: typeof requiredOf = codeMode === undefined ? requiredOf : (state) => codeMode.withExec(requiredOf(state));
  const catalog = { bound: (codeMode ?? binding).bound, tools: (codeMode ?? binding).providerTools };
  const restored =
    snapshot === undefined
      ? undefined
      : restoreTurnSnapshot({
          snapshot,
          catalog,
          direct: binding.direct,
          offerSearch: binding.offerSearch,
          requiredOf: (state) => requiredTools({ ...state, messages: state.messages as ModelMessage[] }),
        });
  // R of step 0 is asked before the actor exists; a failure fails the turn before any request, like later steps' (C3)
  let required: readonly string[] = [];
  let startFailure: TurnError | undefined;
  if (restored === undefined) {
    try {
      required = requiredTools({ stepIndex: 0, active: [], messages });
    } catch (error) {
      startFailure = turnErrorOf(error, 'TurnError');
    }
  }
  const turnId = restored?.context.turnId ?? shared.generateId();
  const parts = createPartQueue<TurnStreamPart>();
  const turnRecorder = createTurnRecorder({ turnId, now: shared.now, parts, telemetry: shared.telemetry, sourceOf: binding.sourceOf });
  recorder = turnRecorder;
  const instructions = [binding.instructions, input.instructions].filter((text) => text !== undefined).join('\n\n') || undefined;
  const directSet = new Set(binding.direct);
  const originOf = (visible: readonly string[], required: readonly string[], name: string): TelemetryToolOrigin =>
    visible.includes(name) ? originIn(directSet, required)(name) : catalog.bound.includes(name) ? 'hidden' : 'unknown';

  /** Set the first time the caller's `inspect` observer throws: the turn then fails with it. */
  let inspectError: TurnError | undefined;
  const inspect = createTurnInspector({
    inspect: input.inspect,
    // every state the turn actor takes, with the event that caused it, for `machine.transition` records (replay);
    // a call's start, result or search record only books a fact in the context, so it writes none
    internal: shared.telemetry.wantsInspection
      ? (event: InspectionEvent) => {
          if (event.type !== '@xstate.snapshot' || event.actorRef.sessionId !== event.rootId || BOOKKEEPING_EVENTS.has(event.event.type)) return;
          const snapshot = event.snapshot as ReturnType<TurnActor['getSnapshot']>;
          turnRecorder.transition(snapshot.context.stepIndex, stateValueToString(snapshot.value), event.event.type);
        }
      : undefined,
    onInspectError: (error) => {
      inspectError = error;
      // the observer threw inside xstate's processing (maybe while the actor is created): stop the actor after it
      queueMicrotask(() => failTurn(error));
    },
  });
  const actor: TurnActor = createTurnActor(
    {
      callModel: createModelCaller({
        model: input.model,
        instructions,
        tools: catalog.tools,
        schemaCharsOf: (codeMode ?? binding).schemaCharsOf,
        recorder: turnRecorder,
        ...(seams.callModelStep === undefined ? {} : { callProvider: seams.callModelStep }),
      }),
      executeToolCalls: createStepExecutor({ shared, binding, codeMode, recorder: turnRecorder, requiredTools, machineContext: () => actor.getSnapshot().context }),
    },
    {
      ...(restored === undefined
        ? {
            input: {
              turnId,
              bound: catalog.bound,
              direct: binding.direct,
              required,
              offerSearch: binding.offerSearch,
              messages,
              maxSteps: shared.maxSteps,
              retry: shared.retry,
            },
          }
        : { snapshot: restored.persisted }),
      ...(inspect === undefined ? {} : { inspect }),
    },
  );

  /** Takes the snapshot of the latest step boundary (once, when first asked for). */
  let latestSnapshot: (() => TurnSnapshot) | undefined;
  const recordClosed = (stepIndex: number, results: readonly TurnToolResult[]) => {
    const { visible, required } = actor.getSnapshot().context;
    for (const result of results) turnRecorder.toolResult(stepIndex, result, originOf(visible, required, result.toolName));
  };
  actor.on('retry', (event) => turnRecorder.retry({ stepIndex: event.stepIndex, attempt: event.attempt, delayMs: event.delayMs, error: event.error.message }));
  actor.on('activation', (event) => turnRecorder.activation(event.stepIndex, event.names));
  actor.on('search', (event) => turnRecorder.search(event.stepIndex, event.toolCallId, event.record as Parameters<typeof turnRecorder.search>[2]));
  actor.on('calls-closed', (event) => recordClosed(event.stepIndex, event.results));
  actor.on('step-end', (event) => {
    // a boundary the turn goes on from (not its end): the actor's state now is the turn there (C28)
    const persisted = actor.getSnapshot().status === 'active' ? actor.getPersistedSnapshot() : undefined;
    let taken: TurnSnapshot | undefined;
    // converted only when someone reads it (the part's snapshot or turn.snapshot()): the JSON conversion walks the transcript
    const take = persisted === undefined ? undefined : () => (taken ??= takeTurnSnapshot(persisted, catalog));
    if (take !== undefined) latestSnapshot = take;
    turnRecorder.stepEnd(event.stepIndex, event.finishReason, event.toolCalls, take);
  });

  let resolveResult!: (result: TurnResult) => void;
  const result = new Promise<TurnResult>((resolve) => {
    resolveResult = resolve;
  });
  /** Set once the turn's end is recorded and `result` resolved: every later ending is a no-op. */
  let ended = false;
  /** Stops listening to the caller's signal; set while the actor runs (one listener per signal, shared by its turns). */
  let stopListening = () => {};
  const endTurn = (output: TurnMachineOutput) => {
    if (ended) return;
    ended = true;
    stopListening();
    subscription.unsubscribe();
    const turnResult = turnResultOf(output);
    turnRecorder.turnEnd({ stepIndex: output.stepIndex, status: output.status, reason: output.finishReason, steps: output.stepRecords.length, usage: turnResult.usage, error: output.error });
    resolveResult(turnResult);
  };
  /**
   * Ends the turn `failed` (`execution-error`) from outside the machine: a requiredTools
   * failure at step 0, a throwing `inspect` observer, a throwing machine action. A running
   * actor is stopped, which aborts its model call and its tools like a cancel; the result is
   * built from its context as the machine would (closeRunningStepOf).
   */
  const failTurn = (error: TurnError, text = '') => {
    if (ended) return;
    const wasRunning = actor.getSnapshot().status === 'active';
    if (wasRunning) actor.stop();
    const context = actor.getSnapshot().context;
    const closing = wasRunning ? closeRunningStepOf(context, timeOf(shared.now).at ?? 0) : undefined;
    if (closing !== undefined) {
      recordClosed(context.stepIndex, closing.closed);
      turnRecorder.stepEnd(context.stepIndex, context.stepFinishReason, closing.closingResults.length, undefined);
    }
    endTurn({
      status: 'failed',
      finishReason: 'execution-error',
      error,
      steps: context.stepIndex + 1,
      messages: context.messages,
      text,
      turnId,
      stepIndex: context.stepIndex,
      stepRecords: closing?.stepRecords ?? context.stepRecords,
      usage: context.usage,
      activated: [...new Set([...context.activated, ...activationsOf(context)])],
      closingResults: closing?.closingResults ?? context.closingResults,
    });
  };
  const subscription = actor.subscribe({
    next: (snapshot) => {
      if (snapshot.status !== 'done') return;
      // xstate sends the done snapshot's inspection event after this call: end the turn after
      // it, so an inspect observer that throws there still fails the turn
      const output = snapshot.output;
      queueMicrotask(() => (inspectError === undefined ? endTurn(output) : failTurn(inspectError, output.text)));
    },
    // a throwing machine action is a bug; the turn still ends with a reason, never a rejection
    error: (error: unknown) => failTurn(turnErrorOf(error, 'TurnError')),
  });

  const context = actor.getSnapshot().context;
  turnRecorder.turnStart({
    boundTools: binding.bound.length,
    boundSchemaChars: binding.boundSchemaChars,
    directTools: binding.direct,
    deferredTools: binding.deferred.length,
    requiredTools: restored === undefined ? required : context.required,
    offersToolSearch: binding.offerSearch,
    ...(restored === undefined ? {} : { resumedAtStep: context.stepIndex }),
  });
  const failedBeforeStart = startFailure ?? inspectError;
  const abortSignal = input.abortSignal;
  const onAbort = () => actor.send({ type: 'CANCEL', reason: abortReason(abortSignal), ...timeOf(shared.now) });
  if (failedBeforeStart !== undefined) {
    // the actor is not started: no step, no request
    failTurn(failedBeforeStart);
  } else {
    if (abortSignal !== undefined) stopListening = listenToAbort({ signal: abortSignal, onAbort });
    actor.start();
    if (abortSignal?.aborted) onAbort();
  }

  return {
    turnId,
    stream: parts,
    result,
    cancel: (reason?: string) => {
      if (!ended) actor.send({ type: 'CANCEL', ...timeOf(shared.now), ...(reason === undefined ? {} : { reason }) });
    },
    snapshot: () => latestSnapshot?.(),
    actor,
  };
}

/** The caller's abort signal's reason, as the cancellation reason. */
function abortReason(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return `aborted: ${reason.message}`;
  return reason === undefined ? 'aborted by the caller' : `aborted: ${String(reason)}`;
}
