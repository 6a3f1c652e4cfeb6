import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatReport } from '../report/format-report.js';
import { parseTrace } from '../report/parse-trace.js';
import { summarizeTrace } from '../report/summarize-trace.js';
import type { CliCommand } from './cli-command.js';
import { CliUsageError } from './cli-usage-error.js';

/** Skipped-line warnings printed before the rest are counted. */
const MAX_WARNINGS = 10;

/**
 * `turnscope report TRACE.jsonl [--json] [--k N]`: the report of C22 for a JSONL trace.
 * Skipped lines are warned about on stderr (the first 10, then a count). Exit 0, or 1 when the
 * file cannot be read or has lines but no turnscope record.
 */
export const reportCommand: CliCommand = async (args, io) => {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: { json: { type: 'boolean' }, k: { type: 'string' } },
  });
  const [path, ...extra] = positionals;
  if (path === undefined) throw new CliUsageError({ message: 'report needs a trace file: turnscope report TRACE.jsonl' });
  if (extra.length > 0) throw new CliUsageError({ message: `Unexpected argument ${JSON.stringify(extra[0])} after the trace file.` });
  const k = values.k === undefined ? undefined : Number(values.k);
  if (k !== undefined && (!Number.isInteger(k) || k < 1)) throw new CliUsageError({ message: `--k must be a whole number ≥ 1; got ${values.k}.` });

  const parsed = parseTrace(await readFile(path, 'utf8'));
  for (const warning of parsed.warnings.slice(0, MAX_WARNINGS)) io.stderr(`turnscope: ${path}: ${warning}`);
  if (parsed.warnings.length > MAX_WARNINGS) io.stderr(`turnscope: ${path}: … and ${parsed.warnings.length - MAX_WARNINGS} more skipped lines`);
  if (parsed.records.length === 0 && parsed.warnings.length > 0) {
    io.stderr(`turnscope: ${path} has no turnscope record: is it a JSONL trace written by jsonlFileSink (or turnscope demo --trace)?`);
    return 1;
  }
  const summary = summarizeTrace({ ...parsed, ...(k === undefined ? {} : { k }) });
  io.stdout(values.json === true ? JSON.stringify(summary, null, 2) : formatReport(summary));
  return 0;
};
