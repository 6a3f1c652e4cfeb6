import { setOfNames } from '../../machines/set-of-names.js';
import { setMaxListeners } from 'node:events';
import type { ModelMessage } from 'ai';
import { activationsOf, TOOL_SEARCH_NAME, type TurnContext, type TurnEvent } from '../../machines/turn-machine.js';
import type { ExecuteToolCallsInput } from '../../machines/turn-types.js';
import type { TurnCodeMode } from '../code-mode/create-turn-code-mode.js';
import { checkAvailability } from '../execution/check-availability.js';
import { duplicateCallResult } from '../execution/duplicate-call-result.js';
import { executeToolCall } from '../execution/execute-tool-call.js';
import { answerOpenCall } from '../execution/answer-open-call.js';
import { isAwaiting, openAwaitingCalls } from './open-awaiting-calls.js';
import type { ToolOrigin } from '../execution/permission.js';
import type { StepExecutionContext } from '../execution/step-execution-context.js';
import { errorModelOutput } from '../execution/to-model-output.js';
import { toToolMessage } from '../execution/to-tool-message.js';
import type { TelemetryToolOrigin } from '../telemetry/telemetry-record.js';
import type { TurnBinding } from './create-turn-binding.js';
import { createStepSearch } from './create-step-search.js';
import { createStepTools } from './create-step-tools.js';
import type { TurnRecorder } from './create-turn-recorder.js';
import type { RequiredToolsState } from './runtime-options.js';
import type { RuntimeShared } from './runtime-shared.js';
import { turnErrorOf } from './turn-error-of.js';
import { evaluateStopWhen, stopWhenSteps, type TurnStopWhen } from './stop-when-steps.js';
import { ANSWERING_STEP_REASON } from './answering-snapshot.js';
import { stepRecordOf } from '../../machines/turn-records.js';

/** `{ at }` from the runtime's clock, or nothing when the clock itself throws (the turn must still end). */
export function timeOf(now: () => number): { at?: number } {
  try {
    return { at: now() };
  } catch {
    return {};
  }
}

/**
 * How a visible tool of a step came to be visible, given that step's R; for the permission
 * check and telemetry (`search`, `required`, `direct`, `discovered`).
 */
export function originIn(direct: ReadonlySet<string>, required: readonly string[]): (name: string) => ToolOrigin {
  return (name) => (name === TOOL_SEARCH_NAME ? 'search' : required.includes(name) ? 'required' : direct.has(name) ? 'direct' : 'discovered');
}

/** What {@link createStepExecutor} needs: the runtime's and the turn's parts. */
export interface StepExecutorOptions {
  readonly shared: RuntimeShared;
  readonly binding: TurnBinding;
  readonly codeMode: TurnCodeMode | undefined;
  readonly recorder: TurnRecorder;
  /** R of a step, from the state it starts with; throws a RequiredToolsError to fail the turn. */
  readonly requiredTools: (state: RequiredToolsState) => readonly string[];
  /** The turn actor's current context (read, never written: the machine owns it). */
  readonly machineContext: () => TurnContext;
  /** The turn's `stopWhen` (the send's, else the runtime's), asked once a step's calls settled. Default: none. */
  readonly stopWhen?: TurnStopWhen;
  /** A step's usage as the model answered it, for `stopWhen`'s steps; `undefined` when not recorded. */
  readonly usageOf?: (stepIndex: number) => unknown;
  /** The turn's `toolsContext` (by tool name, each `execute`'s `context`) and `runtimeContext` (on `stopWhen`'s steps). Default: none. */
  readonly contexts?: { readonly toolsContext?: Readonly<Record<string, unknown>>; readonly runtimeContext?: unknown };
}

/**
 * The `executeToolCalls` of one turn (the machine's invoked callback actor): runs every call of
 * the step in parallel through the one pipeline (C4) against the step-start visible set (C14),
 * and reports to the machine — `TOOL_CALL_STARTED`, `EXECUTE_STARTED` and `TOOL_RESULT` per call (so a turn that
 * ends mid-step keeps every result in its context), `ACTIVATE` / `SEARCH_DONE` from searches,
 * then `TOOL_CALLS_SETTLED` with the results, the tool message, R for the next step and the
 * turn's `stopWhen` answer (`stop`, asked only when no call awaits a person), or
 * `TOOL_EXECUTION_FAILED` when the runtime's own code (or a `requiredTools` function) broke, or
 * `stopWhen` threw or rejected (error `StopConditionError`, code `stop-condition`).
 * The returned cleanup aborts the calls still running when the actor is stopped.
 */
