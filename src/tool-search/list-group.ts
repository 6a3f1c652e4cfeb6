import { groupLabelKey, shownGroupLabel } from '../catalog/shown-group-label.js';
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
 * - `group:NAME` — the canonical names of group NAME's deferred tools (its label as shown,
 *   `groupLabelKey`, else the one label that matches ignoring case; labels that look the same
 *   are listed together), sorted;
 * - `group:NAME word …` — those of its names that contain every word (ignoring case);
 * - `group:word` with no such group, or `group:` alone — the names of the groups whose name
 *   contains the word (every group for none), largest first, each with its count; when no
 *   group's name contains it, `reason` says so and points to `group:` alone.
 *
 * A group no deferred tool is in but direct tools are (its tools are all sent on every step) is
 * named as such: `listed` holds its direct names, and `reason` says they are callable already
 * (no search needed). A listed group that also has direct tools names them in `reason`; a
 * listing of group names lists such groups after the others, marked `direct`.
 *
 * Bounded by `maxChars` characters of listed text (the inventory's budget): what does not fit
 * is counted in `reason`, with how to narrow the listing.
 *
 * @param rest the query after `group:`, trimmed.
 * @param groups the binding's deferred names by group (see `inventoryGroups`).
 * @param directGroups the binding's direct names by group, each sorted. Default: none.
 */
export function listGroup(options: {
  readonly rest: string;
  readonly groups: ReadonlyMap<string, readonly string[]>;
  readonly directGroups?: ReadonlyMap<string, readonly string[]>;
  readonly maxChars: number;
}): GroupListing {
  const { rest, groups, maxChars } = options;
  const found = findGroups(rest, groups);
  const directGroups = options.directGroups ?? NO_GROUPS;
  // a group of direct tools only is not in the deferred groups: it is named, not searched for
  const direct = found === undefined ? findGroups(rest, directGroups) : undefined;
  if (direct !== undefined) return listDirectGroup(direct, directGroups, maxChars);
  if (found !== undefined) {
    const words = found.after.trim().toLowerCase().split(/\s+/).filter((word) => word.length > 0);
    // labels that look the same (`café` precomposed and decomposed) are listed together, sorted
    const members = found.names.length === 1 ? groups.get(found.names[0]!)! : found.names.flatMap((group) => groups.get(group)!).sort(compareCodeUnits);
    const names = members.filter((name) => words.every((word) => name.toLowerCase().includes(word)));
    const listed = within(names, maxChars);
    const filter = words.length === 0 ? '' : ` whose names contain ${words.map((word) => JSON.stringify(word)).join(' and ')}`;
    const left = names.length - listed.length;
    const label = shownGroupLabel(found.names[0]!);
    const which = found.names.length === 1 ? `Group ${label} has` : `${found.names.length} groups shown as ${label} have`;
    return {
      activated: [],
      listed,
      reason:
        `${which} ${count(members.length, 'tool')}; listed ${count(listed.length, 'name')}${filter}` +
        (left === 0 ? '' : ` (${left.toLocaleString('en-US')} more: add a word after the group name to narrow the list)`) +
        '. Nothing was loaded: search with a listed name to load that tool.' +
        alsoDirect(found.names, directGroups),
    };
  }
  const word = groupLabelKey(rest).toLowerCase();
  const bySize = (of: ReadonlyMap<string, readonly string[]>) => (a: string, b: string) => of.get(b)!.length - of.get(a)!.length || compareCodeUnits(a, b);
  const matching = labelIndexOf(groups)
    .labels.filter(({ lower }) => lower.includes(word))
    .map(({ name }) => name)
    .sort(bySize(groups));
  // groups of direct tools only come after, marked: they are callable already, not searched
  const matchingDirect = labelIndexOf(directGroups)
    .labels.filter(({ name, lower }) => !groups.has(name) && lower.includes(word))
    .map(({ name }) => name)
    .sort(bySize(directGroups));
  const listed = within(
    [
      ...matching.map((name) => `${shownGroupLabel(name)} (${count(groups.get(name)!.length, 'tool')})`),
      ...matchingDirect.map((name) => `${shownGroupLabel(name)} (${count(directGroups.get(name)!.length, 'tool')}, direct)`),
    ],
    maxChars,
  );
  const total = matching.length + matchingDirect.length;
  const left = total - listed.length;
  const which = word === '' ? 'Groups' : `No group is named ${JSON.stringify(rest)}; groups whose name contains it`;
  if (total === 0 && word !== '') {
    return { activated: [], listed, reason: `No group is named ${JSON.stringify(rest)}, and no group's name contains it. Nothing was loaded: list the groups with group: alone, or search by what you need.` };
  }
  return {
    activated: [],
    listed,
    reason:
      `${which}: ${count(total, 'group')}, largest first${matchingDirect.length === 0 ? '' : `, then ${count(matchingDirect.length, 'group')} of direct tools (callable already)`}` +
      `${left === 0 ? '' : `, ${left.toLocaleString('en-US')} not listed (give part of a name: group:WORD)`}. ` +
      'Nothing was loaded: list one with group:NAME, or search by what you need.',
  };
}

const NO_GROUPS: ReadonlyMap<string, readonly string[]> = new Map();

/** The listing of groups found among the direct groups only: their tools are callable on every step. */
function listDirectGroup(found: { readonly names: readonly string[]; readonly after: string }, directGroups: ReadonlyMap<string, readonly string[]>, maxChars: number): GroupListing {
  const words = found.after.trim().toLowerCase().split(/\s+/).filter((word) => word.length > 0);
  const members = found.names.flatMap((group) => directGroups.get(group)!).sort(compareCodeUnits);
  const names = members.filter((name) => words.every((word) => name.toLowerCase().includes(word)));
  const listed = within(names, maxChars);
  const left = names.length - listed.length;
  const label = shownGroupLabel(found.names[0]!);
  const one = members.length === 1;
  return {
    activated: [],
    listed,
    reason:
      `${one ? 'The 1 tool' : `The ${members.length.toLocaleString('en-US')} tools`} of group ${label} ${one ? 'is' : 'are'} direct, callable on this step already: ` +
      `${listed.join(', ')}${left === 0 ? '' : ` (${left.toLocaleString('en-US')} more not listed: add a word after the group name to narrow the list)`}. ` +
      `Call ${one ? 'it' : 'them'} directly; there is nothing to search for or load.`,
  };
}

/** The sentence naming the direct tools of listed groups: `''` when they have none. */
function alsoDirect(groupNames: readonly string[], directGroups: ReadonlyMap<string, readonly string[]>): string {
  const direct = groupNames.flatMap((group) => directGroups.get(group) ?? []).sort(compareCodeUnits);
  if (direct.length === 0) return '';
  const shown = direct.slice(0, 10);
  const more = direct.length - shown.length;
  return ` Also in the group, direct (callable already, not listed): ${shown.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}.`;
}

/**
 * The groups `rest` names: the whole text, else the longest group label it starts with followed
 * by whitespace (`group:my server page` is group `my server`, word `page`). Labels are compared
 * as shown and retyped ({@link groupLabelKey}: invisible characters dropped, NFC, whitespace
 * collapsed), exactly, else ignoring case; several labels with the same key are all taken
 * (they look the same in the inventory), but two that differ only in case are taken exactly
 * or not at all.
 */
function findGroups(rest: string, groups: ReadonlyMap<string, readonly string[]>): { readonly names: readonly string[]; readonly after: string } | undefined {
  if (rest === '') return undefined;
  const text = groupLabelKey(rest);
  if (text === '') return undefined;
  const index = labelIndexOf(groups);
  const exact = index.byLabel.get(text);
  if (exact !== undefined) return { names: exact, after: '' };
  // a case-folded match must be one label (as shown): `Github` and `github` are two groups
  const folded = index.byLower.get(text.toLowerCase());
  if (folded !== undefined) return oneLabel(folded) ? { names: folded.map(({ name }) => name), after: '' } : undefined;
  // lengths are compared on the text as given: lowercasing may change a string's length
  const longestStart = (caseFolded: boolean) => {
    let longest: LabelEntry[] = [];
    for (const entry of index.labels) {
      const { label } = entry;
      if (label.length === 0 || label.length >= text.length || text.charAt(label.length) !== ' ') continue;
      const start = text.slice(0, label.length);
      if (caseFolded ? start.toLowerCase() !== entry.lower : start !== label) continue;
      if (longest.length === 0 || label.length > longest[0]!.label.length) longest = [entry];
      else if (label.length === longest[0]!.label.length) longest.push(entry);
    }
    return longest;
  };
  for (const caseFolded of [false, true]) {
    const longest = longestStart(caseFolded);
    if (longest.length > 0 && oneLabel(longest)) return { names: longest.map(({ name }) => name), after: text.slice(longest[0]!.label.length) };
  }
  return undefined;
}

interface LabelEntry {
  readonly name: string;
  /** {@link groupLabelKey} of the name. */
  readonly label: string;
  readonly lower: string;
}

/** The labels of one binding's groups, keyed as `group:` compares them; built once per groups map. */
interface LabelIndex {
  readonly labels: readonly LabelEntry[];
  /** label → the groups shown with it (several when they look the same), in inventory order. */
  readonly byLabel: ReadonlyMap<string, readonly string[]>;
  /** lowercase label → its entries. */
  readonly byLower: ReadonlyMap<string, readonly LabelEntry[]>;
}

const LABEL_INDEXES = new WeakMap<ReadonlyMap<string, readonly string[]>, LabelIndex>();

function labelIndexOf(groups: ReadonlyMap<string, readonly string[]>): LabelIndex {
  const known = LABEL_INDEXES.get(groups);
  if (known !== undefined) return known;
  const labels = [...groups.keys()].map((name) => {
    const label = groupLabelKey(name);
    return { name, label, lower: label.toLowerCase() };
  });
  const byLabel = new Map<string, string[]>();
  const byLower = new Map<string, LabelEntry[]>();
  for (const entry of labels) {
    const same = byLabel.get(entry.label);
    if (same === undefined) byLabel.set(entry.label, [entry.name]);
    else same.push(entry.name);
    const folded = byLower.get(entry.lower);
    if (folded === undefined) byLower.set(entry.lower, [entry]);
    else folded.push(entry);
  }
  const index = { labels, byLabel, byLower };
  LABEL_INDEXES.set(groups, index);
  return index;
}

function oneLabel(entries: readonly LabelEntry[]): boolean {
  return new Set(entries.map(({ label }) => label)).size === 1;
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

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function count(value: number, noun: string): string {
  return `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;
}
