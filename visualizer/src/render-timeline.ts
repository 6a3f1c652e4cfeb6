import type { TransitionReplay, TurnReplay } from './build-replay.js';
import { formatCount, h } from './dom.js';

/**
 * The turn's header and its steps as a row of buttons, with Prev / Next. A step with a search
 * is marked, a step with a hidden-tool rejection stands out.
 */
export function renderTimeline(options: {
  readonly turn: TurnReplay;
  readonly stepIndex: number;
  readonly onSelect: (index: number) => void;
  readonly onPrevious: () => void;
  readonly onNext: () => void;
}): HTMLElement {
  const { turn, stepIndex } = options;
  const start = turn.start;
  const status = turn.end === undefined ? 'running' : `${turn.end.status} (${turn.end.reason})`;
  const bound = start === undefined ? null : `${start.boundTools} bound tools, ${formatCount(start.boundSchemaChars)} schema chars, ${start.directTools.length} direct`;
  return h(
    'nav',
    { class: 'timeline', attrs: { 'aria-label': 'Steps' } },
    h('p', { class: 'turn-header' }, h('strong', {}, `turn ${turn.turnId}`), ` ${status}`, bound === null ? null : ` · ${bound}`),
    h(
      'div',
      { class: 'timeline-row' },
      h('button', { class: 'nav-button', data: { testid: 'previous' }, attrs: { type: 'button', 'aria-label': 'Previous step' }, onClick: options.onPrevious }, '◀ Prev'),
      h(
        'ol',
        { class: 'steps' },
        ...turn.steps.map((step, index) => {
          const searched = step.searches.length > 0;
          const rejected = step.calls.some((call) => call.outcome === 'rejected-hidden');
          const added = step.visible.filter((tool) => tool.isNew).length;
          const title = [
            `step ${step.stepIndex}: ${step.visible.length} visible`,
            added > 0 ? `${added} new` : null,
            searched ? `${step.searches.length} search${step.searches.length === 1 ? '' : 'es'}` : null,
            rejected ? 'hidden-tool rejection' : null,
          ].filter((part) => part !== null).join(', ');
          return h(
            'li',
            {},
            h(
              'button',
              {
                class: ['step-button', index === stepIndex ? 'selected' : '', rejected ? 'has-rejection' : ''].join(' ').trim(),
                title,
                data: { testid: 'step-button', step: String(step.stepIndex) },
                attrs: { type: 'button', 'aria-current': index === stepIndex ? 'step' : 'false' },
                onClick: () => options.onSelect(index),
              },
              h('span', { class: 'step-number' }, String(step.stepIndex)),
              h('span', { class: 'step-marks' }, searched ? h('span', { class: 'mark search', title: 'searched' }, '●') : null, rejected ? h('span', { class: 'mark rejection', title: 'hidden-tool rejection' }, '✕') : null),
            ),
          );
        }),
        turn.end === undefined ? null : h('li', { class: 'turn-end' }, h('span', {}, turn.end.status)),
      ),
      h('button', { class: 'nav-button', data: { testid: 'next' }, attrs: { type: 'button', 'aria-label': 'Next step' }, onClick: options.onNext }, 'Next ▶'),
    ),
    h('p', { class: 'hint' }, h('kbd', {}, '←'), ' ', h('kbd', {}, '→'), ' steps · ', h('kbd', {}, '↑'), ' ', h('kbd', {}, '↓'), ' transitions · ', h('kbd', {}, 'Home'), ' ', h('kbd', {}, 'End'), ' · ', h('span', { class: 'mark search' }, '●'), ' search · ', h('span', { class: 'mark rejection' }, '✕'), ' hidden-tool rejection'),
  );
}

/** The step's machine transitions (from `machine.transition` records), the selected one highlighted. */
export function renderTransitions(options: {
  readonly transitions: readonly TransitionReplay[];
  readonly selected: number;
  readonly onSelect: (index: number) => void;
}): HTMLElement {
  if (options.transitions.length === 0) {
    return h(
      'section',
      { class: 'transitions' },
      h('h3', {}, 'State transitions'),
      h('p', { class: 'empty' }, 'No machine.transition records in this step (write the trace with includeInspection: true).'),
    );
  }
  return h(
    'section',
    { class: 'transitions', data: { testid: 'transitions' } },
    h('h3', {}, 'State transitions in this step'),
    h(
      'ol',
      {},
      ...options.transitions.map((transition, index) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              class: index === options.selected ? 'transition selected' : 'transition',
              data: { state: transition.state },
              attrs: { type: 'button' },
              onClick: () => options.onSelect(index),
            },
            h('span', { class: 'at' }, `+${formatCount(transition.atMs)} ms`),
            ...transition.hops.flatMap((hop, hopIndex) => [
              h('span', { class: `event kind-${hop.kind}` }, hop.label),
              ' → ',
              h('code', { class: hopIndex === transition.hops.length - 1 ? 'state final-hop' : 'state' }, hop.to),
              hopIndex < transition.hops.length - 1 ? ' · ' : '',
            ]),
          ),
        ),
      ),
    ),
  );
}
