import { directoryPathTerms } from './directory-path-terms.js';
import { filterParticiples } from './filter-participles.js';
import { multipleFilesTerms } from './multiple-files-terms.js';
import { phrasePatternTerms } from './phrase-pattern-terms.js';
import { queryShapeTerms } from './query-shape-terms.js';
import { repositoryNameTerms } from './repository-name-terms.js';
import { stemWord, tokenizeText } from './tokenize-text.js';
import { valueWords } from './value-words.js';
import { FIGURATIVE_PHRASES, TOOL_PHRASES, TOOL_WORD_MEANINGS } from './tool-verb-synonyms.js';

/**
 * Characters of a query read at most. A pasted document is cut here before anything else
 * runs, so tokenizing costs the same for a 20,000-character query as for a 4,000-character one.
 */
export const MAX_QUERY_SCAN_CHARS = 4_000;
/** Distinct terms of a query ranked at most by default (C12: one search stays a few milliseconds). */
export const MAX_QUERY_TERMS = 64;
/** Characters kept of one term: a 1 MB "word" costs no more than a long word. */
const MAX_TERM_CHARS = 48;

/** One term of a query: the stemmed index term and the word as written (lowercased). */
export interface QueryTerm {
  readonly term: string;
  readonly word: string;
  /** True when the query wrote this word only as a quoted single word (`tools for "slack"`, `the 'Priority' column`): a name or a value, the ranker decides. */
  readonly quoted?: boolean;
  /** True when every word of the query with this term is a participle filtering the thing before it (`issues assigned to me`: {@link filterParticiples}): the ranker weighs it low. */
  readonly filter?: boolean;
  /** True when the query writes this word once, as a value: a name after `called` / `titled`, a file name's words (`resume` of `resume.pdf`: {@link valueWords}); the ranker weighs it low. */
  readonly value?: boolean;
}

/**
 * Words of a request to an assistant that say nothing about which tool it needs ("I would
 * like …", "can you please …", "kindly help me …"): dropped from queries only (documents keep
 * them), unless a query has no other word. Verbs that name tool actions (get, show, make,
 * find, use) are not among them; nor are contractions written with their apostrophe, whose
 * pieces are stop words (tokenize-text.ts), while those typed without it are (`whats`, `dont`).
 */
export const QUERY_FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    'able about again all also am any anyone anything around assist assistance because been before being between both ' +
    'certain currently did doing during each else ever every few further hello help here hey hi just kindly know let like ' +
    'looking lot many may maybe might more most much must need needed needs ok okay once only other ought own possible ' +
    'precisely provide really same something specific specifically sure tell thank thanks thing things through too try ' +
    'very want wanted wants way well whether why wish yes yet ' +
    // contractions typed without their apostrophe: whats, dont, cant, im (the stemmer would read whats as what)
    'whats thats heres theres hows whos wheres dont doesnt didnt cant couldnt wont wouldnt isnt arent wasnt im ive youre theyre'
  ).split(' '),
);

/**
 * The terms a query is ranked by: the first `maxTerms` (default {@link MAX_QUERY_TERMS})
 * distinct terms of its first {@link MAX_QUERY_SCAN_CHARS} characters, tokenized like the
 * documents ({@link tokenizeText}), each cut to 48 characters, with the word each came from.
 * Filler words ({@link QUERY_FILLER_WORDS}) are left out unless nothing else is left, and so is
 * quoted text of several words (`type 'wireless headphones'`, `post "deploy done"`: the text a
 * tool is to type, post or find) unless nothing else is left. A quoted single word is kept,
 * marked `quoted` when the query writes it nowhere else (`tools for "slack"` names a product,
 * `the 'Priority' column` a value: the ranker tells them apart). After the
 * written terms come the words the query's shapes mean ({@link queryShapeTerms}: a URL → `url`,
 * a file name or path → `file`, a `#channel` → `channel`, `ENG-42` → `issue`; a folder's path,
 * `~/Downloads`, also → `directory`: {@link directoryPathTerms}; two or more file names → `multiple`:
 * {@link multipleFilesTerms}; an `owner/name` with nothing held in a repository → `repository`:
 * {@link repositoryNameTerms}), then the words of the phrases it holds
 * outside quotes ({@link TOOL_PHRASES}: "get rid of" → `delete`), the words of its phrase patterns
 * outside quotes ({@link phrasePatternTerms}: `rename issue 5` → `title`) and `list` when it filters
 * things named in the plural by a participle (`bugs assigned to me`), each when not there already
 * and within `maxTerms`. Such a participle's term is marked `filter` ({@link filterParticiples}:
 * `assigned` of `issues assigned to me` says which issues, not what to do with them).
 */
