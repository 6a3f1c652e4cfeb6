import type { AnyStateNode, AnyTransitionDefinition, InspectionEvent, Snapshot, StateValue } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { turnMachine } from '../../machines/turn-machine.js';

/** A transition definition of the machine: `source|event|index among that event's candidates`. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const candidates = transition.source.transitions.get(transition.eventType) ?? [];
  return `${transition.source.id}|${transition.eventType}|${candidates.indexOf(transition)}`;
}

/** Every state node of the turn machine (by id) and every transition definition (by key). */
export function machineInventory(): { states: string[]; transitions: string[] } {
  const nodes: AnyStateNode[] = [turnMachine.root, ...getStateNodes(turnMachine.root)];
  return {
    states: nodes.filter((node) => node !== turnMachine.root).map((node) => node.id),
    transitions: nodes.flatMap((node) => [...node.transitions.values()].flat().map(transitionKey)),
  };
}

/**
 * Records what the REAL turn actors did, from their inspection events: every state entered
 * (including `settling`, which only lives inside a macrostep) and every transition taken.
 */
export function createCoverageRecorder() {
  const states = new Map<string, number>();
  const transitions = new Map<string, number>();
  const cancellations = new Map<string, number>();
  let lastValue: StateValue | undefined;
  const started = new Set<string>();
  const { states: allStates, transitions: allTransitions } = machineInventory();
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const recordStates = (snapshot: Snapshot<unknown> & { value?: StateValue }) => {
    for (const id of allStates) {
      const path = id.split('.').slice(1);
      if (statePathMatches(snapshot.value, path)) count(states, id);
    }
  };
  return {
    inspect(event: InspectionEvent): void {
      if (event.actorRef.sessionId !== event.rootId) return;
      if (event.type === '@xstate.snapshot') {
        // the initial state is entered without a microstep event; later states are counted there
        if (!started.has(event.rootId)) recordStates(event.snapshot as never);
        started.add(event.rootId);
        lastValue = (event.snapshot as { value?: StateValue }).value;
      }
      if (event.type === '@xstate.microstep') {
        recordStates(event.snapshot as never);
        if (event.event.type === 'CANCEL') count(cancellations, JSON.stringify(lastValue));
        for (const transition of event._transitions) count(transitions, transitionKey(transition));
      }
    },
    report() {
      return {
        states: allStates.map((id) => ({ id, count: states.get(id) ?? 0 })),
        transitions: allTransitions.map((key) => ({ key, count: transitions.get(key) ?? 0 })),
        /** CANCEL by the state it was taken from. */
        cancellations: [...cancellations].map(([from, count]) => ({ from, count })),
      };
    },
  };
}

function statePathMatches(value: StateValue | undefined, path: readonly string[]): boolean {
  if (value === undefined) return false;
  const [head, ...rest] = path;
  if (head === undefined) return true;
  if (typeof value === 'string') return value === head && rest.length === 0;
  return head in value && statePathMatches(value[head], rest);
}
