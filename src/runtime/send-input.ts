import type { LanguageModel, ModelMessage, ToolSet } from 'ai';
import type { InspectionEvent, Observer } from 'xstate';
import type { ToolMode } from '../code-mode/code-mode-options.js';
import type { ModelCallSettings } from './model-call-settings.js';
import type { PrefetchOptions } from './prefetch-schema.js';
import type { RequiredToolPreset } from './required-tool-presets.js';
import type { TurnSnapshot } from './turn-snapshot.js';

/** Input of {@link ToolSearchRuntime.send}: one user message's worth of work. */
export interface SendInput extends ModelCallSettings {
  /** The AI SDK language model for every step of this turn. */
  readonly model: LanguageModel;
  /** System instructions for every step. Default: none. */
  readonly instructions?: string;
  /** The transcript to continue. Give `messages` or `prompt`, not both. */
  readonly messages?: readonly ModelMessage[];
  /** A single user message; shorthand for `messages: [{ role: 'user', content: prompt }]`. */
  readonly prompt?: string;
  /**
   * R: tools visible on every step of this turn without being activations (C3): names, a
   * preset (`'graph'` or `'swarm'`, see `REQUIRED_TOOL_PRESETS`), or a function of the turn's
   * state called before every step (its answer holds for that step). Names must be bound and
   * inside the turn's ceiling; they never widen it. Default `[]`. A function that throws or
   * answers anything but an array (e.g. a Promise) fails the turn (`execution-error`, error
   * `RequiredToolsError`), before step 0 as before any later step; `send()` does not throw.
   */
  readonly requiredTools?: readonly string[] | RequiredToolPreset | RequiredToolsFunction;
  /**
   * An exact ceiling for this turn (C6): only these bound tools exist for it; search never
   * reaches outside them. Every name must be bound. Default: every bound tool.
   */
  readonly boundTools?: readonly string[];
  /**
   * The execution profile for this turn: its tools are the ceiling (intersected with
   * `boundTools` when both are given), its instructions come first. Default: none.
   */
  readonly profile?: string;
  /**
   * Tools a client offers for this turn only (e.g. a UI's tools), keyed by canonical name
   * (`^[a-zA-Z0-9_-]{1,64}$`). They join this turn's B on top of its ceiling (`boundTools`,
   * `profile`): deferred (direct when availability is `off`), grouped under `clientId` in the
   * inventory (C8), searchable by this turn's `tool_search`, run through the same pipeline as
   * every other tool (C4), and gone when the turn ends (C17); the runtime is not changed (C19).
   * Names may not clash with the runtime's bound tools. Default: none.
   * @throws {ClientToolNameCollisionError} a name the runtime already binds.
   * @throws {InvalidToolNameError} | {ReservedToolNameError} | {InvalidOptionError} a bad name or tool.
   */
  readonly clientTools?: ToolSet;
  /**
   * The client offering `clientTools`: their inventory group and their `source` in telemetry.
   * A label of 1–64 printable characters. Default `'client'`.
   */
  readonly clientId?: string;
  /**
   * `'code'` adds the `exec` tool to every step of this turn (code mode: the model may run
   * JavaScript that calls the step's tools as `tools.<name>(input)`), `'direct'` leaves it out.
   * Default: the runtime's `toolMode`.
   */
  readonly toolMode?: ToolMode;
  /**
   * Prefetch for this turn (C25): `{ limit }` turns it on (see the runtime's `prefetch`), `false`
   * turns it off. Default: the runtime's `prefetch`.
   */
  readonly prefetch?: PrefetchOptions | false;
  /** `raw` parts on this turn's stream (see the runtime's `includeRawChunks`). Default: the runtime's. */
  readonly includeRawChunks?: boolean;
  /**
   * Aborting it ends the turn in `cancelled` and aborts running tools. Any number of turns may
   * share one signal (e.g. a server's shutdown signal): they add one 'abort' listener to it in
   * all, removed when the last of them ends (no `MaxListenersExceededWarning` past 10 turns).
   */
  readonly abortSignal?: AbortSignal;
  /**
   * An xstate inspection observer attached to the turn actor (e.g. Stately's inspector): a
   * function or an object with `next`. If it throws, at any inspection event, it is not called
   * again and the turn ends `failed` with reason `execution-error` (error `InspectError` with
   * its message); `send()` does not throw and `result` settles. Default: none.
   */
  readonly inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /**
   * Provider steps of this turn; then it ends `completed` with reason `max-steps`. Default: the
   * runtime's `maxSteps`. Not given to `resume()`: a resumed turn keeps its snapshot's.
   */
  readonly maxSteps?: number;
}

/**
 * Input of {@link ToolSearchRuntime.resume}: a turn snapshot (C28) and the other `send()`
 * inputs a turn needs that are not history — `model` (required), `instructions`,
 * `requiredTools`, `boundTools`, `profile`, `clientTools`, `clientId`, `toolMode`,
 * `abortSignal`, `inspect` — given as they were for the turn that took the snapshot (the
 * bound catalog must match it). No `messages` or `prompt`: the transcript is the snapshot's.
 */
export type ResumeInput = Omit<SendInput, 'messages' | 'prompt' | 'maxSteps' | 'prefetch'> & {
  /**
   * `false` or nothing: a resumed turn is past step 0, before which the prefetch runs (C25);
   * `{ limit }` is an `InvalidOptionError`.
   */
  readonly prefetch?: false;
  /** A `step-end` part's `snapshot` or `turn.snapshot()`, as it was or through JSON. */
  readonly snapshot: TurnSnapshot;
};

/** What a `requiredTools` function is told before each step. */
export interface RequiredToolsState {
  /** The step about to start, 0-based. */
  readonly stepIndex: number;
  /** Tools activated so far in this turn (A), in activation order. */
  readonly active: readonly string[];
  /** The transcript so far. */
  readonly messages: readonly ModelMessage[];
}

/**
 * Computes R for the next step; names outside the turn's ceiling are ignored (C1). Must answer
 * synchronously with an array of names: a throw or another answer fails the turn.
 */
export type RequiredToolsFunction = (state: RequiredToolsState) => readonly string[];
