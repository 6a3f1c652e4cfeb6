import { createActor, fromCallback, fromPromise, type Actor, type ActorSystem, type InspectionEvent } from 'xstate';
import { turnMachine, type TurnEvent, type TurnMachineInput } from '../../machines/turn-machine.js';
import type { CallModelInput, ExecuteToolCallsInput, ModelStepOutput } from '../../machines/turn-types.js';

/** The I/O of one turn, supplied by `startTurn`: what the machine's `callModel` and `executeToolCalls` actors run. */
export interface TurnImplementations {
  /** One provider step; `signal` aborts when the actor is stopped (the turn ended). */
  callModel(input: CallModelInput, signal: AbortSignal): Promise<ModelStepOutput>;
  /** Runs a step's tool calls, reporting through `sendBack`; returns the cleanup run when the actor is stopped. */
  executeToolCalls(input: ExecuteToolCallsInput, sendBack: (event: TurnEvent) => void): () => void;
}

type AnyActorSystem = ActorSystem<any>;

/** The implementations of each running turn, by the actor system of its turn actor (one system per turn). */
const implementationsBySystem = new WeakMap<AnyActorSystem, TurnImplementations>();

function implementationsOf(system: AnyActorSystem): TurnImplementations {
  const implementations = implementationsBySystem.get(system);
  if (implementations === undefined) throw new Error('turnscope: a turn actor was started without its implementations (use createTurnActor)');
  return implementations;
}

/**
 * The turn machine with the runtime's actors, provided once per process: `provide()` builds a
 * whole new machine (every state node and its memoized transitions), which per turn cost more
 * than the turn's transitions themselves. The actors find their turn's implementations through
 * the actor system the turn actor created, so turns still share nothing mutable (C17, C19).
 */
const runtimeTurnMachine = turnMachine.provide({
  actors: {
    callModel: fromPromise<ModelStepOutput, CallModelInput>(({ input, signal, system }) => implementationsOf(system).callModel(input, signal)),
    executeToolCalls: fromCallback<TurnEvent, ExecuteToolCallsInput>(({ input, sendBack, system }) => implementationsOf(system).executeToolCalls(input, sendBack)),
  },
});

/** The type of a turn actor. */
export type TurnActor = Actor<typeof runtimeTurnMachine>;

/**
 * Creates (does not start) the actor of one turn, running `implementations` for its model calls
 * and tool executions, with the machine's `input` (a new turn) or a persisted `snapshot` (a
 * resumed one) and an optional xstate inspector.
 */
export function createTurnActor(
  implementations: TurnImplementations,
  options: (
    | { readonly input: TurnMachineInput; readonly snapshot?: undefined }
    /** A persisted snapshot to continue from (C28; see restoreTurnSnapshot): the actor starts there, not at step 0. */
    | { readonly input?: undefined; readonly snapshot: unknown }
  ) & { readonly inspect?: (event: InspectionEvent) => void },
): TurnActor {
  const actor = createActor(runtimeTurnMachine, options as Parameters<typeof createActor<typeof runtimeTurnMachine>>[1]);
  implementationsBySystem.set(actor.system, implementations);
  return actor;
}
