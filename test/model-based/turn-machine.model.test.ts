import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestModel, type TestPath } from 'xstate/graph';
import { TOOL_SEARCH_NAME, turnMachine } from '../../machines/turn-machine.js';
import { runTestPath } from '../helpers/run-test-path.js';
import { createTurnSystem, expectSameState, MODEL_CATALOG, modelInput, type TurnSystemObservations } from './create-turn-system.js';
import { createCoverageRecorder } from './turn-coverage.js';
import {
  createTurnTestModel,
  MODEL_ANSWERED,
  MODEL_FAILED,
  RETRY_DELAY_ELAPSED,
  serializeTurnState,
  type TurnModelEvent,
  type TurnModelSnapshot,
} from './turn-test-model.js';

// Model-based tests (design.md, STYLE 4): every shortest path of the turn machine's test model
// is replayed against the REAL runtime (createToolSearchRuntime + the scripted model), checking
// the runtime against the model in every state the path reaches.

const input = modelInput();
const model = createTurnTestModel(input);
const paths = model.getShortestPaths();
const coverage = createCoverageRecorder();
const bound = new Set(input.bound);
const deferred = MODEL_CATALOG.deferred as readonly string[];

function label(event: TurnModelEvent): string {
  switch (event.type) {
    case MODEL_ANSWERED: {
      const calls = event.output.toolCalls;
      return calls.length === 0 ? 'answer' : `calls(${calls.map((call) => (call.toolName === TOOL_SEARCH_NAME ? `search ${(call.input as { query: string }).query}` : call.toolName)).join(', ')})`;
    }
    case MODEL_FAILED:
      return event.error.isRetryable ? 'fail 503' : 'fail 400';
    case RETRY_DELAY_ELAPSED:
      return 'delay';
    case 'ACTIVATE':
      return `ACTIVATE ${event.names.join(',')}`;
    case 'TOOL_CALLS_SETTLED':
      if (event.results.some((result) => result.outcome === 'awaiting-client')) return 'TOOL_CALLS_SETTLED awaiting the client';
      if (event.stop === true) return 'TOOL_CALLS_SETTLED stopWhen true';
      return event.required === undefined ? 'TOOL_CALLS_SETTLED' : `TOOL_CALLS_SETTLED R=${event.required.join(',')}`;
    default:
      return event.type;
  }
}

function describePath(path: TestPath<TurnModelSnapshot, TurnModelEvent>): string {
  const events = path.steps.slice(1).map((step) => label(step.event));
  return `${events.join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`;
}

/**
 * The oracle of C3: (D ∪ A ∪ R) ∩ B, plus tool_search while a deferred tool exists, with R as
 * the runtime's `requiredTools` function answered it for this step (not the machine's context).
 */
function expectedVisible(active: readonly string[], required: readonly string[]): string[] {
  const names = [...input.direct, ...required, ...active].filter((name) => bound.has(name));
  return [...new Set([...names, ...(input.offerSearch ? [TOOL_SEARCH_NAME] : [])])].sort();
}

/** Requests checked, and those whose R differs from the turn's first R (a path changed it). */
const requestsChecked = { all: 0, withChangedRequired: 0 };

