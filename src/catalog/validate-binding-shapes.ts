import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { likelyOption } from '../options/likely-option.js';
import type { ToolCatalogOptions } from './create-tool-catalog.js';
import { holdsListSeparator } from './holds-list-separator.js';

/** Group and source labels: printable, one line, so the inventory's lines cannot be forged (C7). */
const LABEL_PATTERN = /^[^\u0000-\u001f\u007f]{1,64}$/;
/** Aliases: printable, one line, and short enough to be a name. */
const ALIAS_PATTERN = /^[^\u0000-\u001f\u007f]{1,200}$/;

/**
 * Checks the shapes of the binding options before anything reads them, so a mistake gets a
 * message naming the option instead of a TypeError or a misleading error later:
 * `tools` a plain object of tool objects (not an array or a Map), `groups` an object of name
 * arrays, `sources` an object of strings, `aliases` an object of arrays of one-line names of 1–200
 * characters with no comma, semicolon or ideographic comma in normal form (`LIST_SEPARATORS`), `direct` an array of names, `hints` an object of
 * `{ alwaysLoad?: boolean, searchText?: string }`; group and source labels
 * 1–64 printable characters on one line.
 *
 * @throws {InvalidOptionError}
 */
export function validateBindingShapes(options: ToolCatalogOptions): void {
  if (!isPlainObject(options.tools)) {
    throw new InvalidOptionError({
      option: 'tools',
      value: options.tools,
      expected: 'an AI SDK ToolSet: a plain object whose keys are tool names (not an array or a Map)' + replacedPrototypeHint(options.tools),
    });
  }
  for (const [name, tool] of Object.entries(options.tools)) {
    if (tool === null || typeof tool !== 'object') {
      throw new InvalidOptionError({ option: `tools.${name}`, value: tool, expected: 'an AI SDK tool (use tool({ description, inputSchema, execute }))' });
    }
  }
  if (options.groups !== undefined) {
    if (!isPlainObject(options.groups)) throw new InvalidOptionError({ option: 'groups', value: options.groups, expected: 'an object of group name → tool names' });
    for (const [group, names] of Object.entries(options.groups)) {
      checkLabel(`groups[${JSON.stringify(group)}]`, group);
      checkNames(`groups.${group}`, names);
    }
  }
  if (options.sources !== undefined) {
    if (!isPlainObject(options.sources)) throw new InvalidOptionError({ option: 'sources', value: options.sources, expected: 'an object of tool name → source label' });
    for (const [name, source] of Object.entries(options.sources)) checkLabel(`sources.${name}`, source);
  }
  if (options.aliases !== undefined) {
    if (!isPlainObject(options.aliases)) throw new InvalidOptionError({ option: 'aliases', value: options.aliases, expected: 'an object of tool name → other names it is found by' });
    for (const [name, aliases] of Object.entries(options.aliases)) {
      if (!Array.isArray(aliases) || aliases.some((alias) => typeof alias !== 'string' || !ALIAS_PATTERN.test(alias))) {
        throw new InvalidOptionError({ option: `aliases.${name}`, value: aliases, expected: 'an array of names of 1 to 200 printable characters on one line' });
      }
      const split = aliases.find(holdsListSeparator);
      if (split !== undefined) {
        throw new InvalidOptionError({ option: `aliases.${name}`, value: aliases, expected: `names with no comma, semicolon or ideographic comma: a select: list is split at them, so ${JSON.stringify(split)} could never be selected` });
      }
    }
  }
  if (options.direct !== undefined) checkNames('direct', options.direct);
  if (options.hints !== undefined) checkHints(options.hints);
}

const HINT_KEYS = ['alwaysLoad', 'searchText'] as const;

/** `hints`: an object of tool name → `{ alwaysLoad?: boolean, searchText?: string }` (C26). */
function checkHints(hints: unknown): void {
  if (!isPlainObject(hints)) throw new InvalidOptionError({ option: 'hints', value: hints, expected: 'an object of tool name → { alwaysLoad?, searchText? }' });
  for (const [name, hint] of Object.entries(hints)) {
    if (!isPlainObject(hint)) throw new InvalidOptionError({ option: `hints.${name}`, value: hint, expected: 'an object { alwaysLoad?: boolean, searchText?: string }' });
    for (const [key, value] of Object.entries(hint)) {
      if (key === 'alwaysLoad' ? value !== undefined && typeof value !== 'boolean' : key === 'searchText' ? value !== undefined && typeof value !== 'string' : true) {
        // `searchHint` is the _meta key's last word: in `hints` it is `searchText`
        const likely = /^search/i.test(key) ? 'searchText' : /^always/i.test(key) ? 'alwaysLoad' : likelyOption(key, HINT_KEYS);
        const unknown = likely === undefined ? 'no other key than alwaysLoad and searchText' : `\`hints.${name}.${likely}\` (unknown key; a typo?)`;
        const expected = key === 'alwaysLoad' ? 'true or false' : key === 'searchText' ? 'a string' : unknown;
        throw new InvalidOptionError({ option: `hints.${name}.${key}`, value, expected });
      }
    }
  }
}

/** @throws {InvalidOptionError} unless `names` is an array of strings. */
export function checkNames(option: string, names: unknown): void {
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
    throw new InvalidOptionError({ option, value: names, expected: 'an array of tool names' });
  }
}

/** @throws {InvalidOptionError} unless `label` is 1–64 printable characters on one line (a group or source label). */
export function checkLabel(option: string, label: unknown): void {
  if (typeof label !== 'string' || !LABEL_PATTERN.test(label)) {
    throw new InvalidOptionError({ option, value: label, expected: 'a label of 1 to 64 printable characters on one line' });
  }
}

/**
 * For an object whose prototype is another plain object: what made it so. `tools.__proto__ = tool(…)`
 * (or `tools['__proto__'] = …`) sets the prototype instead of adding a tool named `__proto__`.
 */
function replacedPrototypeHint(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Map) return '';
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === null || typeof prototype !== 'object' || Object.getPrototypeOf(prototype) !== Object.prototype) return '';
  return "; its prototype was replaced, as assigning tools['__proto__'] = … does: to bind a tool named __proto__, make it an own key (Object.fromEntries, JSON.parse or Object.defineProperty)";
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
