import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { splitNameWords } from '../search/split-name-words.js';
import { toolSearchAliasGrowth } from '../tool-search/tool-search-wire-names.js';
import { cutText } from './cut-text.js';
import { groupDescriptionLine, MAX_GROUP_DESCRIPTION_CHARS } from './group-description-line.js';
import { shownGroupLabel } from './shown-group-label.js';
import type { CatalogEntry } from './catalog-entry.js';
import { inventoryGroups } from './inventory-groups.js';
import { sharedNamePrefix } from './shared-name-prefix.js';
import { restsNamingOtherTools } from './short-name-aliases.js';

/**
 * Default of `inventory.maxChars`: with it, `tool_search`'s complete definition (description
 * with the inventory, plus input schema, as `measureDefinitionChars` counts it) stays under
 * 8,000 characters for a catalog of any size (C23).
 */
export const DEFAULT_INVENTORY_MAX_CHARS = 6_000;
/** The smallest `inventory.maxChars` accepted: room for the note and the last, bounded level. */
export const MIN_INVENTORY_MAX_CHARS = 300;
/** Names shown per group at most when not every name fits. */
const MAX_TELLING_NAMES = 8;
/** Names of one group judged when picking its most telling names (evenly spaced in a larger group). */
const MAX_CANDIDATES = 500;

/** Options of {@link renderInventory}. */
export interface InventoryOptions {
  /**
   * Budget of the inventory text in characters as sent (JSON-escaped, so a line break counts 2,
   * as in `measureDefinitionChars`; a whole-word `tool_search` in a group name or description
   * counts as `turnscope_tool_search`, its name on OpenAI's Responses API, so the budget holds
   * on every wire). Default {@link DEFAULT_INVENTORY_MAX_CHARS}.
   */
  readonly maxChars?: number;
  /**
   * Group → a one-line description (e.g. an MCP server's instructions), shown after the group
   * name when the budget allows. Its first line that says something is kept, without Markdown's
   * leading marks or a trailing `:`, at most 100 characters (`groupDescriptionLine`);
   * the inventory's own marks in it are defused (`(5 tools)` → `[5 tools]`, `+ one of` →
   * `plus one of`), so it cannot pass for inventory lines. Default: none.
   */
  readonly groupDescriptions?: Readonly<Record<string, string>>;
}

/**
 * Renders the inventory (C7, C23): the deferred tools' group names (as `shownGroupLabel` shows
 * them) and canonical names, no descriptions, no schemas, direct tools not repeated. Groups and names are sorted by code
 * unit with `other` last, so the same bound set gives the same bytes (C8).
 *
 * Within `maxChars` it takes the first of these levels that fits:
 * 1. every name, by group (`group:` / `- name` lines), with group descriptions, then without;
 *    then the same with each group's shared name prefix ({@link sharedNamePrefix}) said once
 *    (`github: mcp__github__ + one of:` / `- create_issue`): `tool_search` finds a tool by its
 *    name without that prefix too (`shortNameAliases`, short-name-aliases.ts). A group in which
 *    a rest is another tool's name or alias, in any case (`restsNamingOtherTools`), keeps its
 *    full names, so no shown name reads as two tools';
 * 2. one line per group with its count and its most telling names (those that cover the
 *    group's most frequent name words), 8 per group down to 1, with descriptions, then without;
 * 3. one line per group with its count, with descriptions, then without;
 * 4. the largest groups with their counts, then `…and N more groups (M tools)`.
 * Levels 2–4 start with a note saying that the model can search, or list a group with
 * `group:NAME` (see `tool_search`). Level 4 always fits.
 *
 * @returns `''` when no tool is deferred.
 * @throws {InvalidOptionError} `maxChars` is not a whole number ≥ {@link MIN_INVENTORY_MAX_CHARS}
 *   (below it not even the last level fits), or `groupDescriptions` is not an object of strings
 *   (option `inventory.maxChars` / `inventory.groupDescriptions.GROUP`).
 */