export function queryTerms(query: string, maxTerms: number = MAX_QUERY_TERMS): QueryTerm[] {
  const scanned = query.slice(0, MAX_QUERY_SCAN_CHARS);
  const unquoted = withoutQuotedText(scanned);
  const terms = writtenTerms(withoutFigurativeWords(unquoted), maxTerms);
  const written = terms.length > 0 || unquoted === scanned ? terms : writtenTerms(scanned, maxTerms);
  const quoted = quotedOnlyTerms(scanned);
  const quotedMarked = quoted.size === 0 ? written : written.map((term) => (quoted.has(term.term) ? { ...term, quoted: true } : term));
  const filters = filterParticiples(unquoted, MAX_QUERY_SCAN_CHARS);
  const all = markValues(markFilters(quotedMarked, unquoted, filters.participles), unquoted);
  const seen = new Set(all.map(({ term }) => term));
  // what the query's URLs, file names, #channels and issue keys mean (`url`, `file`, …), after its own words,
  // and what its phrases mean ("get rid of" → delete), after those
  for (const word of [...queryShapeTerms(scanned, MAX_QUERY_SCAN_CHARS), ...directoryPathTerms(scanned, MAX_QUERY_SCAN_CHARS), ...multipleFilesTerms(scanned, MAX_QUERY_SCAN_CHARS), ...repositoryNameTerms(scanned, MAX_QUERY_SCAN_CHARS), ...phraseWords(unquoted), ...phrasePatternTerms(unquoted, MAX_QUERY_SCAN_CHARS), ...(filters.ofPlural ? LIST_WORDS : [])]) {
    const term = stemWord(word);
    if (!seen.has(term) && all.length < maxTerms) {
      seen.add(term);
      all.push({ term, word });
    }
  }
  return all;
}

/**
 * One pattern per phrase of {@link FIGURATIVE_PHRASES}, matching its first word where the phrase
 * holds it, in any case and with any separators, with either article (`a`, `an`) and with up to
 * two more words before its last word (`open a github issue`, `file a new linear ticket`).
 */
const FIGURATIVE_PATTERNS = [...FIGURATIVE_PHRASES].map((phrase) => {
  const words = phrase.split(' ');
  const [first, second] = words;
  const rest = words.slice(2).join('[^a-z0-9]+');
  // either article: `open a github issue` as `open an issue`
  const article = second === 'a' || second === 'an' ? '(?:a|an)' : second;
  return { phrase, pattern: new RegExp(`(?<![a-z0-9])${first}(?=[^a-z0-9]+${article}(?:[^a-z0-9]+[a-z0-9]+){0,2}?[^a-z0-9]+${rest}(?![a-z0-9]))`, 'gi') };
});

/** `text` without the first word of each {@link FIGURATIVE_PHRASES} phrase it holds (`file a bug` → ` a bug`). */
function withoutFigurativeWords(text: string): string {
  if (text.indexOf(' ') < 0) return text;
  let result = text;
  for (const { pattern } of FIGURATIVE_PATTERNS) result = result.replace(pattern, ' ');
  return result;
}

/**
 * The words of {@link TOOL_WORD_MEANINGS} whose word `text` holds (in the order written), then
 * those of {@link TOOL_PHRASES} whose phrase it holds as whole words, in the table's order; a
 * phrase of {@link FIGURATIVE_PHRASES} also with up to two words before its last.
 */
function phraseWords(text: string): string[] {
  const words: string[] = [];
  const spaced = ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  for (const word of new Set(spaced.split(' '))) {
    const meaning = TOOL_WORD_MEANINGS.get(word);
    if (meaning !== undefined) words.push(...meaning);
  }
  if (text.indexOf(' ') < 0) return words;
  for (const [phrase, meaning] of TOOL_PHRASES) if (spaced.includes(` ${phrase} `)) words.push(...meaning);
  for (const { phrase, pattern } of FIGURATIVE_PATTERNS) {
    pattern.lastIndex = 0;
    if (!spaced.includes(` ${phrase} `) && pattern.test(spaced)) words.push(...TOOL_PHRASES.get(phrase)!);
  }
  return words;
}

