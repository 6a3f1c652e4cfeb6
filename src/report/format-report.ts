import type { TraceSummary } from './trace-summary.js';

/**
 * Renders a {@link TraceSummary} as plain text: a totals block, then one line per turn.
 * Numbers use thousands separators; ratios are percentages with one decimal. Turn ids, reasons
 * and tool names come from the trace as written: their line breaks, control characters (a
 * terminal escape) and bidirectional controls are shown escaped (`\u000a`), so a trace line
 * cannot add or reorder lines of the report (a forged `SILENT MISS` or totals row).
 */
export function formatReport(summary: TraceSummary): string {
  const { totals, k } = summary;
  const lines: string[] = [];
  const row = (label: string, value: string) => lines.push(`${label.padEnd(34)}${value}`);
  const statuses = Object.entries(totals.byStatus)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  row('turns', `${number(totals.turns)}${statuses === '' ? '' : ` (${statuses})`}`);
  row('provider requests', number(totals.requests));
  row('schema chars sent', number(totals.schemaCharsSent));
  row('schema chars if all sent up front', number(totals.schemaCharsAllUpFront));
  row('schema chars saved', `${number(totals.schemaCharsSaved)}${percentOf(totals.schemaCharsSaved, totals.schemaCharsAllUpFront)}`);
  row('exposed but never called', `${number(totals.exposedUnusedCount)} schemas, ${number(totals.exposedUnusedChars)} chars`);
  row(`top-${k} recall of called tools`, totals.recall === null ? 'n/a (no discovered tool called)' : `${percent(totals.recall)} (${totals.discoveredInTopK} of ${totals.discoveredCalled})`);
  row('searches', `${number(totals.searches)} (${totals.repeatedSearches} repeated, ${totals.revisedSearches} revised)${totals.prefetches === 0 ? '' : `, ${number(totals.prefetches)} prefetched`}`);
  row('no search, tools matched', number(totals.silentMisses));
  row('first successful call', firstSuccess(totals.meanTimeToFirstSuccessMs, totals.meanStepsToFirstSuccess));
  row('hidden-tool rejections', number(totals.hiddenRejections));
  row('turns whose tool was cut by a cap', number(totals.turnsWithCapMiss));
  if (summary.skippedLines > 0) row('trace lines skipped', `${summary.skippedLines} (see warnings)`);
  lines.push('');
  lines.push('per turn:');
  for (const turn of summary.turns) {
    const saved = turn.schemaCharsSaved === null ? 'n/a' : number(turn.schemaCharsSaved);
    const recall = turn.recall.value === null ? '-' : `${turn.recall.inTopK.length}/${turn.recall.called.length}`;
    const first = turn.firstSuccess === null ? 'none' : `step ${turn.firstSuccess.steps}${turn.firstSuccess.timeMs === null ? '' : `, ${number(turn.firstSuccess.timeMs)} ms`}`;
    lines.push(
      `  ${shown(turn.turnId)}  ${turn.status}${turn.reason === undefined ? '' : ` (${shown(turn.reason)})`}, ${turn.steps} step${turn.steps === 1 ? '' : 's'}, ` +
        `saved ${saved} chars, unused ${turn.exposedUnused.count}, recall ${recall}, searches ${turn.searches}, ` +
        `first ok ${first}, hidden rejections ${turn.hiddenRejections}` +
        (turn.capMisses.length === 0 ? '' : `, cut by cap: ${turn.capMisses.map(shown).join(', ')}`) +
        (turn.silentMiss === null ? '' : `, SILENT MISS: no search, the message matched ${turn.silentMiss.matches.map((match) => shown(match.name)).join(', ')}`) +
        // a prefetched tool was visible from step 0: the model had it and did not call it
        (turn.silentMiss === null || turn.silentMiss.prefetched.length === 0 ? '' : `; prefetched, visible from step 0, not called: ${turn.silentMiss.prefetched.map(shown).join(', ')}`) +
        // a required tool was visible without a search too
        (turn.silentMiss === null || turn.silentMiss.required.length === 0 ? '' : `; required, visible without a search, not called: ${turn.silentMiss.required.map(shown).join(', ')}`),
    );
  }
  return lines.join('\n');
}

/** Line breaks, ASCII and Latin-1 control characters (U+0000–U+001F, U+007F–U+009F), line and paragraph separators, bidirectional controls. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A string of the trace as one printable run: each character of {@link UNPRINTABLE} as `\uXXXX`. */
function shown(text: string): string {
  return text.replace(UNPRINTABLE, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function number(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}

function percentOf(part: number, whole: number): string {
  return whole === 0 ? '' : ` (${percent(part / whole)})`;
}

function firstSuccess(timeMs: number | null, steps: number | null): string {
  if (steps === null) return 'none';
  return `mean ${steps.toFixed(1)} steps${timeMs === null ? '' : `, ${number(timeMs)} ms`}`;
}
