import type { MachineGraph, MachineGraphTransition, MachineGraphTransitionKind } from '../../src/visualizer/machine-graph.js';

/** One move of the machine from state to state. */
export interface TransitionHop {
  /** `null` for the start of the turn. */
  readonly from: string | null;
  readonly to: string;
  /** The edge's label in the diagram (`done callModel`), or the raw event when the graph has no such edge. */
  readonly label: string;
  readonly kind: MachineGraphTransitionKind | 'init' | 'unknown';
  /** The edge taken: its index in `graph.transitions`; `null` for `init` and `unknown` hops. */
  readonly transition: number | null;
}

const MAX_RAISED_HOPS = 4;

/**
 * Explains one `machine.transition` record (the actor's state after an event) as hops of the
 * machine graph. xstate reports one snapshot per event, so a state entered and left in the
 * same macrostep never shows up in a trace: `TOOL_CALLS_SETTLED` takes the turn from
 * `executingStep` to `settling`, whose entry raises `STEP_BOUNDARY`, which takes it on to
 * `awaitingStep.requesting`. This finds that path through `raised` and `eventless` edges.
 * When nothing in the graph fits, it returns one hop labelled with the raw event.
 */
export function explainTransition(options: {
  readonly graph: MachineGraph | undefined;
  readonly from: string | null;
  readonly event: string;
  readonly to: string;
}): TransitionHop[] {
  const { graph, from, event, to } = options;
  if (event === 'xstate.init') return [{ from: null, to, label: 'start', kind: 'init', transition: null }];
  if (graph === undefined || from === null) return [{ from, to, label: event, kind: 'unknown', transition: null }];

  for (const transition of handlersOf(graph, from, (candidate) => candidate.event === event)) {
    const first = hopOf(graph, from, transition);
    if (first.to === to) return [first];
    const rest = followRaised(graph, first.to, to, MAX_RAISED_HOPS);
    if (rest !== undefined) return [first, ...rest];
  }
  const label = graph.transitions.find((transition) => transition.event === event)?.label ?? event;
  return [{ from, to, label, kind: 'unknown', transition: null }];
}

/** Transitions that can handle an event in `state`: its own first, then its ancestors', then the root's. */
function handlersOf(graph: MachineGraph, state: string, accepts: (transition: MachineGraphTransition) => boolean): MachineGraphTransition[] {
  const sources: (string | null)[] = [...ancestorsOf(state), null];
  return sources.flatMap((source) => graph.transitions.filter((transition) => transition.source === source && accepts(transition)));
}

function followRaised(graph: MachineGraph, from: string, to: string, depth: number): TransitionHop[] | undefined {
  if (depth === 0) return undefined;
  const automatic = handlersOf(graph, from, (transition) => transition.kind === 'raised' || transition.kind === 'eventless');
  for (const transition of automatic) {
    const hop = hopOf(graph, from, transition);
    if (hop.to === to) return [hop];
    const rest = followRaised(graph, hop.to, to, depth - 1);
    if (rest !== undefined) return [hop, ...rest];
  }
  return undefined;
}

function hopOf(graph: MachineGraph, from: string, transition: MachineGraphTransition): TransitionHop {
  return {
    from,
    to: transition.internal ? from : leafOf(graph, transition.target),
    label: transition.label,
    kind: transition.kind,
    transition: graph.transitions.indexOf(transition),
  };
}

/** The state a transition really lands in: a compound target enters its initial child, recursively. */
export function leafOf(graph: MachineGraph, stateId: string): string {
  let current = stateId;
  for (let guard = 0; guard < 32; guard++) {
    const initial = graph.states.find((state) => state.id === current)?.initial ?? null;
    if (initial === null) return current;
    current = initial;
  }
  return current;
}

/** `awaitingStep.requesting` → `['awaitingStep.requesting', 'awaitingStep']`. */
export function ancestorsOf(stateId: string): string[] {
  const parts = stateId.split('.');
  return parts.map((_, index) => parts.slice(0, parts.length - index).join('.'));
}