function checkState(state: TurnModelSnapshot, observed: TurnSystemObservations, real: Parameters<typeof expectSameState>[0], visibleByStep: Map<number, readonly string[]>): void {
  expectSameState(real, state);
  const { stepIndex, visible, active } = state.context;
  const children = Object.keys(real.children);

  if (state.status === 'active') {
    const required = observed.requiredByStep.get(stepIndex)!;
    expect([...visible].sort()).toEqual(expectedVisible(active, required));
    expect(visible.every((name) => bound.has(name) || name === TOOL_SEARCH_NAME)).toBe(true);
    // a deferred tool is visible only when activated or required now
    expect(visible.filter((name) => deferred.includes(name)).sort()).toEqual(deferred.filter((name) => active.includes(name) || required.includes(name)).sort());
  }
  if (state.matches({ awaitingStep: 'requesting' })) {
    // the request in flight carries exactly the step-start visible set, in order (C3, C20)
    const request = observed.requests.at(-1)!.toolNames;
    const required = observed.requiredByStep.get(stepIndex)!;
    expect([...request].sort()).toEqual(expectedVisible(active, required));
    expect(request).toEqual(visible);
    requestsChecked.all++;
    if (JSON.stringify(required) !== JSON.stringify(MODEL_CATALOG.required)) requestsChecked.withChangedRequired++;
    // C20: the previous step's names that are still in (D ∪ A ∪ R) ∩ B keep their order and come
    // first; only a tool that left R leaves the list (C3 wins over C20)
    const before = visibleByStep.get(stepIndex - 1);
    if (before !== undefined) {
      const kept = before.filter((name) => request.includes(name));
      expect(request.slice(0, kept.length)).toEqual(kept);
      expect(before.filter((name) => !request.includes(name)).every((name) => !required.includes(name) && !active.includes(name))).toBe(true);
    }
    visibleByStep.set(stepIndex, visible);
    expect(children).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  }
  if (state.matches({ awaitingStep: 'backingOff' })) {
    expect(children).toEqual([]);
    expect(vi.getTimerCount()).toBe(1);
  }
  if (state.matches('executingStep')) expect(children).toHaveLength(1);

  // nothing outside the step-start visible set, nor outside B, ever executed (C3, C14)
  for (const { toolName, toolCallId } of observed.executed) {
    const step = Number(/^s(\d+)-/.exec(toolCallId)![1]);
    expect(visibleByStep.get(step)).toContain(toolName);
    expect(bound.has(toolName)).toBe(true);
  }

  if (state.status === 'done') {
    // final: the activation state is dropped and nothing keeps running (C17)
    expect(real.context).toMatchObject({ active: [], pending: [], visible: [] });
    expect(children).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    expect(observed.actors.filter((actor) => actor.getSnapshot().status === 'active')).toEqual([]);
    // a request still unanswered when the turn ended was aborted, so the provider call stops too
    const unanswered = observed.requests.filter((request) => request.answered === false);
    for (const request of unanswered) expect(request.abortSignal?.aborted).toBe(true);
  }
}

describe('turnMachine test model (xstate/graph)', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('createTestModel refuses the turn machine (invoke and after), so the TestModel it wraps is used', () => {
    expect(() => createTestModel(turnMachine)).toThrow('Invocations on test machines are not supported');
  });

  it('has one path per distinct state, each distinct under serializeState', () => {
    expect(paths.length).toBeGreaterThan(40);
    const ends = paths.map((path) => serializeTurnState(path.state, path.steps.at(-2)?.state));
    expect(new Set(ends).size).toBe(ends.length);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const visibleByStep = new Map<number, readonly string[]>();
    await runTestPath(path, () =>
      createTurnSystem({
        inspect: coverage.inspect,
        check: (state, observed, real) => checkState(state, observed, real, visibleByStep),
      }),
    );
  });

  it('reached every state and every transition of the machine in the real runtime', () => {
    const { states, transitions, cancellations } = coverage.report();
    const changingRequired = paths.filter((path) => path.steps.some(({ event }) => event.type === 'TOOL_CALLS_SETTLED' && event.required !== undefined));
    const line = (entries: { count: number }[]) => `${entries.filter((entry) => entry.count > 0).length}/${entries.length}`;
    console.log(
      [
        `model-based coverage over ${paths.length} paths (${paths.reduce((sum, path) => sum + path.steps.length, 0)} steps) against the real runtime:`,
        `  states ${line(states)}`,
        ...states.map((entry) => `    ${String(entry.count).padStart(5)}  ${entry.id}`),
        `  transitions ${line(transitions)}`,
        ...transitions.map((entry) => `    ${String(entry.count).padStart(5)}  ${entry.key}`),
        `  CANCEL taken from`,
        ...cancellations.map((entry) => `    ${String(entry.count).padStart(5)}  ${entry.from}`),
        `  R changed between steps on ${changingRequired.length} paths; ${requestsChecked.withChangedRequired} of ${requestsChecked.all} requests checked against (D ∪ A ∪ R) ∩ B had a changed R`,
      ].join('\n'),
    );
    expect(changingRequired.length).toBeGreaterThan(0);
    expect(requestsChecked.withChangedRequired).toBeGreaterThan(0);
    // every stable state a caller can cancel in (settling is left inside the macrostep that enters it)
    expect(cancellations.map((entry) => entry.from).sort()).toEqual(['"executingStep"', '{"awaitingStep":"backingOff"}', '{"awaitingStep":"requesting"}']);
    expect(states.filter((entry) => entry.count === 0)).toEqual([]);
    expect(transitions.filter((entry) => entry.count === 0)).toEqual([]);
  });
});
