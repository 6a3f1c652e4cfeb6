import type { TraceSummary, TurnSummary } from '../../src/report/trace-summary.js';
import { formatCount, formatPercent, h } from './dom.js';

/**
 * The report's totals for the whole trace (what `turnscope report` prints, from the same
 * `summarizeTrace`), as cards, and the selected turn's line when the trace has several turns.
 */
export function renderTotals(summary: TraceSummary, turn: TurnSummary | undefined): HTMLElement {
  const { totals, k } = summary;
  const card = (name: string, value: string, detail: string) =>
    h('div', { class: 'card', data: { metric: name } }, h('span', { class: 'card-label' }, name), h('strong', {}, value), h('span', { class: 'card-detail' }, detail));
  const firstSuccess =
    totals.meanStepsToFirstSuccess === null
      ? 'none'
      : `${totals.turns === 1 ? 'step' : 'mean step'} ${trim(totals.meanStepsToFirstSuccess)}`;
  return h(
    'section',
    { class: 'totals', data: { testid: 'totals' }, attrs: { 'aria-label': 'Report totals' } },
    card(
      'context saved',
      totals.schemaCharsAllUpFront === 0 ? 'n/a' : `${formatPercent(totals.schemaCharsSaved / totals.schemaCharsAllUpFront)}`,
      `${formatCount(totals.schemaCharsSaved)} schema chars: sent ${formatCount(totals.schemaCharsSent)} of ${formatCount(totals.schemaCharsAllUpFront)} with every schema on every request`,
    ),
    card(
      'exposed, never called',
      `${formatCount(totals.exposedUnusedCount)} ${totals.exposedUnusedCount === 1 ? 'schema' : 'schemas'}`,
      `${formatCount(totals.exposedUnusedChars)} chars paid for, summed over the requests that carried them`,
    ),
    card(
      `top-${k} recall`,
      totals.recall === null ? 'n/a' : formatPercent(totals.recall),
      totals.recall === null ? 'no discovered tool was called' : `${totals.discoveredInTopK} of ${totals.discoveredCalled} called tools were in an earlier search's top ${k}`,
    ),
    card('searches', formatCount(totals.searches), `${totals.repeatedSearches} repeated, ${totals.revisedSearches} revised`),
    card(
      'first successful call',
      firstSuccess,
      totals.meanTimeToFirstSuccessMs === null ? 'no tool call succeeded' : `${formatCount(totals.meanTimeToFirstSuccessMs)} ms after the turn started`,
    ),
    card(
      'hidden-tool rejections',
      formatCount(totals.hiddenRejections),
      `${totals.turnsWithCapMiss} ${totals.turnsWithCapMiss === 1 ? 'turn' : 'turns'} needed a tool a search cap cut`,
    ),
    summary.turns.length > 1 && turn !== undefined ? h('p', { class: 'turn-line' }, describeTurn(turn)) : null,
  );
}

function describeTurn(turn: TurnSummary): string {
  const saved = turn.schemaCharsSaved === null ? 'n/a' : formatCount(turn.schemaCharsSaved);
  const recall = turn.recall.value === null ? '-' : `${turn.recall.inTopK.length}/${turn.recall.called.length}`;
  return (
    `This turn: ${turn.status}, ${turn.steps} steps, saved ${saved} chars, ${turn.exposedUnused.count} exposed but unused, ` +
    `recall ${recall}, ${turn.searches} searches, ${turn.hiddenRejections} hidden-tool rejections`
  );
}

function trim(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
