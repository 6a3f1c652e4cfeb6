/**
 * The turn machine's structure as plain JSON: what `turnscope visualize` serves at
 * `/api/machine` and the page draws (the visualizer reads JSON only, STYLE 11). Built by
 * `deriveMachineGraph` from the machine definition itself, never by hand.
 */
export interface MachineGraph {
  /** The machine's id (`turn`). */
  readonly machineId: string;
  /** Every state node but the root, depth-first in definition order. */
  readonly states: readonly MachineGraphState[];
  /** Every transition, in definition order. */
  readonly transitions: readonly MachineGraphTransition[];
}

/** One state node. Ids are dotted paths without the machine id, as in telemetry: `awaitingStep.requesting`. */
export interface MachineGraphState {
  readonly id: string;
  /** The last segment of `id`. */
  readonly key: string;
  /** The parent's id; `null` for a top-level state. */
  readonly parent: string | null;
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The id of the initial child of a compound state; `null` otherwise. */
  readonly initial: string | null;
  /** Names of the entry actions. */
  readonly entry: readonly string[];
  /** Sources of the actors invoked while in the state (`callModel`). */
  readonly invoke: readonly string[];
  /** Event types the entry actions raise (`STEP_BOUNDARY` on entering `settling`). */
  readonly raises: readonly string[];
}

/**
 * How a transition is triggered:
 * - `event` — an event sent to the actor (`ACTIVATE`, `CANCEL`);
 * - `raised` — an event the source state raises itself on entry (taken in the same macrostep,
 *   so the source never shows up as a settled state in a trace);
 * - `done` / `error` — an invoked actor finished or failed;
 * - `delayed` — an `after` delay elapsed;
 * - `eventless` — an `always` transition, taken as soon as its guard holds.
 */
export type MachineGraphTransitionKind = 'event' | 'raised' | 'done' | 'error' | 'delayed' | 'eventless';

/** One transition of the machine. */
export interface MachineGraphTransition {
  /** The state that handles it; `null` for the machine root (it applies in every non-final state). */
  readonly source: string | null;
  /** The state it goes to; the source itself for a targetless transition (`internal`). */
  readonly target: string;
  /** The xstate event type; `''` for an eventless transition. */
  readonly event: string;
  readonly kind: MachineGraphTransitionKind;
  /** A short label: `ACTIVATE`, `done callModel`, `error callModel`, `after retryDelay`, `always`. */
  readonly label: string;
  /** The guard, written out (`isRetryableError && hasAttemptsLeft`); `null` when unguarded. */
  readonly guard: string | null;
  /** Names of the transition's actions. */
  readonly actions: readonly string[];
  /** True for a targetless transition: it runs actions and leaves the state as it is. */
  readonly internal: boolean;
}
