import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph } from 'xstate/graph';
import type { DirectedGraphNode } from 'xstate/graph';
import type { MachineGraph, MachineGraphState, MachineGraphTransition, MachineGraphTransitionKind } from './machine-graph.js';

/**
 * Derives the JSON structure the visualizer draws from a machine definition. States and edges
 * come from `xstate/graph`'s `toDirectedGraph`; what it leaves out is added from the state
 * nodes themselves: eventless (`always`) transitions, and which events a state raises on entry
 * (the turn machine's `settling` raises `STEP_BOUNDARY`), so those edges are marked `raised`.
 *
 * @param options.machine any xstate v5 machine; the visualizer passes `turnMachine`.
 */
export function deriveMachineGraph(options: { readonly machine: AnyStateMachine }): MachineGraph {
  const { machine } = options;
  const root = toDirectedGraph(machine);
  const prefix = `${machine.id}.`;
  const idOf = (node: AnyStateNode): string | null => (node.id === machine.id ? null : node.id.slice(prefix.length));
  const raisesOf = (node: AnyStateNode): string[] => node.entry.flatMap((action) => raisedEvent(machine, action));

  const states: MachineGraphState[] = [];
  const transitions: MachineGraphTransition[] = [];
  const visit = (graphNode: DirectedGraphNode) => {
    const node = graphNode.stateNode;
    const id = idOf(node);
    if (id !== null) {
      states.push({
        id,
        key: node.key,
        parent: node.parent === undefined ? null : idOf(node.parent),
        type: node.type,
        initial: node.type === 'compound' ? (node.initial.target.map(idOf)[0] ?? null) : null,
        entry: node.entry.filter((action) => !isDelayedRaise(action)).map((action) => actionName(machine, action)),
        invoke: node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id)),
        raises: raisesOf(node),
      });
    }
    const raisedHere = new Set(ancestry(node).flatMap(raisesOf));
    for (const edge of graphNode.edges) {
      transitions.push(toTransition({ machine, node, transition: edge.transition, target: idOf(edge.target), idOf, raisedHere }));
    }
    for (const transition of node.always ?? []) {
      for (const target of transition.target ?? [node]) {
        transitions.push(toTransition({ machine, node, transition, target: idOf(target), idOf, raisedHere }));
      }
    }
    graphNode.children.forEach(visit);
  };
  visit(root);
  return { machineId: machine.id, states, transitions };
}

function toTransition(options: {
  machine: AnyStateMachine;
  node: AnyStateNode;
  transition: AnyTransitionDefinition;
  target: string | null;
  idOf: (node: AnyStateNode) => string | null;
  raisedHere: ReadonlySet<string>;
}): MachineGraphTransition {
  const { machine, node, transition } = options;
  const source = options.idOf(node);
  const event = String(transition.eventType ?? '');
  const { kind, label } = describeEvent({ event, node, raisedHere: options.raisedHere });
  return {
    source,
    target: options.target ?? source ?? '',
    event,
    kind,
    label,
    guard: transition.guard === undefined ? null : describeGuard(transition.guard),
    actions: transition.actions.map((action) => actionName(machine, action)),
    internal: transition.target === undefined,
  };
}

function describeEvent(options: {
  event: string;
  node: AnyStateNode;
  raisedHere: ReadonlySet<string>;
}): { kind: MachineGraphTransitionKind; label: string } {
  const { event, node } = options;
  if (event === '') return { kind: 'eventless', label: 'always' };
  const actor = (id: string) => node.invoke.find((invoke) => invoke.id === id);
  for (const [prefix, kind] of [['xstate.done.actor.', 'done'], ['xstate.error.actor.', 'error']] as const) {
    if (!event.startsWith(prefix)) continue;
    const invoke = actor(event.slice(prefix.length));
    const name = invoke === undefined ? event.slice(prefix.length) : typeof invoke.src === 'string' ? invoke.src : invoke.id;
    return { kind, label: `${kind} ${name}` };
  }
  if (event.startsWith('xstate.after.')) {
    const delay = node.after.find((after) => after.eventType === event)?.delay;
    return { kind: 'delayed', label: `after ${delay === undefined ? event.slice('xstate.after.'.length) : String(delay)}` };
  }
  if (event.startsWith('xstate.done.state.')) return { kind: 'done', label: 'done' };
  return { kind: options.raisedHere.has(event) ? 'raised' : 'event', label: event };
}

/** A guard written out: `hasToolCalls`, `isRetryableError && hasAttemptsLeft`, `!isDone`. */
function describeGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner = ((guard as { guards?: unknown[] }).guards ?? []).map(describeGuard);
    if (guard.name === 'and') return inner.join(' && ');
    if (guard.name === 'or') return inner.join(' || ');
    if (guard.name === 'not') return `!${inner[0] ?? '?'}`;
    return guard.name === '' ? 'inline guard' : guard.name;
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'inline guard';
}

function actionName(machine: AnyStateMachine, action: unknown): string {
  if (typeof action === 'string') return action;
  const raised = raisedEvent(machine, action);
  if (raised.length > 0) return `raise ${raised.join(', ')}`;
  if (typeof action === 'object' && action !== null && 'type' in action) return String(action.type);
  if (typeof action === 'function') return action.name === '' ? 'inline action' : action.name;
  return 'inline action';
}

/** xstate schedules `after` transitions with a delayed `raise` in the state's entry: not ours to show. */
function isDelayedRaise(action: unknown): boolean {
  return typeof action === 'function' && (action as { type?: unknown }).type === 'xstate.raise' && (action as { delay?: unknown }).delay !== undefined;
}

/** Event types raised at once by an entry action: a `raise()` given inline or named in `setup`. */
function raisedEvent(machine: AnyStateMachine, action: unknown): string[] {
  if (isDelayedRaise(action)) return [];
  const name = typeof action === 'string' ? action : typeof action === 'object' && action !== null && 'type' in action ? String(action.type) : undefined;
  const implementation: unknown = name === undefined ? action : (machine.implementations.actions as Record<string, unknown>)[name];
  if (typeof implementation !== 'function') return [];
  const raise = implementation as { type?: unknown; event?: unknown };
  if (raise.type !== 'xstate.raise') return [];
  const event = raise.event as { type?: unknown } | undefined;
  return typeof event?.type === 'string' ? [event.type] : [];
}

function ancestry(node: AnyStateNode): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  for (let current: AnyStateNode | undefined = node; current !== undefined; current = current.parent) nodes.push(current);
  return nodes;
}
