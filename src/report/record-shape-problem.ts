import type { TelemetryRecord } from '../telemetry/telemetry-record.js';

const TURN_STATUSES = new Set(['completed', 'failed', 'cancelled']);

/** Milliseconds of the latest time a `Date` holds: a timestamp past it is no clock reading. */
const MAX_TIME_MS = 8.64e15;

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** A character count: sums of counts stay exact, never Infinity. */
const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
const isNames = (value: unknown): boolean => Array.isArray(value) && value.every((name) => typeof name === 'string');
const isMatches = (value: unknown): boolean =>
  Array.isArray(value) && value.every((match) => match !== null && typeof match === 'object' && typeof match.name === 'string' && isFiniteNumber(match.score));
const isCharCounts = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(isCount);

/** Field → what it must be, per record type: the fields `summarizeTrace` reads. */
const CHECKS: Readonly<Record<string, readonly (readonly [field: string, expected: string, ok: (value: unknown) => boolean])[]>> = {
  'turn.start': [
    ['boundSchemaChars', 'a whole number ≥ 0', isCount],
    ['offersToolSearch', 'true or false', (value) => typeof value === 'boolean'],
    ['userMessageMatches', 'absent or a list of { name, score }', (value) => value === undefined || isMatches(value)],
    ['directTools', 'absent or a list of names', (value) => value === undefined || isNames(value)],
    ['requiredTools', 'absent or a list of names', (value) => value === undefined || isNames(value)],
  ],
  'step.start': [
    ['visible', 'a list of names', isNames],
    ['schemaChars', 'an object of name → whole number ≥ 0', isCharCounts],
    ['totalSchemaChars', 'a whole number ≥ 0', isCount],
  ],
  'search.end': [
    ['query', 'a string', (value) => typeof value === 'string'],
    ['ranked', 'a list of { name, score }', isMatches],
    ['activated', 'a list of names', isNames],
    ['origin', "absent, 'model' or 'prefetch'", (value) => value === undefined || value === 'model' || value === 'prefetch'],
  ],
  'tool.execution.end': [
    ['toolName', 'a string', (value) => typeof value === 'string'],
    ['outcome', 'a string', (value) => typeof value === 'string'],
    ['origin', 'a string', (value) => typeof value === 'string'],
  ],
  'turn.end': [
    ['status', "'completed', 'failed' or 'cancelled'", (value) => typeof value === 'string' && TURN_STATUSES.has(value)],
    ['reason', 'absent or a string', (value) => value === undefined || typeof value === 'string'],
  ],
};

/**
 * What is wrong with a trace record's shape for the report (C22), or `undefined` when nothing
 * is: `stepIndex` must be a whole number ≥ 0, `timestamp` a time in ms (finite, within what a
 * `Date` holds: `1e999` parses as Infinity), character counts whole numbers ≥ 0 (safe
 * integers, so no sum overflows), and each field the report reads of its type what
 * `jsonlFileSink` writes (`ranked` a list of `{ name, score }`, `status` a turn status, …). Extra fields are not checked. A
 * hand-edited, truncated-then-repaired or hostile line is thereby skipped with a warning
 * instead of throwing in the summary or turning its totals into `NaN`.
 *
 * @param record a parsed line with a known `type` and a string `turnId`.
 * @returns e.g. `search.end record whose ranked is not a list of { name, score }`.
 */
export function recordShapeProblem(record: TelemetryRecord): string | undefined {
  const fields = record as unknown as Readonly<Record<string, unknown>>;
  if (!Number.isInteger(fields.stepIndex) || (fields.stepIndex as number) < 0) return `${record.type} record whose stepIndex is not a whole number ≥ 0`;
  if (!isFiniteNumber(fields.timestamp) || Math.abs(fields.timestamp) > MAX_TIME_MS) return `${record.type} record whose timestamp is not a time in ms`;
  for (const [field, expected, ok] of CHECKS[record.type] ?? []) {
    if (!ok(Object.hasOwn(fields, field) ? fields[field] : undefined)) return `${record.type} record whose ${field} is not ${expected}`;
  }
  return undefined;
}