export function createStepExecutor(options: StepExecutorOptions): (step: ExecuteToolCallsInput, sendBack: (event: TurnEvent) => void) => () => void {
  const { shared, binding, codeMode, recorder } = options;
  const directSet = new Set(binding.direct);
  const boundSet = setOfNames(binding.bound);
  return (step, sendBack) => {
    const controller = new AbortController();
    // Each call of the step (and each nested call of code mode) listens to this signal while it
    // runs and stops when it settles: many parallel calls are many listeners, not a leak, so
    // Node's warning past 10 ("MaxListenersExceededWarning") is turned off for it.
    setMaxListeners(0, controller.signal);
    /** Set when every call settled: stopping the actor then has nothing to abort (and skips building an Error per step). */
    let settledAll = false;
    const originOf = originIn(directSet, step.required);
    const search = binding.toolSearch === undefined ? undefined : createStepSearch({
      definition: binding.toolSearch,
      shared,
      binding,
      required: step.required,
      visible: step.visible,
      activationState: options.machineContext,
      sendBack,
    });
    const context: StepExecutionContext = {
      turnId: step.turnId,
      stepIndex: step.stepIndex,
      visible: new Set(step.visible),
      resolveTool: createStepTools({ resolveBound: binding.resolveTool, search, exec: codeMode === undefined ? undefined : () => codeMode.execTool(context) }),
      bound: binding.bound,
      offersToolSearch: binding.offerSearch,
      loadBudget: { maxSchemaChars: shared.search.maxSchemaChars, schemaCharsOf: binding.schemaCharsOf },
      originOf,
      isPendingActivation: (name) => options.machineContext().pending.includes(name),
      permission: shared.permission,
      pipeline: shared.pipeline,
      messages: (options.machineContext().messages as ModelMessage[]).slice(0, -1),
      abortSignal: controller.signal,
      now: shared.now,
      ...(options.contexts?.toolsContext === undefined ? {} : { toolsContext: options.contexts.toolsContext }),
      // in the same synchronous run as execute: a cancel right after it knows the call may have taken effect
      onExecuteStart: (toolCallId) => {
        if (!controller.signal.aborted) sendBack({ type: 'EXECUTE_STARTED', toolCallId });
      },
    };
    const telemetryOrigin = (name: string): TelemetryToolOrigin =>
      context.visible.has(name) ? originOf(name) : boundSet.has(name) ? 'hidden' : 'unknown';
    void (async () => {
      const settled = await Promise.all(
        step.toolCalls.map(async (call) => {
          sendBack({ type: 'TOOL_CALL_STARTED', toolCallId: call.toolCallId, at: shared.now() });
          recorder.toolExecutionStart(step.stepIndex, call, telemetryOrigin(call.toolName));
          const result =
            call.duplicateOf !== undefined
              ? duplicateCallResult(call)
              : call.answer !== undefined
                ? await answerOpenCall({ call, answer: call.answer, context })
                : await executeToolCall({ call, context, awaitPerson: true });
          if (!controller.signal.aborted) {
            sendBack({ type: 'TOOL_RESULT', result });
            // a hidden call's wording waits for the step's searches, an awaiting call's for its request to be recorded
            if (result.outcome !== 'rejected-hidden' && !isAwaiting(result)) recorder.toolResult(step.stepIndex, result, telemetryOrigin(call.toolName));
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
      // calls that await a person are recorded and leave the step open: no tool result for them (C27)
      const opened = results.some(isAwaiting)
        ? await openAwaitingCalls({ results, toolCalls: step.toolCalls, turnId: step.turnId, stepIndex: step.stepIndex, store: shared.pipeline.approvalStore, now: shared.now, signal: controller.signal, messages: options.machineContext().messages })
        : { results, assistantMessage: undefined };
      if (opened === undefined || controller.signal.aborted) return;
      for (const [index, result] of opened.results.entries()) {
        if (isAwaiting(results[index]!)) recorder.toolResult(step.stepIndex, result, telemetryOrigin(result.toolName));
      }
      const answered = opened.results.filter((result) => !isAwaiting(result));
      const message = toToolMessage(answered);
      const machine = options.machineContext();
      // R for the next step, from the state it will start with; a function that throws fails the
      // turn, and the machine then closes the step with its results
      const required = options.requiredTools({
        stepIndex: step.stepIndex + 1,
        active: activationsOf(machine),
        messages: [...(machine.messages as ModelMessage[]), message],
      });
      // asked only when no call awaits a person, and not after an answering step (C27: streamText runs approved calls before its first step)
      const stop = options.stopWhen === undefined || machine.stepFinishReason === ANSWERING_STEP_REASON || answered.length < opened.results.length
        ? { stop: false }
        : await evaluateStopWhen(options.stopWhen, stopWhenSteps(machine.stepRecords, { record: stepRecordOf(machine, opened.results), toolCalls: step.toolCalls }, machine.messages, options.usageOf ?? (() => undefined), options.contexts));
      if (controller.signal.aborted) return;
      settledAll = true;
      if ('error' in stop) {
        sendBack({ type: 'TOOL_EXECUTION_FAILED', error: { name: 'StopConditionError', message: stop.error, isRetryable: false, code: 'stop-condition' }, ...timeOf(shared.now) });
        return;
      }
      sendBack({
        type: 'TOOL_CALLS_SETTLED',
        results: opened.results,
        messages: answered.length === 0 ? [] : [message],
        required,
        ...(opened.assistantMessage === undefined ? {} : { assistantMessage: opened.assistantMessage }),
        ...(stop.stop ? { stop: true } : {}),
      });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      // a RequiredToolsError keeps its name; anything else here is a bug of the execution step
      sendBack({ type: 'TOOL_EXECUTION_FAILED', error: turnErrorOf(error, 'ToolExecutionError'), ...timeOf(shared.now) });
    });
    return () => {
      if (!settledAll) controller.abort(new Error('The turn was cancelled.'));
    };
  };
}
