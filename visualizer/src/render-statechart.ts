import mermaid from 'mermaid';
import type { MachineGraph } from '../../src/visualizer/machine-graph.js';
import type { TransitionHop } from './explain-transition.js';
import { ancestorsOf } from './explain-transition.js';
import { edgeKey, machineToMermaid } from './machine-to-mermaid.js';

/** The drawn statechart, ready to highlight where a replay stands. */
export interface StatechartView {
  /** State ids found in the drawing (every state of the graph, when mermaid drew them all). */
  readonly drawnStates: readonly string[];
  /**
   * Marks `current` (and the compound states around it) and the edges of `hops` (the moves
   * that led there, including states passed through in the same macrostep). `null` clears it.
   */
  highlight(current: string | null, hops: readonly TransitionHop[]): void;
}

const RENDER_ID = 'statechart';

/**
 * Draws the machine graph with mermaid into `container` and tags the SVG: each state's node
 * gets `data-state="<state id>"`, each transition's edge and label `data-edge="<edge key>"`.
 *
 * @throws when mermaid cannot render the definition (the page shows the message).
 */
export async function renderStatechart(container: HTMLElement, graph: MachineGraph): Promise<StatechartView> {
  const chart = machineToMermaid(graph);
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: 'base',
    themeVariables: { fontFamily: 'system-ui, sans-serif', primaryColor: '#ffffff', primaryBorderColor: '#475569', lineColor: '#475569' },
  });
  const { svg } = await mermaid.render(RENDER_ID, chart.definition);
  container.innerHTML = svg;

  const drawn = new Set<string>();
  for (const element of container.querySelectorAll<SVGGElement>(`g[id^="${RENDER_ID}-state-"]`)) {
    const nodeId = /^statechart-state-(.+)-\d+$/.exec(element.id)?.[1];
    const stateId = nodeId === undefined ? undefined : chart.stateIdByNodeId.get(nodeId);
    if (stateId === undefined) continue;
    element.dataset.state = stateId;
    drawn.add(stateId);
  }
  tagEdges(container, chart.edges);

  const clear = () => {
    for (const element of container.querySelectorAll('.is-current, .is-current-parent, .is-passed, .is-taken')) {
      element.classList.remove('is-current', 'is-current-parent', 'is-passed', 'is-taken');
    }
  };
  return {
    drawnStates: graph.states.map((state) => state.id).filter((id) => drawn.has(id)),
    highlight(current, hops) {
      clear();
      if (current === null) return;
      const [self = current, ...parents] = ancestorsOf(current);
      stateElements(container, self).forEach((element) => element.classList.add('is-current'));
      for (const parent of parents) stateElements(container, parent).forEach((element) => element.classList.add('is-current-parent'));
      for (const hop of hops) {
        if (hop.from !== null && hop.to !== current) stateElements(container, hop.to).forEach((element) => element.classList.add('is-passed'));
        if (hop.transition === null || hop.from === null) continue;
        const transition = graph.transitions[hop.transition];
        const drawnFrom = transition?.source ?? ancestorsOf(hop.from).at(-1) ?? hop.from;
        for (const element of container.querySelectorAll(`[data-edge="${CSS.escape(edgeKey(hop.transition, drawnFrom))}"]`)) {
          element.classList.add('is-taken');
        }
      }
    },
  };
}

/**
 * Mermaid numbers edges `edge0`, `edge1`, … in definition order. Each is tagged with its key,
 * but only when its label reads as expected: a mermaid that numbered them differently leaves
 * the edges untagged (no edge highlight) rather than highlighting the wrong one.
 */
function tagEdges(container: HTMLElement, edges: ReturnType<typeof machineToMermaid>['edges']): void {
  const labelOf = (index: number) => container.querySelector(`.edgeLabel [data-id="edge${index}"]`)?.textContent?.trim() ?? '';
  const consistent = edges.every((edge, index) => edge === null || labelOf(index) === edge.label);
  if (!consistent) return;
  edges.forEach((edge, index) => {
    if (edge === null) return;
    for (const element of container.querySelectorAll<SVGElement>(`[data-id="edge${index}"]`)) element.dataset.edge = edge.key;
  });
}

function stateElements(container: HTMLElement, stateId: string): Element[] {
  return [...container.querySelectorAll(`[data-state="${CSS.escape(stateId)}"]`)];
}
