// turnscope/report: read a JSONL trace back and summarize it per turn (C22, S14), as `turnscope report` prints.
export { parseTrace } from './parse-trace.js';
export type { ParsedTrace } from './parse-trace.js';
export { summarizeTrace } from './summarize-trace.js';
export { formatReport } from './format-report.js';
export type { TraceSummary, TraceTotals, TurnSummary } from './trace-summary.js';
