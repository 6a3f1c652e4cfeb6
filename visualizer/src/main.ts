import './styles.css';
import { parseTrace, type ParsedTrace } from '../../src/report/parse-trace.js';
import { summarizeTrace } from '../../src/report/summarize-trace.js';
import type { MachineGraph } from '../../src/visualizer/machine-graph.js';
import type { VisualizerSession } from '../../src/visualizer/visualizer-session.js';
import { buildLayout } from './build-layout.js';
import { buildReplay, type TurnReplay } from './build-replay.js';
import { h } from './dom.js';
import { renderStatechart, type StatechartView } from './render-statechart.js';
import { renderStep } from './render-step.js';
import { renderTimeline, renderTransitions } from './render-timeline.js';
import { renderTotals } from './render-totals.js';

/** Where the replay stands and where the trace came from. */
interface ViewState {
  graph: MachineGraph | undefined;
  sourceLabel: string;
  text: string;
  parsed: ParsedTrace | undefined;
  turns: TurnReplay[];
  turnIndex: number;
  stepIndex: number;
  /** Index into the step's transitions; `null` means its last one. */
  transitionIndex: number | null;
  /** Live mode: `undefined` for a file; `follow` keeps the view on the newest step. */
  live: { follow: boolean; ended: boolean; status?: string; error?: string; connected: boolean } | undefined;
  /** An error that stops the replay (no trace, a page bug); cleared when another trace loads. */
  fatal: { title: string; message: string } | undefined;
}

const state: ViewState = {
  graph: undefined,
  sourceLabel: 'no trace',
  text: '',
  parsed: undefined,
  turns: [],
  turnIndex: 0,
  stepIndex: 0,
  transitionIndex: null,
  live: undefined,
  fatal: undefined,
};

const ui = buildLayout({
  onTurnChange: (turnIndex) => {
    state.turnIndex = turnIndex;
    state.stepIndex = 0;
    state.transitionIndex = null;
    render();
  },
  onOpenFile: openFile,
});
let statechart: StatechartView | undefined;
let liveSource: EventSource | undefined;

window.addEventListener('error', (event) => showError('The page hit an error', event.message));
window.addEventListener('unhandledrejection', (event) => showError('The page hit an error', describe(event.reason)));
document.addEventListener('keydown', onKey);

void start();

async function start(): Promise<void> {
  try {
    const [session, graph] = await Promise.all([fetchJson<VisualizerSession>('api/session'), fetchJson<MachineGraph>('api/machine')]);
    state.graph = graph;
    // Drawing the statechart takes a moment (mermaid's layout); the replay does not wait for it.
    const drawn = drawStatechart(graph);
    if (session.mode === 'file') {
      state.sourceLabel = session.traceName ?? 'trace';
      loadText(await fetchText('api/trace'));
    } else if (session.mode === 'live') {
      connectLive();
    } else {
      render();
    }
    await drawn;
  } catch (error) {
    showError('Cannot load the trace', describe(error));
  } finally {
    document.body.dataset.ready = 'true';
  }
}

async function drawStatechart(graph: MachineGraph): Promise<void> {
  try {
    statechart = await renderStatechart(ui.statechart, graph);
    render();
  } catch (error) {
    ui.statechart.replaceChildren(h('p', { class: 'error-inline' }, `The statechart could not be drawn: ${describe(error)}`));
  }
}

function loadText(text: string): void {
  state.fatal = undefined;
  state.text = text;
  state.parsed = parseTrace(text);
  state.turns = buildReplay({ records: state.parsed.records, ...(state.graph === undefined ? {} : { graph: state.graph }) });
  state.turnIndex = Math.min(state.turnIndex, Math.max(0, state.turns.length - 1));
  if (state.live?.follow === true) moveToEnd();
  else clampCursor();
  render();
}

function connectLive(): void {
  state.sourceLabel = 'live run';
  state.live = { follow: true, ended: false, connected: false };
  liveSource = new EventSource('api/events');
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    loadText(state.text + pending);
    pending = '';
  };
  liveSource.addEventListener('open', () => {
    // The server replays the whole run to every new connection, a reconnection included.
    state.text = '';
    pending = '';
    if (state.live !== undefined) state.live.connected = true;
    render();
  });
  liveSource.addEventListener('record', (event) => {
    pending += `${(event as MessageEvent<string>).data}\n`;
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(flush);
    }
  });
  liveSource.addEventListener('end', (event) => {
    const outcome = JSON.parse((event as MessageEvent<string>).data) as { status: string; error?: string };
    loadText(state.text + pending);
    pending = '';
    if (state.live !== undefined) Object.assign(state.live, { ended: true, status: outcome.status, error: outcome.error });
    liveSource?.close();
    render();
  });
  liveSource.addEventListener('error', () => {
    if (state.live === undefined || state.live.ended) return;
    state.live.connected = false;
    render();
  });
  render();
}

