import { TELEMETRY_RECORD_TYPES, type TelemetryRecord } from '../telemetry/telemetry-record.js';
import { recordShapeProblem } from './record-shape-problem.js';

/** A parsed JSONL trace. */
export interface ParsedTrace {
  /** Records in file order. */
  readonly records: TelemetryRecord[];
  /** One message per skipped line: `line 7: not valid JSON (a truncated line?)`. */
  readonly warnings: string[];
  /** Non-empty lines that were not records (invalid JSON, unknown type, missing fields). */
  readonly skippedLines: number;
}

const KNOWN_TYPES = new Set<string>(TELEMETRY_RECORD_TYPES);

/**
 * Parses a JSONL trace written by `jsonlFileSink`. Never throws: a line that is not JSON (e.g.
 * truncated by a crash), has an unknown `type`, lacks `turnId` / `stepIndex` / `timestamp`, or
 * has a field the report reads in another shape than the sink writes it (`ranked` not a list
 * of `{ name, score }`, a `status` that is no turn status: see `recordShapeProblem`) is skipped
 * with a warning and counted. Blank lines are ignored, and so are a leading byte order mark and
 * Windows line ends.
 */
export function parseTrace(text: string): ParsedTrace {
  const records: TelemetryRecord[] = [];
  const warnings: string[] = [];
  // an editor may save the file with a byte order mark, which JSON.parse refuses
  (text.startsWith('\uFEFF') ? text.slice(1) : text).split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `line ${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      warnings.push(`${where}: not valid JSON (a truncated line?); skipped`);
      return;
    }
    const record = value as Partial<TelemetryRecord> | null;
    if (record === null || typeof record !== 'object' || typeof record.type !== 'string') {
      warnings.push(`${where}: not a record (no "type"); skipped`);
    } else if (!KNOWN_TYPES.has(record.type)) {
      warnings.push(`${where}: unknown record type ${JSON.stringify(record.type)}; skipped`);
    } else if (typeof record.turnId !== 'string' || typeof record.stepIndex !== 'number' || typeof record.timestamp !== 'number') {
      warnings.push(`${where}: ${record.type} record without turnId, stepIndex or timestamp; skipped`);
    } else {
      const problem = recordShapeProblem(record as TelemetryRecord);
      if (problem === undefined) records.push(record as TelemetryRecord);
      else warnings.push(`${where}: ${problem}; skipped`);
    }
  });
  return { records, warnings, skippedLines: warnings.length };
}
