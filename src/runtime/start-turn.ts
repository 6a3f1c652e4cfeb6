import { setMaxListeners } from 'node:events';
import type { LanguageModelUsage, ModelMessage } from 'ai';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import { retryDelayMs } from '../../machines/retry-delay-ms.js';
import { setOfNames } from '../../machines/set-of-names.js';
import { TOOL_SEARCH_NAME, turnMachine, type TurnEvent, type TurnMachineOutput } from '../../machines/turn-machine.js';
import type { CallModelInput, ExecuteToolCallsInput, ModelStepOutput, TurnError, TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import { createTurnCodeMode } from '../code-mode/create-turn-code-mode.js';
import { recordNestedCalls } from '../code-mode/record-nested-calls.js';
import { checkAvailability } from '../execution/check-availability.js';
import { executeToolCall } from '../execution/execute-tool-call.js';
import type { ToolOrigin } from '../execution/permission.js';
import type { StepExecutionContext } from '../execution/step-execution-context.js';
import { errorModelOutput } from '../execution/to-model-output.js';
import { toToolMessage } from '../execution/to-tool-message.js';
import { addUsage, EMPTY_USAGE } from './add-usage.js';
import { callModelStep } from './call-model-step.js';
import { createPartQueue } from './part-queue.js';
import type { SendInput, Turn, TurnResult, TurnStepRecord } from './runtime-options.js';
import type { RuntimeShared } from './runtime-shared.js';
import type { TurnStreamPart } from './turn-stream-part.js';
import { validateSendInput } from './validate-send-input.js';
import { createStepSearch } from './create-step-search.js';
import { createTurnActor } from './create-turn-actor.js';
import { createTurnInspector } from './create-turn-inspector.js';
import { createTurnRecorder } from './create-turn-recorder.js';
import { listenToAbort } from './listen-to-abort.js';
import { turnErrorOf } from './turn-error-of.js';
import type { TelemetryToolOrigin } from '../telemetry/telemetry-record.js';
import { stateValueToString } from '../telemetry/state-value-to-string.js';

type TurnSnapshot = SnapshotFrom<typeof turnMachine>;

/**
 * Starts one turn: wires a fresh turn actor to the model call, the execution pipeline and the
 * turn's stream (design.md). Everything mutable lives in this closure and in the actor, so
 * overlapping turns share nothing (C17, C19).
 *
 * Failures while the turn runs never throw from here and never reject `result`: a
 * `requiredTools` function that throws or answers wrongly (at step 0 too) or an `inspect`
 * observer that throws ends the turn `failed` with reason `execution-error`.
 *
 * @throws {UnboundToolError} / {InvalidOptionError} / {ReservedToolNameError} /
 *   {InvalidToolNameError} / {ClientToolNameCollisionError} for a bad `SendInput` (see validateSendInput).
 */
export function startTurn(
  shared: RuntimeShared,
  input: SendInput,
  /** Test seam: replaces the provider call (default: one `streamText` step). */
  seams: { readonly callModelStep?: typeof callModelStep } = {},
): Turn {
  const callProvider = seams.callModelStep ?? callModelStep;
  const { messages, binding, requiredTools: requiredOf } = validateSendInput(shared, input);
  // code mode: `exec` joins R on every step and the actor's bound list, never B (C3)
  const codeMode =
    (input.toolMode ?? shared.toolMode) === 'code'
      ? createTurnCodeMode({
          binding,
          limits: shared.codeMode,
          nestedObserver: (stepIndex) => recordNestedCalls(recorder, stepIndex),
          isClientTool: (name) => input.clientTools !== undefined && Object.hasOwn(input.clientTools, name),
        })
      : undefined;
  const requiredTools: typeof requiredOf = codeMode === undefined ? requiredOf : (state) => codeMode.withExec(requiredOf(state));
  // R of step 0 is asked here, before the actor exists; a failure fails the turn before any request, like later steps' (C3)
  let required: readonly string[] = [];
  let startFailure: TurnError | undefined;
  try {
    required = requiredTools({ stepIndex: 0, active: [], messages });
  } catch (error) {
    startFailure = turnErrorOf(error, 'TurnError');
  }
  const turnId = shared.generateId();
  const parts = createPartQueue<TurnStreamPart>();
  const recorder = createTurnRecorder({ turnId, now: shared.now, parts, telemetry: shared.telemetry, sourceOf: binding.sourceOf });
  const steps: TurnStepRecord[] = [];
  let usage: LanguageModelUsage = EMPTY_USAGE;
  let activated: string[] = [];
  /**
   * The step whose tool calls are running: recorded in `steps` when they settle, or, when the
   * turn ends first, closed with a `cancelled` result for every unfinished call. `startedAt`
   * holds, per call id, when the pipeline started the call (`shared.now()`, in ms).
   */
  let runningStep:
    | {
        record: Omit<TurnStepRecord, 'toolResults'>;
        calls: readonly TurnToolCall[];
        startedAt: Map<string, number>;
        settled: Map<string, TurnToolResult>;
        /** Calls whose `execute` (or ranking) began: a cancelled call not in it did not run. */
        executed: Set<string>;
      }
    | undefined;
  const directSet = new Set(binding.direct);
  const boundSet = setOfNames(binding.bound);
  const originIn = (required: readonly string[]) => (name: string): ToolOrigin =>
    name === TOOL_SEARCH_NAME ? 'search' : required.includes(name) ? 'required' : directSet.has(name) ? 'direct' : 'discovered';
  const instructions = [binding.instructions, input.instructions].filter((text) => text !== undefined).join('\n\n') || undefined;

  const callModel = async (step: CallModelInput, signal: AbortSignal): Promise<ModelStepOutput> => {
    recorder.stepStart({
      stepIndex: step.stepIndex,
      attempt: step.attempt,
      visible: step.visible,
      schemaChars: Object.fromEntries(step.visible.map((name) => [name, (codeMode ?? binding).schemaCharsOf(name)])),
    });
    const response = await callProvider({
      model: input.model,
      instructions,
      messages: step.messages as ModelMessage[],
      tools: (codeMode ?? binding).providerTools,
      visible: step.visible,
      abortSignal: signal,
      onTextDelta: (text) => recorder.textDelta(step.stepIndex, step.attempt, text),
    });
    usage = addUsage(usage, response.usage);
    for (const call of response.toolCalls) recorder.toolCall(step.stepIndex, call);
    if (response.toolCalls.length === 0) {
      steps.push({ stepIndex: step.stepIndex, visible: step.visible, attempts: step.attempt, text: response.text, finishReason: response.finishReason, toolResults: [] });
      recorder.stepEnd(step.stepIndex, response.finishReason, 0);
    } else {
      runningStep = {
        record: { stepIndex: step.stepIndex, visible: step.visible, attempts: step.attempt, text: response.text, finishReason: response.finishReason },
        calls: response.toolCalls,
        startedAt: new Map(),
        settled: new Map(),
        executed: new Set(),
      };
    }
    return response;
  };

  const executeToolCalls = (step: ExecuteToolCallsInput, sendBack: (event: TurnEvent) => void) => {
    const controller = new AbortController();
    // Each call of the step (and each nested call of code mode) listens to this signal while it
    // runs and stops when it settles: many parallel calls are many listeners, not a leak, so
    // Node's warning past 10 ("MaxListenersExceededWarning") is turned off for it.
    setMaxListeners(0, controller.signal);
    /** Set when every call settled: stopping the actor then has nothing to abort (and skips building an Error per step). */
    let settledAll = false;
    const originOf = originIn(step.required);
    const context: StepExecutionContext = {
      turnId,
      stepIndex: step.stepIndex,
      visible: new Set(step.visible),
      resolveTool: codeMode === undefined ? binding.resolveTool : (name) => codeMode.resolveTool(name, context),
      bound: binding.bound,
      offersToolSearch: binding.offerSearch,
      originOf,
      isPendingActivation: (name) => actor.getSnapshot().context.pending.includes(name),
      runSearch: createStepSearch({
        shared,
        binding,
        recorder,
        stepIndex: step.stepIndex,
        required: step.required,
        activationState: () => actor.getSnapshot().context,
        sendBack,
      }),
      permission: shared.permission,
      pipeline: shared.pipeline,
      messages: (actor.getSnapshot().context.messages as ModelMessage[]).slice(0, -1),
      abortSignal: controller.signal,
      now: shared.now,
      onExecuteStart: (toolCallId) => runningStep?.executed.add(toolCallId),
    };
    const telemetryOrigin = (name: string): TelemetryToolOrigin =>
      context.visible.has(name) ? originOf(name) : boundSet.has(name) ? 'hidden' : 'unknown';
    void (async () => {
      const settled = await Promise.all(
        step.toolCalls.map(async (call) => {
          runningStep?.startedAt.set(call.toolCallId, shared.now());
          recorder.toolExecutionStart(step.stepIndex, call, telemetryOrigin(call.toolName));
          const result = await executeToolCall({ call, context });
          if (!controller.signal.aborted) {
            runningStep?.settled.set(call.toolCallId, result);
            if (result.outcome !== 'rejected-hidden') recorder.toolResult(step.stepIndex, result, telemetryOrigin(call.toolName));
          }
          return result;
        }),
      );
      if (controller.signal.aborted) return;
      // The rejection was decided on the step-start snapshot (C14); only its wording waits for the
      // step's searches, so a tool a parallel search just loaded is named as callable next step.
      const results = settled.map((result) => {
        if (result.outcome !== 'rejected-hidden') return result;
        const message = checkAvailability(result.toolName, context)?.message ?? String(result.output);
        const rejected = { ...result, output: message, modelOutput: errorModelOutput(message) };
        recorder.toolResult(step.stepIndex, rejected, telemetryOrigin(result.toolName));
        return rejected;
      });
      const message = toToolMessage(results);
      const { active, pending, messages: transcript } = actor.getSnapshot().context;
      // R for the next step, from the state it will start with; a function that throws fails the
      // turn, and the step is then closed with its results (closeRunningStep)
      const nextRequired = requiredTools({
        stepIndex: step.stepIndex + 1,
        active: [...active, ...pending.filter((name) => !active.includes(name))],
        messages: [...(transcript as ModelMessage[]), message],
      });
      recordStep(step.stepIndex, results);
      settledAll = true;
      sendBack({ type: 'TOOL_CALLS_SETTLED', results, messages: [message], required: nextRequired });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      // a RequiredToolsError keeps its name; anything else here is a bug of the execution step
      sendBack({ type: 'TOOL_EXECUTION_FAILED', error: turnErrorOf(error, 'ToolExecutionError') });
    });
    return () => {
      if (!settledAll) controller.abort(new Error('The turn was cancelled.'));
    };
  };

  /** The type of the last event the turn actor received, for `machine.transition` records. */
  let lastEventType = 'xstate.init';
  function trackRootEvents(event: InspectionEvent): void {
    if (event.type === '@xstate.event' && event.actorRef.sessionId === event.rootId) lastEventType = event.event.type;
  }

  const recordStep = (stepIndex: number, results: readonly TurnToolResult[]) => {
    if (runningStep === undefined || runningStep.record.stepIndex !== stepIndex) return;
    steps.push({ ...runningStep.record, toolResults: results });
    recorder.stepEnd(stepIndex, runningStep.record.finishReason, results.length);
    runningStep = undefined;
  };

  /**
   * When the turn ends while a step's tools run, every call still gets a result — the finished
   * ones keep theirs, the others are `cancelled`, saying whether their `execute` had begun
   * ("it did not run" when it had not) — so no result is lost and the transcript
   * stays valid to continue (each tool call has its result). A cancelled call's `durationMs`
   * runs from its start to now, when the turn closes it; 0 for a call that never started.
   */
  const closeRunningStep = (): ModelMessage[] => {
    if (runningStep === undefined) return [];
    const { record, calls, startedAt, settled, executed } = runningStep;
    const closedAt = shared.now();
    const results = calls.map((call) => {
      const result = settled.get(call.toolCallId);
      if (result !== undefined) return result;
      const message = executed.has(call.toolCallId)
        ? `The turn ended before ${call.toolName} finished; it may or may not have taken effect.`
        : `The turn ended before ${call.toolName} started; it did not run.`;
      const callStartedAt = startedAt.get(call.toolCallId);
      const durationMs = callStartedAt === undefined ? 0 : Math.max(0, closedAt - callStartedAt);
      const cancelled: TurnToolResult = { toolCallId: call.toolCallId, toolName: call.toolName, outcome: 'cancelled', output: message, modelOutput: errorModelOutput(message), durationMs };
      recorder.toolResult(record.stepIndex, cancelled, record.visible.includes(call.toolName) ? originIn(actor.getSnapshot().context.required)(call.toolName) : boundSet.has(call.toolName) ? 'hidden' : 'unknown');
      return cancelled;
    });
    recordStep(record.stepIndex, results);
    return [toToolMessage(results)];
  };

  /** Set the first time the caller's `inspect` observer throws: the turn then fails with it. */
  let inspectError: TurnError | undefined;
  const inspect = createTurnInspector({
    inspect: input.inspect,
    internal: shared.telemetry.wantsInspection ? trackRootEvents : undefined,
    onInspectError: (error) => {
      inspectError = error;
      // the observer threw inside xstate's processing (maybe while the actor is created): stop the actor after it
      queueMicrotask(() => failTurn(error));
    },
  });
  const actor = createTurnActor({ callModel, executeToolCalls }, {
    input: {
      turnId,
      bound: (codeMode ?? binding).bound,
      direct: binding.direct,
      required,
      offerSearch: binding.offerSearch,
      messages,
      maxSteps: shared.maxSteps,
      retry: shared.retry,
    },
    ...(inspect === undefined ? {} : { inspect }),
  });

  let resolveResult!: (result: TurnResult) => void;
  const result = new Promise<TurnResult>((resolve) => {
    resolveResult = resolve;
  });
  /** Set once the turn's end is recorded and `result` resolved: every later ending is a no-op. */
  let ended = false;
  const onAbort = () => actor.send({ type: 'CANCEL', reason: abortReason(input.abortSignal) });
  /** Stops listening to the caller's signal; set while the actor runs (one listener per signal, shared by its turns). */
  let stopListening = () => {};
  const endTurn = (output: TurnMachineOutput, stepIndex: number) => {
    if (ended) return;
    if (inspectError !== undefined) return failTurn(inspectError, output.text);
    ended = true;
    const closingMessages = closeRunningStep();
    recorder.turnEnd({ stepIndex, status: output.status, reason: output.finishReason, steps: steps.length, usage, error: output.error });
    stopListening();
    subscription.unsubscribe();
    resolveResult({
      turnId,
      status: output.status,
      reason: output.finishReason,
      text: output.text,
      steps,
      messages: [...(output.messages as ModelMessage[]), ...closingMessages],
      usage,
      activated,
      ...(output.error === undefined ? {} : { error: output.error }),
    });
  };
  /**
   * Ends the turn `failed` (`execution-error`) from outside the machine: a requiredTools
   * failure at step 0, a throwing `inspect` observer, a throwing machine action. A running
   * actor is stopped, which aborts its model call and its tools like a cancel.
   */
  const failTurn = (error: TurnError, text = '') => {
    if (ended) return;
    ended = true;
    subscription.unsubscribe();
    stopListening();
    if (actor.getSnapshot().status === 'active') actor.stop();
    const closingMessages = closeRunningStep();
    const { stepIndex, messages: transcript } = actor.getSnapshot().context;
    recorder.turnEnd({ stepIndex, status: 'failed', reason: 'execution-error', steps: steps.length, usage, error });
    resolveResult({
      turnId,
      status: 'failed',
      reason: 'execution-error',
      text,
      steps,
      messages: [...(transcript as ModelMessage[]), ...closingMessages],
      usage,
      activated,
      error,
    });
  };
  let wasBackingOff = false;
  const subscription = actor.subscribe({
    next: (snapshot: TurnSnapshot) => {
      if (shared.telemetry.wantsInspection) {
        recorder.transition(snapshot.context.stepIndex, stateValueToString(snapshot.value), lastEventType);
      }
      if (snapshot.status === 'active') {
        const backingOff = snapshot.matches({ awaitingStep: 'backingOff' });
        if (backingOff && !wasBackingOff) {
          const { stepIndex, attempt, retry, error } = snapshot.context;
          recorder.retry({ stepIndex, attempt, delayMs: retryDelayMs(retry, attempt), error: error?.message ?? '' });
        }
        wasBackingOff = backingOff;
        const { active, pending } = snapshot.context;
        activated = [...active, ...pending.filter((name) => !active.includes(name))];
        return;
      }
      if (snapshot.status !== 'done') return;
      // xstate sends the done snapshot's inspection event after this call: end the turn after
      // it, so an inspect observer that throws there still fails the turn
      const output = snapshot.output as TurnMachineOutput;
      queueMicrotask(() => endTurn(output, snapshot.context.stepIndex));
    },
    // a throwing machine action is a bug; the turn still ends with a reason, never a rejection
    error: (error: unknown) => failTurn(turnErrorOf(error, 'TurnError')),
  });

  recorder.turnStart({
    boundTools: binding.bound.length,
    boundSchemaChars: binding.boundSchemaChars,
    directTools: binding.direct,
    deferredTools: binding.deferred.length,
    requiredTools: required,
    offersToolSearch: binding.offerSearch,
  });
  const failedBeforeStart = startFailure ?? inspectError;
  if (failedBeforeStart !== undefined) {
    // the actor is not started: no step, no request
    failTurn(failedBeforeStart);
  } else {
    if (input.abortSignal !== undefined) stopListening = listenToAbort({ signal: input.abortSignal, onAbort });
    actor.start();
    if (input.abortSignal?.aborted) onAbort();
  }

  return {
    turnId,
    stream: parts,
    result,
    cancel: (reason?: string) => {
      if (!ended) actor.send({ type: 'CANCEL', ...(reason === undefined ? {} : { reason }) });
    },
    actor,
  };
}

/** The caller's abort signal's reason, as the cancellation reason. */
function abortReason(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return `aborted: ${reason.message}`;
  return reason === undefined ? 'aborted by the caller' : `aborted: ${String(reason)}`;
}
