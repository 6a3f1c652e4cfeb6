import type { MachineGraph, MachineGraphTransition } from '../../src/visualizer/machine-graph.js';

/** A mermaid `stateDiagram-v2` definition of a machine, and how its node and edge ids map back. */
export interface MermaidStatechart {
  /** The diagram text, for `mermaid.render`. */
  readonly definition: string;
  /** Mermaid node id → state id (`awaitingStep__requesting` → `awaitingStep.requesting`). */
  readonly stateIdByNodeId: ReadonlyMap<string, string>;
  /**
   * Mermaid numbers edges in definition order (`edge0`, `edge1`, …); entry n is edge n: its
   * {@link edgeKey} and label for a transition, `null` for an initial or final marker.
   */
  readonly edges: readonly ({ readonly key: string; readonly label: string } | null)[];
}

/**
 * Writes the machine graph as a mermaid state diagram: compound states as composite states
 * with their initial child, every transition as an edge labelled with its trigger and guard
 * (`done callModel [hasToolCalls]`, `STEP_BOUNDARY (raised)`, `ACTIVATE / addPending` for a
 * targetless one), a root transition (`CANCEL`) from every non-final top-level state, and final
 * states into `[*]`.
 */
export function machineToMermaid(graph: MachineGraph): MermaidStatechart {
  const stateIdByNodeId = new Map(graph.states.map((state) => [nodeIdOf(state.id), state.id]));
  const lines = ['stateDiagram-v2', '  direction TB'];
  const edges: MermaidStatechart['edges'][number][] = [];
  const topInitial = graph.states.find((state) => state.parent === null);
  if (topInitial !== undefined) {
    lines.push(`  [*] --> ${nodeIdOf(topInitial.id)}`);
    edges.push(null);
  }

  const writeStates = (parent: string | null, indent: string) => {
    for (const state of graph.states.filter((candidate) => candidate.parent === parent)) {
      const nodeId = nodeIdOf(state.id);
      const hasChildren = graph.states.some((candidate) => candidate.parent === state.id);
      if (!hasChildren) {
        lines.push(`${indent}state "${state.key}" as ${nodeId}`);
        continue;
      }
      lines.push(`${indent}state "${state.key}" as ${nodeId} {`);
      if (state.initial !== null) {
        lines.push(`${indent}  [*] --> ${nodeIdOf(state.initial)}`);
        edges.push(null);
      }
      writeStates(state.id, `${indent}  `);
      lines.push(`${indent}}`);
    }
  };
  writeStates(null, '  ');

  const topLevelLive = graph.states.filter((state) => state.parent === null && state.type !== 'final');
  graph.transitions.forEach((transition, index) => {
    const sources = transition.source === null ? topLevelLive.map((state) => state.id) : [transition.source];
    for (const source of sources) {
      const label = edgeLabel(transition);
      lines.push(`  ${nodeIdOf(source)} --> ${nodeIdOf(transition.target)}: ${label}`);
      edges.push({ key: edgeKey(index, source), label });
    }
  });
  for (const state of graph.states.filter((candidate) => candidate.type === 'final' && candidate.parent === null)) {
    lines.push(`  ${nodeIdOf(state.id)} --> [*]`);
    edges.push(null);
  }
  return { definition: `${lines.join('\n')}\n`, stateIdByNodeId, edges };
}

/**
 * Names one drawn edge: the transition's index in `graph.transitions` and the state it is drawn
 * from (a root transition is drawn once from every non-final top-level state).
 */
export function edgeKey(transition: number, drawnFrom: string): string {
  return `${transition}@${drawnFrom}`;
}

/** The text on an edge. Mermaid reads `:`, `;` and `#` as syntax, so they never appear in it. */
export function edgeLabel(transition: MachineGraphTransition): string {
  let label = transition.label;
  if (transition.guard !== null) label += ` [${transition.guard}]`;
  if (transition.kind === 'raised') label += ' (raised)';
  if (transition.internal && transition.actions.length > 0) label += ` / ${transition.actions.join(', ')}`;
  return label.replace(/[:;#]/g, ' ');
}

function nodeIdOf(stateId: string): string {
  return stateId.replaceAll('.', '__');
}
