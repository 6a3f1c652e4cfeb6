/**
 * English words that carry no meaning for choosing a tool. Removed from documents and queries
 * alike, so they neither match nor inflate BM25 document lengths.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could do does for from had has have how i if in into is it its ' +
    'me my of on or our please should so some such than that the their them then there these they this ' +
    'those to us was we were what when where which while who will with would you your ' +
    // what is left of a contraction once the apostrophe splits it: what's, don't, I've, we're, you'll, I'd, I'm
    's t ve re ll d m don doesn didn isn aren wasn weren haven hasn couldn shouldn wouldn'
  ).split(' '),
);

/** Runs of Han, Hiragana, Katakana or Hangul: written without spaces, indexed as character bigrams. */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/u;

/**
 * Splits text into index terms: camelCase (a capitalised acronym's plural `s` stays with it:
 * `PRs`, `URLs`) and `_`, `-`, `.`, `/` and every other non-letter,
 * non-digit boundary split words; words are lowercased, English stop words dropped, plurals and
 * `-ing`/`-ed` endings stripped ({@link stemWord}); runs of CJK characters become overlapping
 * character bigrams. Documents and queries use this one function, so they always agree.
 *
 * `getWeatherForecast` → `['get', 'weather', 'forecast']`; `list_directories` → `['list', 'directory']`.
 *
 * @param options.maxTerms stop after this many terms (duplicates count). Default: no limit.
 * @param options.stem `false` keeps the words as written (lowercased); then `stemWord` of each
 *   gives the stemmed terms. Default `true`.
 */
export function tokenizeText(text: string, options: { readonly maxTerms?: number; readonly stem?: boolean } = {}): string[] {
  const maxTerms = options.maxTerms ?? Number.POSITIVE_INFINITY;
  // a flag, not a function argument: one call target keeps the tokenizer's optimized code stable
  const stem = options.stem !== false;
  const asciiWords = !NON_ASCII.test(text) || !NON_ASCII_LETTER_OR_DIGIT.test(text);
  const terms = asciiWords ? tokenizeAscii(text, maxTerms) : tokenizeUnicode(text, maxTerms);
  // stemmed here, not word by word: the words of names, tokenized first and unstemmed, then
  // give the tokenizer's optimized code no call it has not seen (CJK bigrams are 1–2 characters,
  // which stemWord keeps as they are)
  if (stem) for (let index = 0; index < terms.length; index += 1) terms[index] = stemWord(terms[index]!);
  return terms;
}

const NON_ASCII = /[^\x00-\x7f]/;
/**
 * A letter or digit outside ASCII. Text without one (ASCII, or ASCII words between `—`, `“”`,
 * emoji and other non-ASCII separators) is the common case, tokenized by {@link tokenizeAscii}.
 */
const NON_ASCII_LETTER_OR_DIGIT = /(?![\x00-\x7f])[\p{L}\p{N}]/u;

const OTHER = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;

function asciiClass(code: number): number {
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 48 && code <= 57) return DIGIT;
  return OTHER;
}

/**
 * {@link tokenizeUnicode} for text whose letters and digits are all ASCII, with the same result
 * (every other character separates words): a word is a run of letters and digits, split before
 * an upper-case letter that follows a lower-case letter or a digit (`getFile`, `v2Api`) and
 * before the last capital of a run of capitals followed by a lower-case letter (`HTTPServer`),
 * unless that letter is a plural `s` ending the word (`PRs`, `URLs` stay one word). The runs are
 * found by a regular expression without Unicode classes (native code, in one pass); only a run
 * with a capital after its first character is split character by character. The bench's index
 * build spent most of its tokenizing time in the Unicode regular expressions this avoids, and
 * then in a loop over every character.
 */
function tokenizeAscii(text: string, maxTerms: number): string[] {
  const terms: string[] = [];
  if (maxTerms <= 0) return terms;
  const runs = text.match(ASCII_RUN);
  if (runs === null) return terms;
  // text without a capital (most names and parameter names) has no run to split or lowercase:
  // one test of the text instead of two calls per run
  const lowerCaseOnly = !CAPITAL.test(text);
  for (let index = 0; index < runs.length; index += 1) {
    const run = runs[index]!;
    if (lowerCaseOnly) {
      if (pushWord(run, terms, maxTerms)) return terms.slice(0, maxTerms);
    } else if (INNER_CAPITAL.test(run)) {
      if (splitCamelCase(run, terms, maxTerms)) return terms.slice(0, maxTerms);
    } else if (pushWord(run.toLowerCase(), terms, maxTerms)) {
      return terms.slice(0, maxTerms);
    }
  }
  return terms;
}

/** A run of ASCII letters and digits. */
const ASCII_RUN = /[A-Za-z0-9]+/g;
/** An ASCII capital anywhere. */
const CAPITAL = /[A-Z]/;
/** A capital after the first character: a run that may split. */
const INNER_CAPITAL = /.[A-Z]/;

/** Adds `word` (lowercased, unstemmed) to `terms` unless it is a stop word; true when `terms` reached `maxTerms`. */
function pushWord(word: string, terms: string[], maxTerms: number): boolean {
  if (STOP_WORDS.has(word)) return false;
  terms.push(word);
  return terms.length >= maxTerms;
}

