/** The query prefix that lists a group instead of searching (C23). */
export const GROUP_QUERY_PREFIX = 'group:';

/** What a `group:` query answers: nothing is activated; `listed` holds names, `reason` says what they are. */
export interface GroupListing {
  readonly activated: string[];
  readonly listed: string[];
  readonly reason: string;
}

/**
 * Answers a `tool_search` query of the form `group:…` (C23): a bounded listing that loads
 * nothing, so the model can find every tool even when the inventory shows only counts.
 *
 * - `group:NAME` — the canonical names of group NAME's deferred tools (exact name, else the one
 *   group whose name matches ignoring case), sorted;
 * - `group:NAME word …` — those of its names that contain every word (ignoring case);
 * - `group:word` with no such group, or `group:` alone — the names of the groups whose name
 *   contains the word (every group for none), largest first, each with its count.
 *
 * Bounded by `maxChars` characters of listed text (the inventory's budget): what does not fit
 * is counted in `reason`, with how to narrow the listing.
 *
 * @param rest the query after `group:`, trimmed.
 * @param groups the binding's deferred names by group (see `inventoryGroups`).
 */
export function listGroup(options: {
  readonly rest: string;
  readonly groups: ReadonlyMap<string, readonly string[]>;
  readonly maxChars: number;
}): GroupListing {
  const { rest, groups, maxChars } = options;
  const found = findGroup(rest, groups);
  if (found !== undefined) {
    const group = found.name;
    const words = found.after.trim().toLowerCase().split(/\s+/).filter((word) => word.length > 0);
    const names = groups.get(group)!.filter((name) => words.every((word) => name.toLowerCase().includes(word)));
    const listed = within(names, maxChars);
    const filter = words.length === 0 ? '' : ` whose names contain ${words.map((word) => JSON.stringify(word)).join(' and ')}`;
    const left = names.length - listed.length;
    return {
      activated: [],
      listed,
      reason:
        `Group ${group} has ${count(groups.get(group)!.length, 'tool')}; listed ${count(listed.length, 'name')}${filter}` +
        (left === 0 ? '' : ` (${left.toLocaleString('en-US')} more: add a word after the group name to narrow the list)`) +
        '. Nothing was loaded: search with a listed name to load that tool.',
    };
  }
  const word = rest.toLowerCase();
  const matching = [...groups.keys()]
    .filter((name) => name.toLowerCase().includes(word))
    .sort((a, b) => groups.get(b)!.length - groups.get(a)!.length || (a < b ? -1 : a > b ? 1 : 0));
  const listed = within(matching.map((name) => `${name} (${count(groups.get(name)!.length, 'tool')})`), maxChars);
  const left = matching.length - listed.length;
  const which = word === '' ? 'Groups' : `No group is named ${JSON.stringify(rest)}; groups whose name contains it`;
  return {
    activated: [],
    listed,
    reason:
      `${which}: ${count(matching.length, 'group')}, largest first${left === 0 ? '' : `, ${left.toLocaleString('en-US')} not listed (give part of a name: group:WORD)`}. ` +
      'Nothing was loaded: list one with group:NAME, or search by what you need.',
  };
}

/**
 * The group `rest` names: the whole text, else the longest group name it starts with followed by
 * whitespace (`group:my server page` is group `my server`, word `page`); each exact, else the
 * only group that matches ignoring case. Whitespace is compared collapsed and trimmed, so a
 * group named ` github ` or `my  server` is found as the model retypes it.
 */
function findGroup(rest: string, groups: ReadonlyMap<string, readonly string[]>): { readonly name: string; readonly after: string } | undefined {
  if (rest === '') return undefined;
  if (groups.has(rest)) return { name: rest, after: '' };
  const text = collapsed(rest);
  const labels = [...groups.keys()].map((name) => ({ name, label: collapsed(name) }));
  for (const same of [(a: string, b: string) => a === b, (a: string, b: string) => a.toLowerCase() === b.toLowerCase()]) {
    const whole = labels.filter(({ label }) => same(label, text));
    if (whole.length === 1) return { name: whole[0]!.name, after: '' };
    if (whole.length > 1) return undefined;
  }
  // lengths are compared on the text as given: lowercasing may change a string's length
  const longestStart = (same: (a: string, b: string) => boolean) => {
    let longest: { name: string; label: string }[] = [];
    for (const entry of labels) {
      const { label } = entry;
      if (label.length === 0 || label.length >= text.length || text.charAt(label.length) !== ' ' || !same(text.slice(0, label.length), label)) continue;
      if (longest.length === 0 || label.length > longest[0]!.label.length) longest = [entry];
      else if (label.length === longest[0]!.label.length) longest.push(entry);
    }
    return longest;
  };
  for (const same of [(a: string, b: string) => a === b, (a: string, b: string) => a.toLowerCase() === b.toLowerCase()]) {
    const longest = longestStart(same);
    if (longest.length === 1) return { name: longest[0]!.name, after: text.slice(longest[0]!.label.length) };
  }
  return undefined;
}

/** Whitespace trimmed and collapsed to one space. */
function collapsed(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** The leading items whose JSON text fits in `maxChars`. */
function within(items: readonly string[], maxChars: number): string[] {
  const kept: string[] = [];
  let used = 2;
  for (const item of items) {
    used += JSON.stringify(item).length + 1;
    if (used > maxChars) break;
    kept.push(item);
  }
  return kept;
}

function count(value: number, noun: string): string {
  return `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;
}