function render(): void {
  try {
    renderAll();
  } catch (error) {
    showError('The trace could not be replayed', describe(error));
  }
}

function renderAll(): void {
  ui.source.textContent = state.sourceLabel;
  ui.liveBadge.hidden = state.live === undefined;
  if (state.live !== undefined) {
    ui.liveBadge.textContent = state.live.ended
      ? `live run ${state.live.status ?? 'ended'}`
      : state.live.connected
        ? state.live.follow ? '● live, following' : '● live (End to follow)'
        : 'live: connecting…';
    ui.liveBadge.className = `live-badge ${state.live.ended ? 'ended' : 'running'}`;
  }
  ui.messages.replaceChildren(...messages());

  const parsed = state.parsed;
  const turn = state.turns[state.turnIndex];
  ui.turnSelect.replaceChildren(
    ...state.turns.map((candidate, index) =>
      h('option', { attrs: { value: String(index) } }, `turn ${candidate.turnId} (${candidate.end?.status ?? 'running'})`),
    ),
  );
  ui.turnSelect.value = String(state.turnIndex);
  ui.turnSelect.hidden = state.turns.length < 2;

  if (parsed === undefined || turn === undefined) {
    ui.totals.replaceChildren();
    ui.timeline.replaceChildren();
    ui.transitions.replaceChildren();
    ui.step.replaceChildren(emptyMessage());
    statechart?.highlight(null, []);
    return;
  }
  const summary = summarizeTrace(parsed);
  ui.totals.replaceChildren(renderTotals(summary, summary.turns[state.turnIndex]));
  ui.timeline.replaceChildren(
    renderTimeline({
      turn,
      stepIndex: state.stepIndex,
      onSelect: (index) => select({ stepIndex: index, transitionIndex: null }),
      onPrevious: () => moveStep(-1),
      onNext: () => moveStep(1),
    }),
  );
  const step = turn.steps[state.stepIndex];
  if (step === undefined) {
    ui.step.replaceChildren(h('p', { class: 'empty' }, 'This turn has no steps yet.'));
    ui.transitions.replaceChildren();
    statechart?.highlight(null, []);
    return;
  }
  ui.step.replaceChildren(renderStep(turn, step));
  const selected = state.transitionIndex ?? step.transitions.length - 1;
  ui.transitions.replaceChildren(
    renderTransitions({
      transitions: step.transitions,
      selected,
      onSelect: (index) => select({ transitionIndex: index }),
    }),
  );
  const transition = step.transitions[selected];
  statechart?.highlight(transition?.state ?? null, transition?.hops ?? []);
}

function messages(): HTMLElement[] {
  const list: HTMLElement[] = [];
  if (state.fatal !== undefined) list.push(errorBox(state.fatal.title, state.fatal.message, []));
  const parsed = state.parsed;
  if (state.live?.error !== undefined) list.push(errorBox('The live run failed', state.live.error, []));
  if (parsed === undefined) return list;
  if (parsed.records.length === 0 && state.live === undefined) {
    const reason = state.text.trim() === '' ? 'The trace is empty.' : 'No line of this file is a turnscope telemetry record.';
    list.push(errorBox('Cannot replay this trace', `${reason} A trace is JSON lines written by jsonlFileSink (turnscope demo --trace FILE writes one).`, parsed.warnings));
  } else if (parsed.warnings.length > 0) {
    list.push(
      h(
        'div',
        { class: 'warning', data: { testid: 'warnings' } },
        h('strong', {}, `${parsed.skippedLines} ${parsed.skippedLines === 1 ? 'line was' : 'lines were'} skipped`),
        h('ul', {}, ...parsed.warnings.slice(0, 8).map((warning) => h('li', {}, warning))),
      ),
    );
  }
  return list;
}

