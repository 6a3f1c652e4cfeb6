/**
 * Past participles of the actions tools take on the things they list (a generic list of software
 * English, not drawn from any catalog): what a thing was `assigned`, `authored`, `opened`, `merged`,
 * `labeled` or `starred` by or with. Written after the thing (`issues assigned to me`, `PRs authored
 * by octocat`, `repos starred by me`, `bugs labeled regression`) such a word filters what to list
 * and says nothing about the action the request wants: `list issues assigned to me` asks for
 * list_issues, not for the tools that assign.
 */
export const FILTER_PARTICIPLES: ReadonlySet<string> = new Set(
  (
    'assigned authored opened created closed merged labeled labelled tagged starred mentioned owned written made ' +
    'updated modified changed edited pushed committed reported filed requested reviewed approved shared posted sent ' +
    'uploaded added deleted removed archived pinned marked scheduled subscribed watched forked raised submitted'
  ).split(' '),
);

/**
 * Words before a participle that make it the request's own verb or a tense, not a filter: a
 * subject (`I assigned it to bob`), a perfect (`have merged`), a negation or an adverb of time
 * (`never merged`, `just pushed`), a conjunction (`fixed and merged`).
 */
const NOT_AFTER = new Set('i we you they he she it who has have had ive weve youve theyve not never just already recently and or'.split(' '));

/** Words between a thing and its participle (`issues that are assigned to me`, `PRs that got merged`). */
const LINKING = new Set('that which are were is was got get gets getting being been'.split(' '));

/**
 * Words after a participle that show it filters the thing before it: a preposition or a time
 * (`assigned to me`, `authored by`, `merged this week`, `created since monday`, `tagged with`).
 */
const FILTER_FOLLOWERS = new Set('to by with in on at as for from since this last yesterday today before after during under within'.split(' '));

/** Participles a value follows directly (`bugs labeled regression`, `repos tagged cli`). */
const VALUE_PARTICIPLES = new Set(['labeled', 'labelled', 'tagged']);

/** Words ending in `s` that are no plural nouns. */
const NOT_PLURAL = new Set('is was has this its us yes his hers ours yours theirs less unless thus always perhaps'.split(' '));

/** What {@link filterParticiples} finds in a query. */
export interface FilterParticiples {
  /** The participles the query writes as filters, lowercased as written (`assigned`); empty when none. */
  readonly participles: ReadonlySet<string>;
  /** True when one of them filters a thing named in the plural (`issues assigned to me`, `PRs that got merged this week`): the request is for a list. */
  readonly ofPlural: boolean;
}

/**
 * The participles of {@link FILTER_PARTICIPLES} that `query` writes as filters of the thing before
 * them: after a word that is neither a number (`issue 5 closed as …`: one thing, an action) nor of
 * {@link NOT_AFTER} (`I assigned it to bob`), and before a word of {@link FILTER_FOLLOWERS} or, for
 * `labeled`, `labelled` and `tagged`, any word (`bugs labeled regression`); linking words may stand
 * between the thing and the participle (`issues that are assigned to me`). Reads at most `maxChars`
 * characters; pure, never throws. `queryTerms` (query-terms.ts) marks the participles' terms
 * `filter`, which the hybrid ranker weighs {@link FILTER_PARTICIPLE_WEIGHT}, and adds `list` when
 * the thing is named in the plural (`ofPlural`).
 */
export function filterParticiples(query: string, maxChars: number): FilterParticiples {
  const participles = new Set<string>();
  let ofPlural = false;
  const words = query.slice(0, maxChars).toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 0);
  for (let index = 1; index < words.length - 1; index += 1) {
    const word = words[index]!;
    if (!FILTER_PARTICIPLES.has(word)) continue;
    const before = words[index - 1]!;
    if (NOT_AFTER.has(before) || /^\d+$/.test(before)) continue;
    if (!FILTER_FOLLOWERS.has(words[index + 1]!) && !VALUE_PARTICIPLES.has(word)) continue;
    participles.add(word);
    let thing = index - 1;
    while (thing > 0 && LINKING.has(words[thing]!)) thing -= 1;
    if (isPlural(words[thing]!)) ofPlural = true;
  }
  return { participles, ofPlural };
}

/** A word that reads as an English plural: `issues`, `prs`, `repos`, `branches`; not `is`, `class`, `this`, `were`. Lowercased words only; pure. */
export function isPlural(word: string): boolean {
  return word.length >= 3 && word.endsWith('s') && !word.endsWith('ss') && !NOT_PLURAL.has(word) && !LINKING.has(word);
}

/**
 * Weight of a filter participle's term ({@link filterParticiples}), against 1 for the query's other
 * words: 0.3 and 0.5 tied on the MCP tuning halves (the eighth MCP pass, test/bench/README.md),
 * 0.1 cost fresh's tuning half a query; 0.3 as request filler words weigh (request-filler-weight.ts).
 */
export const FILTER_PARTICIPLE_WEIGHT = 0.3;