export function renderInventory(entries: readonly CatalogEntry[], options: InventoryOptions = {}): string {
  checkInventoryOptions(options);
  const maxChars = options.maxChars ?? DEFAULT_INVENTORY_MAX_CHARS;
  const groups = inventoryGroups(entries);
  if (groups.size === 0) return '';
  const descriptions = new Map<string, string>();
  for (const [group, description] of Object.entries(options.groupDescriptions ?? {})) {
    const line = withoutInventoryMarks(groupDescriptionLine(description));
    if (groups.has(group) && line !== '') descriptions.set(group, line);
  }
  const fits = (text: string) => sentChars(text) <= maxChars;
  const order = [...groups.keys()];
  const labelOf = (group: string, withDescriptions: boolean) => {
    const description = withDescriptions ? descriptions.get(group) : undefined;
    return description === undefined ? shownGroupLabel(group) : `${shownGroupLabel(group)} — ${description}`;
  };
  const variants = descriptions.size > 0 ? [true, false] : [false];

  let toolCount = 0;
  let namesChars = 0;
  for (const names of groups.values()) {
    toolCount += names.length;
    for (const name of names) namesChars += name.length + 4;
  }
  // names are plain ASCII (the tool name pattern): a catalog far past the budget skips building the full text
  if (namesChars <= maxChars) {
    for (const withDescriptions of variants) {
      const full = order.map((group) => `${labelOf(group, withDescriptions)}:\n${groups.get(group)!.map((name) => `- ${name}\n`).join('')}`).join('');
      if (fits(full)) return full;
    }
  }
  // level 1 again, each group's shared name prefix said once (`github: mcp__github__ + one of:`)
  const prefixes = new Map(order.map((group) => [group, sharedNamePrefix(group, groups.get(group)!)]));
  let shortChars = 0;
  for (const [group, names] of groups) for (const name of names) shortChars += name.length - (prefixes.get(group)?.length ?? 0) + 4;
  if (shortChars < namesChars && shortChars <= maxChars) {
    // a rest that is another tool's name or alias would show the model one name for two tools
    // (`- create_issue` under github, and jira's create_issue): that group keeps its full names
    const clashing = restsNamingOtherTools(entries);
    for (const [group, names] of groups) {
      const prefix = prefixes.get(group);
      if (prefix === undefined || !names.some((name) => clashing.has(name))) continue;
      prefixes.set(group, undefined);
      shortChars += prefix.length * names.length;
    }
  }
  if (shortChars < namesChars && shortChars <= maxChars) {
    for (const withDescriptions of variants) {
      const short = order
        .map((group) => {
          const prefix = prefixes.get(group);
          const names = groups.get(group)!;
          if (prefix === undefined) return `${labelOf(group, withDescriptions)}:\n${names.map((name) => `- ${name}\n`).join('')}`;
          return `${labelOf(group, withDescriptions)}: ${prefix} + one of:\n${names.map((name) => `- ${name.slice(prefix.length)}\n`).join('')}`;
        })
        .join('');
      if (fits(short)) return short;
    }
  }
  const note = `Not every name fits here (${count(toolCount, 'tool')} in ${count(order.length, 'group')}): search by what you need, or list a group's tools with group:NAME.\n`;
  const countsOnly = note + order.map((group) => `${shownGroupLabel(group)} (${count(groups.get(group)!.length, 'tool')})\n`).join('');
  if (!fits(countsOnly)) return largestGroups({ note, order, groups, maxChars });
  const telling = new Map(order.map((group) => [group, tellingNames(groups.get(group)!, MAX_TELLING_NAMES)]));
  for (let shown = MAX_TELLING_NAMES; shown >= 0; shown -= 1) {
    for (const withDescriptions of variants) {
      const lines = order.map((group) => {
        const names = groups.get(group)!;
        const picked = telling.get(group)!.slice(0, shown);
        const more = names.length > picked.length ? (picked.length === 0 ? '' : ', …') : '';
        return `${labelOf(group, withDescriptions)} (${count(names.length, 'tool')})${picked.length === 0 ? '' : `: ${picked.join(', ')}`}${more}\n`;
      });
      const text = note + lines.join('');
      if (fits(text)) return text;
    }
  }
  return largestGroups({ note, order, groups, maxChars });
}

/**
 * The checks `createToolSearchRuntime`'s option schema makes, for the callers of
 * `createToolCatalog` and `renderInventory` that skip it: a `maxChars` of 0, NaN or `'6000'`
 * would give an inventory past its budget or no bound at all.
 *
 * @throws {InvalidOptionError}
 */
export function checkInventoryOptions(options: InventoryOptions): void {
  const { maxChars, groupDescriptions } = options;
  if (maxChars !== undefined && !(Number.isSafeInteger(maxChars) && maxChars >= MIN_INVENTORY_MAX_CHARS)) {
    throw new InvalidOptionError({
      option: 'inventory.maxChars',
      value: maxChars,
      expected: `a whole number of characters ≥ ${MIN_INVENTORY_MAX_CHARS} (default ${DEFAULT_INVENTORY_MAX_CHARS.toLocaleString('en-US')}; leave it out for the default)`,
    });
  }
  if (groupDescriptions === undefined) return;
  if (groupDescriptions === null || typeof groupDescriptions !== 'object' || Array.isArray(groupDescriptions)) {
    throw new InvalidOptionError({ option: 'inventory.groupDescriptions', value: groupDescriptions, expected: 'an object of group name → one-line description' });
  }
  for (const [group, description] of Object.entries(groupDescriptions)) {
    if (typeof description !== 'string') throw new InvalidOptionError({ option: `inventory.groupDescriptions.${group}`, value: description, expected: 'a string' });
  }
}

