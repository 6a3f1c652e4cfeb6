import { CODE_MODE_OPTION_NAMES } from '../code-mode/code-mode-options.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { ToolSearchRuntimeOptions } from './runtime-options.js';

/** Every option `createToolSearchRuntime` reads; anything else is a typo. */
const RUNTIME_OPTION_NAMES = [
  'tools', 'groups', 'sources', 'direct', 'availability', 'search', 'maxSteps', 'retry',
  'permission', 'telemetry', 'onSinkError', 'now', 'generateId', 'ranker', 'profiles',
  'approver', 'journal', 'operationId', 'timeout', 'outputLimit', 'artifactStore',
  'toolMode', 'codeMode',
] as const;
const SEARCH_OPTION_NAMES = ['defaultLimit', 'maxLimit', 'maxSchemaChars', 'maxQueryChars'] as const;
const RETRY_OPTION_NAMES = ['maxAttempts', 'initialDelayMs'] as const;
const NESTED_OPTION_NAMES = {
  timeout: ['toolMs', 'perToolMs', 'approvalMs'],
  outputLimit: ['maxBytes', 'maxLines'],
  codeMode: CODE_MODE_OPTION_NAMES,
} as const;
const FUNCTION_OPTIONS = ['permission', 'onSinkError', 'now', 'generateId', 'approver', 'operationId'] as const;

/**
 * Checks what `createToolSearchRuntime` would otherwise read blindly: unknown (misspelled)
 * option names at the top level and in `search` / `retry`, functions that are not functions,
 * and sinks without a `record` method. The binding options are checked by the catalog.
 *
 * @throws {InvalidOptionError} with the option's name and, for a misspelling, the likely name.
 */
export function validateRuntimeOptions(options: ToolSearchRuntimeOptions): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new InvalidOptionError({ option: 'options', value: options, expected: 'an object with at least `tools`' });
  }
  checkKnownKeys('', options, RUNTIME_OPTION_NAMES);
  for (const name of ['search', 'retry'] as const) {
    const value = options[name];
    if (value === undefined) continue;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new InvalidOptionError({ option: name, value, expected: 'an object' });
    }
    checkKnownKeys(`${name}.`, value, name === 'search' ? SEARCH_OPTION_NAMES : RETRY_OPTION_NAMES);
  }
  for (const [name, known] of Object.entries(NESTED_OPTION_NAMES)) {
    const value = options[name as keyof typeof NESTED_OPTION_NAMES];
    if (value === undefined) continue;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new InvalidOptionError({ option: name, value, expected: 'an object' });
    checkKnownKeys(`${name}.`, value, known);
  }
  for (const name of FUNCTION_OPTIONS) {
    const value = options[name];
    if (value !== undefined && typeof value !== 'function') throw new InvalidOptionError({ option: name, value, expected: 'a function' });
  }
  const sinks = options.telemetry === undefined ? [] : Array.isArray(options.telemetry) ? options.telemetry : [options.telemetry];
  sinks.forEach((sink, index) => {
    if (sink === null || typeof sink !== 'object' || typeof (sink as { record?: unknown }).record !== 'function') {
      throw new InvalidOptionError({ option: `telemetry[${index}]`, value: sink, expected: 'a sink: an object with a record(record) method' });
    }
  });
}

function checkKnownKeys(prefix: string, value: object, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const likely = known.find((name) => name.toLowerCase() === key.toLowerCase() || editDistance(name.toLowerCase(), key.toLowerCase()) <= 2);
    throw new InvalidOptionError({
      option: `${prefix}${key}`,
      value: (value as Record<string, unknown>)[key],
      expected: likely === undefined ? `one of the known options: ${known.map((name) => `${prefix}${name}`).join(', ')}` : `\`${prefix}${likely}\` (unknown option; a typo?)`,
    });
  }
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
