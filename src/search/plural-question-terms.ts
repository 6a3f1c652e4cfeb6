import { isPlural } from './filter-participles.js';
import { stemWord, tokenizeText } from './tokenize-text.js';

/** Words that may open a clause before its question (`hey, what PRs …`, `ok so which branches …`). */
const LEADS = 'hey|hi|so|ok|okay|um|and|also|btw|now|then|pls|please|can you|could you';

/** How a question about things in the plural opens (`what PRs …`, `which branches …`, `any open issues …`, `got any …`, `do I have …`, `show me …`), and the words after it. */
const PLURAL_QUESTION = new RegExp(
  `(?:^|[.?!;:,]\\s*)(?:(?:${LEADS})[\\s,]+){0,3}(?:what|which|any|are there|is there|got any|do i have|do we have|show me|show)\\s+([^.?!;:,]*)`,
  'gi',
);

/** Words after which the question's thing has been named: a verb or an auxiliary (`what does this error mean`, `which files did PR 3 touch`). */
const THING_ENDS = new Set('is are was were do does did has have had can could will would should am be been being get gets got'.split(' '));

/** Words of a question read for its thing: `what open bugs`, `any new failing runs`, `show me all my starred repos`. */
const MAX_THING_WORDS = 4;

/** `anything new in …`, `what's new on …`: what has changed, a list of recent things. */
const ANYTHING_NEW = /(?:^|[^a-z0-9])(?:anything|what'?s|whats)\s+new\s+(?:in|on|at|from|for|with)\s/i;

/**
 * The terms of the things the tools named `names` list: the other words of each name with `list`
 * (`list_branches` → `branch`; `list_pull_requests` → `pull`, `request`), stemmed as queries are.
 */
export function listedThings(names: readonly string[]): ReadonlySet<string> {
  const things = new Set<string>();
  for (const name of names) {
    const terms = tokenizeText(name);
    if (terms.includes('list')) for (const term of terms) if (term !== 'list') things.add(term);
  }
  return things;
}

/**
 * Whether a tool of `names` lists the thing a query's term names ({@link listedThings}), or, for a
 * term of at most three letters, each thing its name acronym abbreviates lists (`pr` of `PRs` →
 * `pull`, `request`: `acronymsOf`, read only then). Reads the names on its first call.
 */
export function listedTest(names: readonly string[], acronymsOf: () => ReadonlyMap<string, readonly string[]>): (term: string) => boolean {
  let things: ReadonlySet<string> | undefined;
  return (term) => (things ??= listedThings(names)).has(term) || (term.length <= 3 && acronymsOf().get(term)?.some((word) => things!.has(word)) === true);
}

/**
 * `['list']` when `query` asks about things in the plural that a tool lists (`isListed` of the
 * plural's stem, say {@link listedThings}: `what pull requests are waiting in acme/webapp`, `which branches are on the
 * remote`, `any terminals left open?`), or asks what is new in something (`anything new in the
 * repo since friday`); else `[]`. The question opens a clause (`what`, `which`, `any`, `are there`,
 * `got any`, `do I have`, `show me`), and its thing is among the next four words, before a verb
 * (`what does this error mean` has none). Such a request wants the things listed, not one of them
 * created or changed; a plural no tool lists (`any recommendations?`, `what movies …` in a catalog
 * without a tool that lists movies) asks for no tool's list. A generic reading of any request, chosen on the
 * MCP tuning halves (the ninth MCP pass, test/bench/README.md). Reads at most `maxChars`
 * characters; pure, never throws.
 */
export function pluralQuestionTerms(query: string, maxChars: number, isListed: (term: string) => boolean): readonly string[] {
  const text = query.slice(0, maxChars).toLowerCase();
  if (ANYTHING_NEW.test(text)) return LIST;
  PLURAL_QUESTION.lastIndex = 0;
  for (let match = PLURAL_QUESTION.exec(text); match !== null; match = PLURAL_QUESTION.exec(text)) {
    for (const word of match[1]!.split(/[^a-z0-9']+/).filter((piece) => piece.length > 0).slice(0, MAX_THING_WORDS)) {
      if (THING_ENDS.has(word)) break;
      if (isPlural(word) && isListed(stemWord(word))) return LIST;
    }
  }
  return [];
}

const LIST: readonly string[] = Object.freeze(['list']);