/** Level 4: the largest groups (ties by inventory order) while they fit, shown in inventory order, then the rest counted. */
function largestGroups(options: {
  readonly note: string;
  readonly order: readonly string[];
  readonly groups: ReadonlyMap<string, readonly string[]>;
  readonly maxChars: number;
}): string {
  const { note, order, groups, maxChars } = options;
  const rank = new Map(order.map((group, index) => [group, index]));
  const bySize = [...order].sort((a, b) => groups.get(b)!.length - groups.get(a)!.length || rank.get(a)! - rank.get(b)!);
  const total = order.reduce((sum, group) => sum + groups.get(group)!.length, 0);
  const trailer = (groupsLeft: number, toolsLeft: number) =>
    groupsLeft === 0 ? '' : `…and ${count(groupsLeft, 'more group')} (${count(toolsLeft, 'tool')}): search, or list group names with group: and a word.\n`;
  // the trailer is counted at its largest (every group left out), so any shorter one fits too
  let used = sentChars(note) + sentChars(trailer(order.length, total));
  const shown = new Set<string>();
  let shownTools = 0;
  for (const group of bySize) {
    const line = `${shownGroupLabel(group)} (${count(groups.get(group)!.length, 'tool')})\n`;
    const chars = sentChars(line);
    if (used + chars > maxChars) continue;
    used += chars;
    shown.add(group);
    shownTools += groups.get(group)!.length;
  }
  const lines = order.filter((group) => shown.has(group)).map((group) => `${shownGroupLabel(group)} (${count(groups.get(group)!.length, 'tool')})\n`);
  return note + lines.join('') + trailer(order.length - shown.size, total - shownTools);
}

/**
 * Up to `limit` names that together cover the group's most frequent name words (words every
 * name shares, such as a server prefix, tell nothing and are left out): greedy, each pick the
 * name whose words not yet covered have the highest mean frequency, ties to the shorter name,
 * then code-unit order.
 */
function tellingNames(all: readonly string[], limit: number): string[] {
  if (all.length <= limit) return [...all];
  // a large group is judged on evenly spaced names of it, so the cost stays bounded
  const step = Math.max(1, Math.floor(all.length / MAX_CANDIDATES));
  const names = step === 1 ? all : all.filter((_, index) => index % step === 0).slice(0, MAX_CANDIDATES);
  const wordsOf = names.map((name) => [...new Set(splitNameWords(name))]);
  const frequency = new Map<string, number>();
  for (const words of wordsOf) for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  for (const [word, seen] of frequency) if (seen === names.length) frequency.delete(word);
  const covered = new Set<string>();
  const picked: number[] = [];
  const taken = new Set<number>();
  while (picked.length < limit) {
    let best = -1;
    let bestScore = -1;
    for (let index = 0; index < names.length; index += 1) {
      if (taken.has(index)) continue;
      // mean frequency of its uncovered words: short, typical names beat long ones that list every word
      let score = 0;
      for (const word of wordsOf[index]!) if (!covered.has(word)) score += frequency.get(word) ?? 0;
      score /= Math.max(1, wordsOf[index]!.length);
      if (score > bestScore || (score === bestScore && names[index]!.length < names[best]!.length)) {
        best = index;
        bestScore = score;
      }
    }
    if (best === -1) break;
    taken.add(best);
    picked.push(best);
    for (const word of wordsOf[best]!) covered.add(word);
  }
  return picked.sort((a, b) => a - b).map((index) => names[index]!);
}

/**
 * Length of `text` inside a JSON string, as the provider receives it (a line break counts 2), on
 * the wire that sends the most: there each whole-word `tool_search` is `turnscope_tool_search`
 * (OpenAI's Responses API, {@link toolSearchAliasGrowth}), so the budget holds on every wire.
 */
function sentChars(text: string): number {
  return JSON.stringify(text).length - 2 + toolSearchAliasGrowth(text);
}

/**
 * A group description with the inventory's own marks defused, so a server's text cannot pass
 * for inventory lines (C7, S2): a count such as `(5 tools)` is bracketed (`[5 tools]`), and
 * `+ one of` is spelled `plus one of` (the line's own `:` would complete it).
 */
function withoutInventoryMarks(line: string): string {
  return line.replace(/\(([\d,]+ tools?)\)/gi, '[$1]').replace(/\+\s*one of\b/gi, 'plus one of');
}

/** Line breaks, control characters (U+0000–U+001F, U+007F–U+009F) and bidirectional overrides: a label's description must not break or reorder the inventory's lines. */
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\s]+/g;

/**
 * One printable line of at most MAX_GROUP_DESCRIPTION_CHARS characters: the first non-empty
 * line, whitespace, control characters and bidirectional overrides collapsed to one space, cut
 * with `…` without splitting an emoji ({@link cutText}).
 */
export function oneLine(text: string): string {
  const first = text.split(/\r?\n|\r|\u0085|\u2028|\u2029/).map((line) => line.replace(NOT_ONE_LINE, ' ').trim()).find((line) => line.length > 0) ?? '';
  return cutText(first, MAX_GROUP_DESCRIPTION_CHARS);
}

function count(value: number, noun: string): string {
  return `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;
}
