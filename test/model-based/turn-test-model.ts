import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { TOOL_SEARCH_NAME, turnMachine, type TurnEvent, type TurnMachineInput } from '../../machines/turn-machine.js';
import type { ModelStepOutput, TurnToolCall } from '../../machines/turn-types.js';

/** A snapshot of the pure turn machine, as the test model walks it. */
export type TurnModelSnapshot = SnapshotFrom<typeof turnMachine>;

/**
 * The events the test model may take. Beside the machine's own events, the invoke results of
 * `callModel` and the retry delay are events here, named as xstate names them.
 */
export type TurnModelEvent =
  | TurnEvent
  /** The event of a path's first step (xstate/graph names it so): the turn starts. */
  | { type: 'xstate.init' }
  | { type: typeof MODEL_ANSWERED; output: ModelStepOutput }
  | { type: typeof MODEL_FAILED; error: { name: string; message: string; isRetryable: boolean } }
  | { type: typeof RETRY_DELAY_ELAPSED };

/** `callModel` is the first invoke of `awaitingStep.requesting`: xstate names its events after it. */
export const MODEL_ANSWERED = 'xstate.done.actor.0.turn.awaitingStep.requesting';
export const MODEL_FAILED = 'xstate.error.actor.0.turn.awaitingStep.requesting';
export const RETRY_DELAY_ELAPSED = 'xstate.after.retryDelay.turn.awaitingStep.backingOff';

/** The one tool every answer with tool calls also calls; the driver holds it to keep the step open. */
export const HELD_TOOL = 'Read';

/**
 * The test model over `turnMachine` (design.md: model-based tests from `xstate/graph`).
 *
 * `createTestModel` refuses machines with `invoke` or `after` (xstate 5.33's validateMachine),
 * and the turn machine has both by design, so this builds the `TestModel` it wraps, with:
 * - `events`: what can happen in each state, as a scripted model and tools can make it happen
 *   (the model answers in four shapes — five once a tool left R, and at step 0 one calling the
 *   client-side tool, whose step settles awaiting the client — or fails retryably or not; a
 *   search of the step activates its match; the step's calls settle with R unchanged or with
 *   {@link nextRequired} for the next step, or with the turn's `stopWhen` true (`stop`), or the pipeline breaks; the retry delay passes; CANCEL);
 * - `filterEvents`: only orders the runtime can produce (a search activates before its step
 *   settles, and only a name it has not activated yet);
 * - `serializeState`: a state is its value, step, attempt, visible set (in order), active,
 *   pending, R and the step's calls (not the transcript), and a final state also says where it came from, so a path
 *   exists for every way of ending a turn and for every R a step can start with.
 */
export function createTurnTestModel(input: TurnMachineInput): TestModel<TurnModelSnapshot, TurnModelEvent, TurnMachineInput> {
  const deferred = input.bound.filter((name) => !input.direct.includes(name) && !(input.required ?? []).includes(name));
  return new TestModel<TurnModelSnapshot, TurnModelEvent, TurnMachineInput>(turnMachine as never, {
    input,
    events: (snapshot) => eventsIn(snapshot, deferred),
    filterEvents: (snapshot, event) => {
      if (event.type === 'ACTIVATE') return expectedActivations(snapshot).includes(event.names[0]!);
      // a step with a call of the client-side tool settles with that call awaiting the client, and only then (C27)
      if (event.type === 'TOOL_CALLS_SETTLED') return expectedActivations(snapshot).length === 0 && awaitsClient(event) === callsClientTool(snapshot);
      return true;
    },
    serializeState: (snapshot, _event, previous) => serializeTurnState(snapshot, previous),
    stateMatcher: (snapshot, key) => snapshot.matches(key as never),
  });
}

/** The part of a turn state the model tells apart (and the runtime is compared on). */
export function serializeTurnState(snapshot: TurnModelSnapshot, previous?: TurnModelSnapshot): string {
  const { stepIndex, attempt, visible, active, pending, required, toolCalls, finishReason } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    stepIndex,
    attempt,
    // the order too: once R changes, one R can be reached with two request orders (C20)
    visible,
    active,
    pending,
    required,
    calls: toolCalls.map((call) => call.toolCallId),
    finishReason,
    from: snapshot.status === 'done' ? previous?.value : undefined,
  });
}

/** The client-side tool of the model-based catalog: no `execute`, so a call to it awaits the client (C27). */
export const CLIENT_TOOL = 'ask_user';

function callsClientTool(snapshot: TurnModelSnapshot): boolean {
  return snapshot.context.toolCalls.some((call) => call.toolName === CLIENT_TOOL);
}

function awaitsClient(event: Extract<TurnModelEvent, { type: 'TOOL_CALLS_SETTLED' }>): boolean {
  return event.results.some((result) => result.outcome === 'awaiting-client');
}

/** Names a search of the current step will still activate (its match, unless already known or required). */
export function expectedActivations(snapshot: TurnModelSnapshot): string[] {
  if (!snapshot.matches('executingStep')) return [];
  const { active, pending, required, toolCalls } = snapshot.context;
  return toolCalls
    .filter((call) => call.toolName === TOOL_SEARCH_NAME)
    .map((call) => (call.input as { query: string }).query)
    .filter((name) => !active.includes(name) && !pending.includes(name) && !required.includes(name));
}

