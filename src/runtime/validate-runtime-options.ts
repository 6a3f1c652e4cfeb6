import { CODE_MODE_OPTION_NAMES } from '../code-mode/code-mode-options.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { MIN_INVENTORY_MAX_CHARS } from '../catalog/render-inventory.js';
import { checkKnownKeys } from './check-known-keys.js';
import { RUNTIME_OPTION_NAMES, SEND_INPUT_NAMES } from './option-names.js';
import type { ToolSearchRuntimeOptions } from './runtime-options.js';

const SEARCH_OPTION_NAMES = ['defaultLimit', 'maxLimit', 'maxSchemaChars', 'maxQueryChars', 'relevanceFloor', 'relevanceFloorSlope', 'mode'] as const;
const RETRY_OPTION_NAMES = ['maxAttempts', 'initialDelayMs'] as const;
const NESTED_OPTION_NAMES = {
  timeout: ['toolMs', 'perToolMs', 'approvalMs'],
  outputLimit: ['maxBytes', 'maxLines'],
  codeMode: CODE_MODE_OPTION_NAMES,
  inventory: ['maxChars', 'groupDescriptions'],
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
  checkKnownKeys({ prefix: '', value: options, known: RUNTIME_OPTION_NAMES, elsewhere: { names: SEND_INPUT_NAMES, place: 'send(input)', here: 'createToolSearchRuntime(options)' } });
  for (const name of ['search', 'retry'] as const) {
    const value = options[name];
    if (value === undefined) continue;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new InvalidOptionError({ option: name, value, expected: 'an object' });
    }
    checkKnownKeys({ prefix: `${name}.`, value, known: name === 'search' ? SEARCH_OPTION_NAMES : RETRY_OPTION_NAMES });
  }
  for (const [name, known] of Object.entries(NESTED_OPTION_NAMES)) {
    const value = options[name as keyof typeof NESTED_OPTION_NAMES];
    if (value === undefined) continue;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new InvalidOptionError({ option: name, value, expected: 'an object' });
    checkKnownKeys({ prefix: `${name}.`, value, known });
  }
  for (const name of FUNCTION_OPTIONS) {
    const value = options[name];
    if (value !== undefined && typeof value !== 'function') throw new InvalidOptionError({ option: name, value, expected: 'a function' });
  }
  checkInventoryOptions(options.inventory);
  const sinks = options.telemetry === undefined ? [] : Array.isArray(options.telemetry) ? options.telemetry : [options.telemetry];
  sinks.forEach((sink, index) => {
    if (sink === null || typeof sink !== 'object' || typeof (sink as { record?: unknown }).record !== 'function') {
      throw new InvalidOptionError({ option: `telemetry[${index}]`, value: sink, expected: 'a sink: an object with a record(record) method' });
    }
  });
}

/** `inventory.maxChars` a whole number ≥ 300; `inventory.groupDescriptions` an object of strings (C23). */
function checkInventoryOptions(inventory: ToolSearchRuntimeOptions['inventory']): void {
  if (inventory === undefined) return;
  const { maxChars, groupDescriptions } = inventory;
  if (maxChars !== undefined && (!Number.isInteger(maxChars) || maxChars < MIN_INVENTORY_MAX_CHARS)) {
    throw new InvalidOptionError({ option: 'inventory.maxChars', value: maxChars, expected: `a whole number of characters ≥ ${MIN_INVENTORY_MAX_CHARS}` });
  }
  if (groupDescriptions === undefined) return;
  if (groupDescriptions === null || typeof groupDescriptions !== 'object' || Array.isArray(groupDescriptions)) {
    throw new InvalidOptionError({ option: 'inventory.groupDescriptions', value: groupDescriptions, expected: 'an object of group name → one-line description' });
  }
  for (const [group, description] of Object.entries(groupDescriptions)) {
    if (typeof description !== 'string') {
      throw new InvalidOptionError({ option: `inventory.groupDescriptions.${group}`, value: description, expected: 'a string' });
    }
  }
}