/** Splits one run of ASCII letters and digits at its camelCase boundaries (see {@link tokenizeAscii}); true when `terms` reached `maxTerms`. */
function splitCamelCase(run: string, terms: string[], maxTerms: number): boolean {
  let start = 0;
  let previous = OTHER;
  let current = asciiClass(run.charCodeAt(0));
  for (let index = 0; index < run.length; index += 1) {
    const next = index + 1 < run.length ? asciiClass(run.charCodeAt(index + 1)) : OTHER;
    if (current === UPPER && index > start && (previous === LOWER || previous === DIGIT || (previous === UPPER && next === LOWER && !isPluralEnd(run, index + 1)))) {
      if (pushWord(run.slice(start, index).toLowerCase(), terms, maxTerms)) return true;
      start = index;
    }
    previous = current;
    current = next;
  }
  return pushWord(run.slice(start).toLowerCase(), terms, maxTerms);
}

/** True when `text` has a lone `s` at `index` ending its word: the plural of a capitalised acronym (`PRs`, `URLs`, `IDs`). */
function isPluralEnd(text: string, index: number): boolean {
  return text.charCodeAt(index) === CHAR_S && (index + 1 >= text.length || asciiClass(text.charCodeAt(index + 1)) !== LOWER);
}

function tokenizeUnicode(text: string, maxTerms: number): string[] {
  const terms: string[] = [];
  const spaced = text.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu}+)(\p{Lu}(?!s(?!\p{Ll}))\p{Ll})/gu, '$1 $2');
  for (const word of spaced.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word.length === 0) continue;
    if (CJK_RUN.test(word)) {
      pushCjk(word, terms, maxTerms);
    } else if (!STOP_WORDS.has(word)) {
      terms.push(word);
    }
    if (terms.length >= maxTerms) return terms.slice(0, maxTerms);
  }
  return terms;
}

/**
 * A light English stemmer, the same for documents and queries, applied in three passes
 * (plural, then `-ing`/`-ed` with the consonant they doubled, then a final `e`): `entities` →
 * `entity`, `files` → `file`, `searching` → `search`, `created`/`creates`/`create` → `creat`,
 * `getting` → `get`, `mapped` → `map`, `labelled`/`labeling` → `label`, `cookie`/`cookies` →
 * `cooky`, `class` and `news` stay. Words of three letters or fewer are kept as they are.
 */
export function stemWord(word: string): string {
  const length = word.length;
  if (length <= 3) return word;
  // suffixes are compared by character code, and the stem is cut once: this runs for every word
  // of every name and query
  let end = length;
  if (word.charCodeAt(length - 1) === CHAR_S && !NOT_PLURALS.has(word)) {
    const before = word.charCodeAt(length - 2);
    const third = word.charCodeAt(length - 3);
    if (before === CHAR_E && third === CHAR_I && length > 4) return `${word.slice(0, -3)}y`;
    if (before === CHAR_E && third === CHAR_S && word.charCodeAt(length - 4) === CHAR_S) end -= 2;
    else if (before !== CHAR_S && before !== CHAR_U && before !== CHAR_I) end -= 1;
  }
  const singular = end;
  if (end > 5 && endsAt(word, end, 'ing')) end -= 3;
  else if (end > 4 && endsAt(word, end, 'ed')) end -= 2;
  // the consonant a suffix doubled: getting → get, mapped → map, starred → star (not ll, ss, zz:
  // installed stays install; nor a stem of two letters: added stays add; nor a plural noun in
  // -ings: settings is not set)
  if (end < singular && singular === length && end > 3 && isDoubledConsonant(word, end)) end -= 1;
  // the l British spelling doubles before -ed/-ing after an unstressed e: labelled → label,
  // cancelling → cancel (not spelled, dwelling: stems of 5 letters or fewer keep it)
  else if (end < singular && end > 5 && endsAt(word, end, 'ell')) end -= 1;
  if (end > 4 && word.charCodeAt(end - 1) === CHAR_E) {
    // -ie as the plural's -ies reads it: cookie and cookies → cooky, as entity and entities → entity
    if (end === singular && word.charCodeAt(end - 2) === CHAR_I) return `${word.slice(0, end - 2)}y`;
    end -= 1;
  }
  return end === length ? word : word.slice(0, end);
}

/** Words ending in `s` that are no plural: `news` is not `new`, `always` not `alway`. */
const NOT_PLURALS = new Set('news always perhaps canvas atlas chaos kudos lens macos ios'.split(' '));

const CHAR_E = 101;
const CHAR_I = 105;
const CHAR_S = 115;
const CHAR_U = 117;

/** True when `word`'s first `end` characters end with the same consonant twice, other than `l`, `s`, `z`. */
function isDoubledConsonant(word: string, end: number): boolean {
  const last = word.charCodeAt(end - 1);
  if (last !== word.charCodeAt(end - 2) || last < 97 || last > 122) return false;
  // vowels, and the consonants whose doubling is part of the word (install, press, buzz); by
  // character code, as this runs for every -ing/-ed word of every build
  return last !== 97 && last !== 101 && last !== 105 && last !== 111 && last !== 117 && last !== 108 && last !== CHAR_S && last !== 122;
}

/** True when `word`'s first `end` characters end with `suffix`. */
function endsAt(word: string, end: number, suffix: string): boolean {
  for (let index = 1; index <= suffix.length; index += 1) {
    if (word.charCodeAt(end - index) !== suffix.charCodeAt(suffix.length - index)) return false;
  }
  return true;
}

function pushCjk(word: string, terms: string[], maxTerms: number): void {
  // a mixed word such as `abc中文` keeps its Latin part and bigrams its CJK part
  for (const part of word.split(/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)/u)) {
    if (part.length === 0) continue;
    if (!CJK_RUN.test(part)) {
      if (!STOP_WORDS.has(part)) terms.push(part);
    } else if (part.length === 1) {
      terms.push(part);
    } else {
      for (let index = 0; index + 1 < part.length && terms.length < maxTerms; index += 1) terms.push(part.slice(index, index + 2));
    }
    if (terms.length >= maxTerms) return;
  }
}