/** The tool the model-based catalog requires at the start of a turn. */
export const FIRST_REQUIRED = 'handoff';
/** A deferred tool that a changed R makes visible without a search. */
export const LATER_REQUIRED = 'browser_snapshot';
/** A name outside B in a changed R: it must be dropped, never visible (C1). */
export const UNBOUND_REQUIRED = 'not_bound';

/**
 * R for the next step when a step's calls settle with a change (`TOOL_CALLS_SETTLED.required`,
 * what a `requiredTools` function answers): the orchestration moves on, so the first required
 * tool leaves R and a deferred tool joins it (with a name outside B, which is dropped); the
 * next change moves back.
 */
export function nextRequired(required: readonly string[]): string[] {
  return required.includes(FIRST_REQUIRED) ? [LATER_REQUIRED, UNBOUND_REQUIRED] : [FIRST_REQUIRED];
}

function eventsIn(snapshot: TurnModelSnapshot, deferred: readonly string[]): TurnModelEvent[] {
  if (snapshot.status !== 'active') return [];
  const cancel: TurnModelEvent = { type: 'CANCEL', reason: 'model-based CANCEL' };
  if (snapshot.matches({ awaitingStep: 'backingOff' })) return [{ type: RETRY_DELAY_ELAPSED }, cancel];
  if (snapshot.matches('executingStep')) {
    const awaiting = snapshot.context.toolCalls
      .filter((call) => call.toolName === CLIENT_TOOL)
      .map((call) => ({ toolCallId: call.toolCallId, toolName: CLIENT_TOOL, outcome: 'awaiting-client' as const, output: '', modelOutput: undefined, durationMs: 0 }));
    return [
      ...expectedActivations(snapshot).map((name): TurnModelEvent => ({ type: 'ACTIVATE', names: [name] })),
      { type: 'TOOL_CALLS_SETTLED', results: [], messages: [] },
      ...(awaiting.length === 0 ? [] : [{ type: 'TOOL_CALLS_SETTLED' as const, results: awaiting, messages: [] }]),
      { type: 'TOOL_CALLS_SETTLED', results: [], messages: [], required: nextRequired(snapshot.context.required) },
      // the turn's stopWhen held once the calls settled (never asked when a call awaits the client)
      ...(awaiting.length === 0 ? [{ type: 'TOOL_CALLS_SETTLED' as const, results: [], messages: [], stop: true }] : []),
      { type: 'TOOL_EXECUTION_FAILED', error: { name: 'ToolExecutionError', message: 'the clock broke', isRetryable: false } },
      cancel,
    ];
  }
  const { stepIndex, active, required } = snapshot.context;
  const id = (label: string) => `s${stepIndex}-${label}`;
  const held: TurnToolCall = { toolCallId: id('held'), toolName: HELD_TOOL, input: { path: '/held' } };
  // a required tool is visible already: the model has no reason to search for it
  const next = deferred.find((name) => !active.includes(name) && !required.includes(name));
  const answers: TurnToolCall[][] = [];
  // the tool that left R is hidden again: calling it is rejected, never run (C3, C14)
  if (!required.includes(FIRST_REQUIRED)) answers.push([{ toolCallId: id('left-r'), toolName: FIRST_REQUIRED, input: {} }, held]);
  if (next !== undefined) {
    const search: TurnToolCall = { toolCallId: id('search'), toolName: TOOL_SEARCH_NAME, input: { query: next, limit: 1 } };
    answers.push([search, held]);
    answers.push([search, { toolCallId: id('early'), toolName: next, input: inputFor(next) }, held]);
  }
  const discovered = active[0];
  answers.push(discovered === undefined ? [held] : [{ toolCallId: id('discovered'), toolName: discovered, input: inputFor(discovered) }, held]);
  // a call of the client-side tool ends the turn awaiting the client (C27); once, at the first step
  if (stepIndex === 0) answers.push([{ toolCallId: id('client'), toolName: CLIENT_TOOL, input: { question: 'which?' } }, held]);
  answers.push([]);
  return [
    ...answers.map((toolCalls): TurnModelEvent => ({ type: MODEL_ANSWERED, output: modelOutput(toolCalls) })),
    { type: MODEL_FAILED, error: { name: 'APICallError', message: 'HTTP 503', isRetryable: true } },
    { type: MODEL_FAILED, error: { name: 'APICallError', message: 'HTTP 400', isRetryable: false } },
    cancel,
  ];
}

/** Valid input for the deferred tools of the model-based catalog. */
export function inputFor(toolName: string): unknown {
  return toolName === 'browser_click' ? { ref: 'login' } : {};
}

function modelOutput(toolCalls: TurnToolCall[]): ModelStepOutput {
  return {
    responseMessages: [],
    toolCalls,
    text: toolCalls.length === 0 ? 'done' : '',
    finishReason: toolCalls.length === 0 ? 'stop' : 'tool-calls',
    usage: {},
  };
}
