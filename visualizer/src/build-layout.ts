import { h } from './dom.js';

/** The page's fixed parts, filled in by `main.ts` on every render. */
export interface PageLayout {
  readonly source: HTMLElement;
  readonly liveBadge: HTMLElement;
  readonly turnSelect: HTMLSelectElement;
  readonly messages: HTMLElement;
  readonly totals: HTMLElement;
  readonly statechart: HTMLElement;
  readonly transitions: HTMLElement;
  readonly timeline: HTMLElement;
  readonly step: HTMLElement;
}

/**
 * Builds the page into `document.body`: the top bar (source, live badge, turn picker, "Open
 * trace…"), the messages, the totals, the statechart panel and the replay panel. A trace file
 * dropped anywhere on the page is opened like one picked with the button.
 */
export function buildLayout(handlers: {
  readonly onTurnChange: (turnIndex: number) => void;
  readonly onOpenFile: (file: File) => void;
}): PageLayout {
  const source = h('span', { class: 'source', data: { testid: 'source' } });
  const liveBadge = h('span', { class: 'live-badge', data: { testid: 'live' } });
  liveBadge.hidden = true;
  const turnSelect = h('select', { attrs: { 'aria-label': 'Turn' } });
  turnSelect.addEventListener('change', () => handlers.onTurnChange(Number(turnSelect.value)));
  const fileInput = h('input', { attrs: { type: 'file', accept: '.jsonl,.ndjson,.json,.txt,application/x-ndjson' } });
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file !== undefined) handlers.onOpenFile(file);
  });
  const layout: PageLayout = {
    source,
    liveBadge,
    turnSelect,
    messages: h('div', { class: 'messages' }),
    totals: h('div', {}),
    statechart: h('div', { class: 'statechart', data: { testid: 'statechart' } }, h('p', { class: 'empty' }, 'Drawing the statechart…')),
    transitions: h('div', {}),
    timeline: h('div', {}),
    step: h('div', {}),
  };
  const legend = h(
    'p',
    { class: 'legend' },
    h('span', { class: 'swatch current' }),
    'current state ',
    h('span', { class: 'swatch passed' }),
    'passed through ',
    h('span', { class: 'swatch taken' }),
    'edge taken',
  );
  document.body.append(
    h(
      'header',
      { class: 'topbar' },
      h('h1', {}, 'turnscope ', h('span', {}, 'visualizer')),
      source,
      liveBadge,
      turnSelect,
      h('label', { class: 'file-button' }, 'Open trace…', fileInput),
    ),
    layout.messages,
    layout.totals,
    h(
      'main',
      { class: 'layout' },
      h('section', { class: 'panel machine' }, h('h2', {}, 'Turn machine'), layout.statechart, legend, layout.transitions),
      h('section', { class: 'panel replay' }, layout.timeline, layout.step),
    ),
  );
  document.addEventListener('dragover', (event) => event.preventDefault());
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    const file = event.dataTransfer?.files[0];
    if (file !== undefined) handlers.onOpenFile(file);
  });
  return layout;
}
