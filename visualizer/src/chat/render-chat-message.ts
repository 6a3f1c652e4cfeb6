import { getToolName, isDataUIPart, isReasoningUIPart, isTextUIPart, isToolUIPart, type DynamicToolUIPart, type ToolUIPart, type UIMessage } from 'ai';
import { h, type Child } from '../dom.js';

/** What a tool card's approve / deny buttons do: the chat's `addToolApprovalResponse`. */
export type AnswerApproval = (answer: { readonly id: string; readonly approved: boolean; readonly reason?: string }) => void;

/**
 * One chat message: a user's text, or an assistant's parts in order — `step-start` as a step
 * divider, reasoning (open while it streams), text, a `tool_search` call as a search card (query
 * and what it loaded), a `data-tool-search` part as that search's ranking, and every other tool call as a card
 * with its input, its state, approve / deny buttons while it awaits approval, and its output,
 * error or denial. Text is set as text, never as HTML.
 */
export function renderChatMessage(message: UIMessage, onApproval: AnswerApproval): HTMLElement {
  let step = 0;
  const parts = message.parts.map((part): Child => {
    if (part.type === 'step-start') return step++ === 0 ? null : h('hr', { class: 'step-divider', title: `step ${step - 1}` });
    if (isReasoningUIPart(part)) {
      const details = h(
        'details',
        { class: 'reasoning', data: { testid: 'reasoning', state: part.state ?? 'done' } },
        h('summary', {}, part.state === 'streaming' ? 'Thinking…' : 'Reasoning'),
        h('p', {}, part.text),
      );
      details.open = true;
      return details;
    }
    if (isTextUIPart(part)) return h('p', { class: 'text', data: { testid: message.role === 'user' ? 'user-text' : 'answer', state: part.state ?? 'done' } }, part.text);
    if (isToolUIPart(part)) return getToolName(part) === 'tool_search' ? renderSearchCall(part) : renderToolCall(part, onApproval);
    if (isDataUIPart(part)) return renderDataPart(part.type, part.data);
    return null;
  });
  const metadata = message.metadata as { turnId?: unknown; status?: unknown } | undefined;
  return h(
    'article',
    { class: `message ${message.role}`, data: { testid: `message-${message.role}`, id: message.id } },
    h('header', {}, message.role === 'user' ? 'You' : 'turnscope', typeof metadata?.turnId === 'string' ? h('span', { class: 'turn-id', title: 'turn id' }, metadata.turnId) : null),
    ...parts,
  );
}

function renderSearchCall(part: ToolUIPart | DynamicToolUIPart): HTMLElement {
  const query = (part.input as { query?: unknown } | undefined)?.query;
  const output = part.state === 'output-available' ? (part.output as { activated?: unknown } | undefined) : undefined;
  const activated = Array.isArray(output?.activated) ? output.activated.map(String) : undefined;
  return h(
    'section',
    { class: 'chat-card search', data: { testid: 'search-call', state: part.state } },
    h('h4', {}, 'tool_search ', h('q', {}, typeof query === 'string' ? query : '…')),
    activated === undefined
      ? h('p', { class: 'meta' }, part.state === 'output-error' ? `failed: ${part.errorText}` : 'searching…')
      : h(
          'p',
          { class: 'meta' },
          activated.length === 0 ? 'loaded nothing' : `loaded ${activated.length}, callable from the next step: `,
          ...activated.map((name) => h('code', { class: 'tool-name', data: { tool: name } }, name)),
        ),
  );
}

function renderToolCall(part: ToolUIPart | DynamicToolUIPart, onApproval: AnswerApproval): HTMLElement {
  const name = getToolName(part);
  const body: Child[] = [h('pre', { class: 'input' }, formatJson(part.input))];
  switch (part.state) {
    case 'approval-requested':
      body.push(
        h('p', { class: 'meta' }, part.approval.requestReason ?? `${name} needs your approval to run.`),
        h(
          'div',
          { class: 'approval' },
          h('button', { class: 'approve', data: { testid: 'approve' }, onClick: () => onApproval({ id: part.approval.id, approved: true }) }, 'Approve'),
          h('button', { class: 'deny', data: { testid: 'deny' }, onClick: () => onApproval({ id: part.approval.id, approved: false, reason: 'denied on the chat page' }) }, 'Deny'),
        ),
      );
      break;
    case 'approval-responded':
      body.push(h('p', { class: 'meta' }, part.approval.approved ? 'approved, running…' : 'denied, sending…'));
      break;
    case 'output-available':
      body.push(h('pre', { class: 'output', data: { testid: 'tool-output' } }, outputText(part.output)));
      break;
    case 'output-error':
      body.push(h('pre', { class: 'output error', data: { testid: 'tool-error' } }, part.errorText));
      break;
    case 'output-denied':
      body.push(h('p', { class: 'meta denied', data: { testid: 'tool-denied' } }, `denied${part.approval.reason === undefined ? '' : `: ${part.approval.reason}`}`));
      break;
    default:
      body.push(h('p', { class: 'meta' }, part.state === 'input-streaming' ? 'writing the input…' : 'running…'));
  }
  return h('section', { class: `chat-card tool ${part.state}`, data: { testid: 'tool-call', tool: name, state: part.state } }, h('h4', {}, h('code', {}, name)), ...body);
}

/**
 * A data part: `data-tool-search` (what a search did: TurnUIDataTypes in src/ui) as the ranked
 * candidates with their scores and which were activated or skipped; any other as its JSON.
 */
function renderDataPart(type: string, data: unknown): HTMLElement {
  const search = data as { query?: unknown; ranked?: unknown; activated?: unknown; skipped?: unknown } | null;
  if (type === 'data-tool-search' && search !== null && typeof search === 'object') {
    const activated = new Set(Array.isArray(search.activated) ? search.activated.map(String) : []);
    const skipped = new Map(
      (Array.isArray(search.skipped) ? search.skipped : []).map((skip: { name?: unknown; reason?: unknown }) => [String(skip.name), String(skip.reason)]),
    );
    const ranked = (Array.isArray(search.ranked) ? search.ranked : []) as { name?: unknown; score?: unknown }[];
    return h(
      'section',
      { class: 'chat-card search data', data: { testid: 'search-data' } },
      h('h4', {}, 'ranked for ', h('q', {}, String(search.query ?? ''))),
      ranked.length === 0
        ? h('p', { class: 'meta' }, 'no match')
        : h(
            'ol',
            { class: 'ranked' },
            ...ranked.map(({ name, score }) => {
              const tool = String(name);
              const fate = activated.has(tool) ? 'activated' : skipped.has(tool) ? `skipped: ${skipped.get(tool)}` : 'not loaded';
              return h('li', { data: { tool, fate } }, h('code', {}, tool), ` ${typeof score === 'number' ? score.toFixed(2) : ''} · ${fate}`);
            }),
          ),
    );
  }
  return h('section', { class: 'chat-card data' }, h('h4', {}, type), h('pre', {}, formatJson(data)));
}

/** An MCP result's text content, else the output's JSON. */
function outputText(output: unknown): string {
  const content = (output as { content?: unknown } | null | undefined)?.content;
  if (Array.isArray(content)) {
    const text = content
      .map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : ''))
      .filter((line) => line !== '')
      .join('\n');
    if (text !== '') return text;
  }
  return typeof output === 'string' ? output : formatJson(output);
}

function formatJson(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}
