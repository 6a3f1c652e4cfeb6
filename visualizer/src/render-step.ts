import type { CallReplay, SearchReplay, StepReplay, TurnReplay } from './build-replay.js';
import { formatCount, h } from './dom.js';

const OUTCOME_NOTES: Readonly<Record<string, string>> = {
  'rejected-hidden': 'hidden tool: not in this step\'s visible set, so it was rejected, not run (C14). Visible from the next step if a search activated it.',
  'rejected-unknown': 'not a bound tool: rejected, not run.',
  denied: 'the permission check denied it.',
  'invalid-input': 'the input did not match the tool\'s schema.',
  running: 'still running.',
};

/** The detail of one step: requests, visible tools (new ones marked), searches and tool calls. */
export function renderStep(turn: TurnReplay, step: StepReplay): HTMLElement {
  const first = step.requests[0];
  const attempts = step.requests.length;
  const startedAtMs = first === undefined || turn.start === undefined ? null : first.timestamp - turn.start.timestamp;
  const meta = [
    `${step.visible.length} visible ${step.visible.length === 1 ? 'tool' : 'tools'}`,
    `${formatCount(step.totalSchemaChars)} schema chars`,
    attempts > 1 ? `${attempts} attempts (retried, same visible set)` : null,
    step.end === undefined ? 'in progress' : `finish: ${step.end.finishReason}`,
    startedAtMs === null ? null : `at +${formatCount(startedAtMs)} ms`,
  ].filter((part): part is string => part !== null);
  return h(
    'article',
    { class: 'step', data: { testid: 'step', step: String(step.stepIndex) } },
    h('h2', { data: { testid: 'step-title' } }, `Step ${step.stepIndex}`),
    h('p', { class: 'meta' }, meta.join(' · ')),
    renderVisible(step),
    renderSearches(step),
    renderCalls(step.calls),
  );
}

function renderVisible(step: StepReplay): HTMLElement {
  const added = step.visible.filter((tool) => tool.isNew).length;
  return h(
    'section',
    { class: 'block' },
    h('h3', {}, 'Visible tools', added > 0 ? h('span', { class: 'count new' }, `${added} new`) : null),
    step.visible.length === 0
      ? h('p', { class: 'empty' }, 'No tools were visible in this step.')
      : h(
          'table',
          { class: 'tools', data: { testid: 'visible-tools' } },
          h('thead', {}, h('tr', {}, h('th', {}, 'tool'), h('th', { class: 'number' }, 'schema chars'))),
          h(
            'tbody',
            {},
            ...step.visible.map((tool) =>
              h(
                'tr',
                { class: tool.isNew ? 'is-new' : '', data: { tool: tool.name } },
                h('td', {}, h('code', {}, tool.name), tool.isNew ? h('span', { class: 'badge new', title: 'activated by a search of the step before' }, 'new') : null),
                h('td', { class: 'number' }, formatCount(tool.schemaChars)),
              ),
            ),
          ),
        ),
  );
}

function renderSearches(step: StepReplay): HTMLElement {
  return h(
    'section',
    { class: 'block', data: { testid: 'searches' } },
    h('h3', {}, 'Searches', h('span', { class: 'count' }, String(step.searches.length))),
    step.searches.length === 0 ? h('p', { class: 'empty' }, 'No tool_search in this step.') : null,
    ...step.searches.map((search) => renderSearch(search)),
  );
}

const STATUS_TEXT: Readonly<Record<string, string>> = {
  activated: 'activated',
  'skipped-oversize': 'skipped: schema over the budget',
  'skipped-budget': 'skipped: budget spent',
  'skipped-below-relevance-floor': 'skipped: below the relevance floor',
  'already-active': 'already active',
  'beyond-limit': 'beyond the limit',
};

function renderSearch(search: SearchReplay): HTMLElement {
  const { record } = search;
  const limit = record.requestedLimit === null ? `limit ${record.effectiveLimit}` : `limit ${record.effectiveLimit} (asked ${record.requestedLimit})`;
  return h(
    'div',
    { class: 'search-card', data: { testid: 'search' } },
    h('p', { class: 'query' }, h('span', { class: 'label' }, record.origin === 'prefetch' ? 'prefetch (the user message)' : 'query'), h('q', {}, record.query)),
    h(
      'p',
      { class: 'meta' },
      `${limit} · activated ${record.activated.length}, +${formatCount(record.schemaCharsActivated)} schema chars, ` +
        `visible from step ${search.visibleFromStep} · ${formatCount(record.durationMs)} ms`,
    ),
    h(
      'ol',
      { class: 'ranked' },
      ...search.ranked.map((candidate) =>
        h(
          'li',
          { class: `ranked-${candidate.status}`, data: { tool: candidate.name, status: candidate.status } },
          h('code', {}, candidate.name),
          h('span', { class: 'score' }, candidate.score.toFixed(3)),
          h('span', { class: `badge ${candidate.status}` }, STATUS_TEXT[candidate.status] ?? candidate.status),
        ),
      ),
    ),
  );
}

function renderCalls(calls: readonly CallReplay[]): HTMLElement {
  return h(
    'section',
    { class: 'block', data: { testid: 'calls' } },
    h('h3', {}, 'Tool calls', h('span', { class: 'count' }, String(calls.length))),
    calls.length === 0 ? h('p', { class: 'empty' }, 'No tool calls: the model answered.') : null,
    h(
      'ul',
      { class: 'calls' },
      ...calls.map((call) => {
        const note = OUTCOME_NOTES[call.outcome];
        return h(
          'li',
          { class: `call outcome-${call.outcome}`, data: { tool: call.toolName, outcome: call.outcome } },
          h(
            'div',
            { class: 'call-line' },
            h('code', {}, call.toolName),
            h('span', { class: 'badge origin' }, call.origin),
            h('span', { class: `badge outcome ${call.outcome}` }, call.outcome),
            call.durationMs === null ? null : h('span', { class: 'duration' }, `${formatCount(call.durationMs)} ms`),
          ),
          note === undefined ? null : h('p', { class: 'note' }, note),
        );
      }),
    ),
  );
}