/** `terms` with `filter` set on each whose every word in `text` is one of `filters`, the filter participles {@link filterParticiples} found in it. */
function markFilters(terms: QueryTerm[], text: string, filters: ReadonlySet<string>): QueryTerm[] {
  if (filters.size === 0) return terms;
  const stems = tokenizeText(text);
  return terms.map((term) => {
    if (!filters.has(term.word)) return term;
    const sameWord = text.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word === term.word).length;
    return stems.filter((stem) => stem === term.term).length === sameWord ? { ...term, filter: true } : term;
  });
}

/** `terms` with `value` set on each whose word `text` writes once, as a value ({@link valueWords}), and no other word of it stems to. */
function markValues(terms: QueryTerm[], text: string): QueryTerm[] {
  const values = valueWords(text, MAX_QUERY_SCAN_CHARS);
  if (values.size === 0) return terms;
  const words = text.toLowerCase().split(/[^a-z0-9]+/);
  const stems = tokenizeText(text);
  return terms.map((term) => {
    if (!values.has(term.word)) return term;
    const written = words.filter((word) => word === term.word).length;
    return written === 1 && stems.filter((stem) => stem === term.term).length === 1 ? { ...term, value: true } : term;
  });
}

/** What a query that filters things named in the plural asks for (`issues assigned to me`: {@link filterParticiples}). */
const LIST_WORDS = Object.freeze(['list']);

/** Text between quotes at word edges: 'out of stock', "fix typo", “done”, `npm test`; not the apostrophes of what's, Bob's. */
const QUOTED_TEXT = /(^|[\s(\[{:,])(?:'[^'\n]+'|"[^"\n]+"|“[^”\n]+”|‘[^’\n]+’|`[^`\n]+`)(?=$|[\s)\]},.;:!?])/g;

/**
 * `text` with its quoted spans of several words blanked: what a request quotes is the text to
 * type, post or find (`type 'wireless headphones'`), not what the tool does. A quoted single word
 * stays: models and users quote the name of a product, a group or a tool (`tools for "slack"`,
 * `"broswer_snapshot"`, `'getFile'`).
 */
function withoutQuotedText(text: string): string {
  if (!QUOTE_CHARACTER.test(text)) return text;
  return text.replace(QUOTED_TEXT, (span: string, before: string) => (/\s/.test(span.slice(before.length)) ? `${before} ` : span));
}

/** The stemmed terms of `text`'s quoted single words (`"slack"`, `'Priority'`), written nowhere else in it unquoted. */
function quotedOnlyTerms(text: string): Set<string> {
  const quoted = new Set<string>();
  if (!QUOTE_CHARACTER.test(text)) return quoted;
  const rest = text.replace(QUOTED_TEXT, (span: string, before: string) => {
    if (!/\s/.test(span.slice(before.length))) for (const word of tokenizeText(span)) quoted.add(word);
    return `${before} `;
  });
  for (const word of tokenizeText(rest)) quoted.delete(word);
  return quoted;
}

const QUOTE_CHARACTER = /['"“‘`]/;

function writtenTerms(text: string, maxTerms: number): QueryTerm[] {
  const terms = new Map<string, QueryTerm>();
  const fillers = new Map<string, QueryTerm>();
  for (const raw of tokenizeText(text, { stem: false })) {
    const word = raw.slice(0, MAX_TERM_CHARS);
    const term = stemWord(word);
    const into = QUERY_FILLER_WORDS.has(word) ? fillers : terms;
    if (!into.has(term) && into.size < maxTerms) into.set(term, { term, word });
    if (terms.size >= maxTerms) break;
  }
  return [...(terms.size > 0 ? terms : fillers).values()];
}

/** A word written like an identifier: `broswer_snapshot`, `get-file`, `math.factorial`, `readFile`. */
const IDENTIFIER_WORD = /[\p{L}\p{N}][_.\-]+[\p{L}\p{N}]|\p{Ll}\p{Lu}/u;

/**
 * The terms of the query's identifier-like words (`broswer_snapshot` → `broswer`, `snapshot`):
 * the words a model writes when it means a tool name, so the only ones worth typo-correcting
 * in a longer query. Reads the same bounded prefix as {@link queryTerms}.
 */
export function identifierTerms(query: string): Set<string> {
  const terms = new Set<string>();
  for (const word of query.slice(0, MAX_QUERY_SCAN_CHARS).split(/[^\p{L}\p{N}_.\-]+/u)) {
    if (IDENTIFIER_WORD.test(word)) for (const term of tokenizeText(word, { stem: false })) terms.add(stemWord(term.slice(0, MAX_TERM_CHARS)));
  }
  return terms;
}