function emptyMessage(): HTMLElement {
  if (state.live !== undefined) return h('p', { class: 'empty' }, 'Waiting for the run\'s first record…');
  if (state.parsed !== undefined || state.fatal !== undefined) {
    return h('p', { class: 'empty' }, 'Nothing to replay: see the message above. Open another trace with the button above or drop one on the page.');
  }
  return h(
    'div',
    { class: 'empty-state' },
    h('p', {}, 'No trace loaded. Open a JSONL trace with the button above or drop one on the page.'),
    h('p', {}, 'Write one with ', h('code', {}, 'turnscope demo --trace trace.jsonl'), ' or ', h('code', {}, "jsonlFileSink({ path, includeInspection: true })"), '.'),
  );
}

function errorBox(title: string, message: string, details: readonly string[]): HTMLElement {
  return h(
    'div',
    { class: 'error', data: { testid: 'error' }, attrs: { role: 'alert' } },
    h('strong', {}, title),
    h('p', {}, message),
    details.length === 0 ? null : h('ul', {}, ...details.slice(0, 8).map((detail) => h('li', {}, detail))),
    details.length > 8 ? h('p', {}, `… and ${details.length - 8} more.`) : null,
  );
}

/** Shows an error above the replay (kept until another trace loads): the page never goes blank. */
function showError(title: string, message: string): void {
  state.fatal = { title, message };
  ui.messages.replaceChildren(errorBox(title, message, []));
  document.body.dataset.ready = 'true';
}

function select(change: { stepIndex?: number; transitionIndex?: number | null }): void {
  if (change.stepIndex !== undefined) state.stepIndex = change.stepIndex;
  if (change.transitionIndex !== undefined) state.transitionIndex = change.transitionIndex;
  clampCursor();
  if (state.live !== undefined && !state.live.ended) state.live.follow = isAtEnd();
  render();
}

function moveStep(delta: number): void {
  select({ stepIndex: state.stepIndex + delta, transitionIndex: null });
}

function moveTransition(delta: number): void {
  const step = state.turns[state.turnIndex]?.steps[state.stepIndex];
  if (step === undefined || step.transitions.length === 0) return;
  const current = state.transitionIndex ?? step.transitions.length - 1;
  select({ transitionIndex: Math.min(step.transitions.length - 1, Math.max(0, current + delta)) });
}

function moveToEnd(): void {
  const turn = state.turns[state.turnIndex];
  state.stepIndex = Math.max(0, (turn?.steps.length ?? 1) - 1);
  state.transitionIndex = null;
}

function isAtEnd(): boolean {
  const turn = state.turns[state.turnIndex];
  return turn === undefined || (state.stepIndex >= turn.steps.length - 1 && state.transitionIndex === null);
}

function clampCursor(): void {
  const steps = state.turns[state.turnIndex]?.steps ?? [];
  state.stepIndex = Math.min(Math.max(0, state.stepIndex), Math.max(0, steps.length - 1));
  const transitions = steps[state.stepIndex]?.transitions.length ?? 0;
  if (state.transitionIndex !== null && state.transitionIndex >= transitions - 1) state.transitionIndex = null;
}

function onKey(event: KeyboardEvent): void {
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const actions: Record<string, () => void> = {
    ArrowRight: () => moveStep(1),
    ArrowLeft: () => moveStep(-1),
    ArrowDown: () => moveTransition(1),
    ArrowUp: () => moveTransition(-1),
    Home: () => select({ stepIndex: 0, transitionIndex: null }),
    End: () => {
      moveToEnd();
      if (state.live !== undefined) state.live.follow = true;
      render();
    },
  };
  const action = Object.hasOwn(actions, event.key) ? actions[event.key] : undefined;
  if (action === undefined) return;
  event.preventDefault();
  action();
}

function openFile(file: File): void {
  liveSource?.close();
  liveSource = undefined;
  state.live = undefined;
  state.sourceLabel = file.name;
  state.turnIndex = 0;
  state.stepIndex = 0;
  state.transitionIndex = null;
  file.text().then(loadText, (error: unknown) => showError(`Cannot read ${file.name}`, describe(error)));
}

async function fetchText(path: string): Promise<string> {
  const response = await fetch(path, { cache: 'no-store' });
  const text = await response.text();
  if (!response.ok) throw new Error(text.trim() === '' ? `${path}: HTTP ${response.status}` : text.trim());
  return text;
}

async function fetchJson<T>(path: string): Promise<T> {
  return JSON.parse(await fetchText(path)) as T;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
