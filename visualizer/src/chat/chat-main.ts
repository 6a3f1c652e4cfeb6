import '../styles.css';
import './chat.css';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import type { ChatPageSession } from '../../../src/chat/chat-page-session.js';
import type { TurnUIMessage } from '../../../src/ui/turn-ui-message.js';
import type { MachineGraph } from '../../../src/visualizer/machine-graph.js';
import { h } from '../dom.js';
import { renderStatechart, type StatechartView } from '../render-statechart.js';
import { renderStep } from '../render-step.js';
import { BrowserChat } from './browser-chat.js';
import { followChatTrace, type ChatTraceView } from './follow-chat-trace.js';
import { renderChatMessage } from './render-chat-message.js';

const prompt = h('textarea', { attrs: { rows: '2', 'aria-label': 'Your request', placeholder: 'Ask for something…' }, data: { testid: 'prompt' } });
const send = h('button', { class: 'send', attrs: { type: 'submit' }, data: { testid: 'send' } }, 'Send');
const stop = h('button', { class: 'stop', attrs: { type: 'button' }, data: { testid: 'stop' }, onClick: () => void chat.stop() }, 'Stop');
const form = h('form', { class: 'composer' }, prompt, send, stop);
const ui = {
  model: h('span', { class: 'source', data: { testid: 'model' } }, 'connecting…'),
  status: h('span', { class: 'live-badge', data: { testid: 'status' } }),
  messages: h('div', { class: 'messages-list', data: { testid: 'messages' } }),
  error: h('div', { class: 'messages' }),
  statechart: h('div', { class: 'statechart', data: { testid: 'statechart' } }, h('p', { class: 'empty' }, 'Drawing the statechart…')),
  machineState: h('p', { class: 'machine-state', data: { testid: 'machine-state' } }, 'No turn yet: send a request.'),
  turns: h('ol', { class: 'chat-turns', data: { testid: 'trace-turns' } }),
  step: h('div', {}),
};

let statechart: StatechartView | undefined;
let trace: ChatTraceView = { turns: [], connected: false };
let scheduled = false;

const chat = new BrowserChat<TurnUIMessage>({
  transport: new DefaultChatTransport({ api: 'api/chat' }),
  // an approve / deny answer goes back to the server as soon as every pending approval has one (C27)
  sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  onChange: scheduleRender,
  onError: (error) => showError('The request failed', error.message),
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = prompt.value.trim();
  if (text === '' || chat.status === 'submitted' || chat.status === 'streaming') return;
  prompt.value = '';
  ui.error.replaceChildren();
  void chat.sendMessage({ text });
});
prompt.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    form.requestSubmit();
  }
});
window.addEventListener('error', (event) => showError('The page hit an error', event.message));
window.addEventListener('unhandledrejection', (event) => showError('The page hit an error', describe(event.reason)));

document.body.classList.add('chat-page');
document.body.append(
  h('header', { class: 'topbar' }, h('h1', {}, 'turnscope ', h('span', {}, 'chat')), ui.model, ui.status),
  ui.error,
  h(
    'main',
    { class: 'layout chat-layout' },
    h('section', { class: 'panel conversation' }, ui.messages, form),
    h('section', { class: 'panel machine' }, h('h2', {}, 'Turn machine'), ui.statechart, ui.machineState, h('h3', {}, 'Turns'), ui.turns, ui.step),
  ),
);
void start();

async function start(): Promise<void> {
  try {
    const [session, graph] = await Promise.all([fetchJson<ChatPageSession>('api/chat-session'), fetchJson<MachineGraph>('api/machine')]);
    ui.model.textContent = `model ${session.model} · workspace ${session.workspaceDir}`;
    prompt.placeholder = session.suggestion;
    prompt.value = '';
    followChatTrace({
      graph,
      onChange: (view) => {
        trace = view;
        scheduleRender();
      },
    });
    statechart = await renderStatechart(ui.statechart, graph).catch((error: unknown) => {
      ui.statechart.replaceChildren(h('p', { class: 'error-inline' }, `The statechart could not be drawn: ${describe(error)}`));
      return undefined;
    });
    render();
  } catch (error) {
    showError('Cannot start the chat', describe(error));
  } finally {
    document.body.dataset.ready = 'true';
  }
}

function scheduleRender(): void {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    render();
  });
}

function render(): void {
  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  ui.status.textContent = chat.status === 'submitted' ? '● waiting for the turn' : chat.status === 'streaming' ? '● streaming' : chat.status === 'error' ? 'error' : 'ready';
  ui.status.className = `live-badge ${busy ? 'running' : 'ended'}`;
  document.body.dataset.chatStatus = chat.status;
  send.disabled = busy;
  stop.hidden = !busy;
  const atBottom = ui.messages.scrollHeight - ui.messages.scrollTop - ui.messages.clientHeight < 40;
  ui.messages.replaceChildren(
    ...(chat.messages.length === 0 ? [h('p', { class: 'empty' }, 'Type a request below. Each request is one turn; the panel on the right follows it.')] : []),
    ...chat.messages.map((message) => renderChatMessage(message, (answer) => void chat.addToolApprovalResponse(answer))),
  );
  if (atBottom) ui.messages.scrollTop = ui.messages.scrollHeight;
  renderMachine();
}

/** The statechart at the latest turn's latest state, the turns with their searches, and the latest step. */
function renderMachine(): void {
  const turn = trace.turns.at(-1);
  const step = turn?.steps.at(-1);
  const transition = step?.transitions.at(-1);
  statechart?.highlight(transition?.state ?? null, transition?.hops ?? []);
  if (turn === undefined) {
    ui.machineState.textContent = trace.connected ? 'No turn yet: send a request.' : 'Connecting to the live trace…';
  } else {
    const where = turn.end === undefined ? `step ${step?.stepIndex ?? 0}, in ${transition?.state ?? 'idle'}` : `${turn.end.status} (${turn.end.reason})`;
    ui.machineState.textContent = `turn ${turn.turnId}: ${where}`;
  }
  ui.turns.replaceChildren(
    ...trace.turns.map((candidate) =>
      h(
        'li',
        { data: { testid: 'trace-turn', turn: candidate.turnId, status: candidate.end?.status ?? 'running' } },
        h('strong', {}, candidate.turnId),
        ` ${candidate.end === undefined ? 'running' : `${candidate.end.status} (${candidate.end.reason})`}, ${candidate.steps.length} ${candidate.steps.length === 1 ? 'step' : 'steps'}`,
        ...candidate.steps.flatMap((replay) =>
          replay.searches.map((search) =>
            h(
              'div',
              { class: 'trace-search', data: { testid: 'trace-search', step: String(replay.stepIndex) } },
              `step ${replay.stepIndex}: search `,
              h('q', {}, search.record.query),
              ` → ${search.record.activated.length === 0 ? 'nothing' : search.record.activated.join(', ')}`,
            ),
          ),
        ),
      ),
    ),
  );
  ui.step.replaceChildren(...(turn === undefined || step === undefined ? [] : [renderStep(turn, step)]));
}

function showError(title: string, message: string): void {
  ui.error.replaceChildren(h('div', { class: 'error', data: { testid: 'error' }, attrs: { role: 'alert' } }, h('strong', {}, title), h('p', {}, message)));
  document.body.dataset.ready = 'true';
}

async function fetchJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { cache: 'no-store' });
  const text = await response.text();
  if (!response.ok) throw new Error(text.trim() === '' ? `${path}: HTTP ${response.status}` : text.trim());
  return JSON.parse(text) as T;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
