import { FILE_EXTENSIONS, JS_LIBRARIES } from './query-shape-terms.js';

/** Words that introduce the name of the thing before them: `a folder called screenshots`, `the page titled Q3 roadmap`. */
const NAMING_WORDS = new Set(['called', 'named', 'titled', 'entitled']);

/**
 * Words that end a name written after a naming word (`a folder called screenshots in the
 * project`, `the repo named api, then star it`): prepositions, conjunctions and the words
 * of a new clause.
 */
const NAME_ENDS = new Set(
  'in on to from with and or for at into under over of by as then but so which that it its is are was please pls and also instead'.split(' '),
);

/** A word of digits only: `7` of `issue 7`, `3000` of `port 3000`, `0` of `v1.0`. */
const NUMBER = /^[0-9]+$/;

/** Words of a name after a naming word read at most (`the page titled Q3 planning notes` → three). */
const MAX_NAME_WORDS = 3;

/**
 * The words of `query` that name a value the tool is to act on rather than say what it does
 * (a generic reading of any request, not of one catalog), lowercased as written:
 * - the words of a name after `called`, `named`, `titled` or `entitled`, up to three, up to the
 *   next punctuation or word of a new phrase (`make a folder called screenshots in the project`
 *   → `screenshots`; `the notion page titled Q3 roadmap` → `q3`, `roadmap`), and the naming word
 *   itself when a name follows it (`called`: it says what comes next is a name, not what to do);
 * - the base name and folder words of a file name with a known extension or a path
 *   (`attach resume.pdf` → `resume`; `~/notes/todo.txt` → `notes`, `todo`; `src/index.ts` →
 *   `src`, `index`), not its extension (`pdf`: the kind of file, which says something of the
 *   tool) and not a word with `_` (`browser_resume.md` may name a tool);
 * - the numbers, each run of digits between other characters (`issue 7`, `port 3000`, `the last 10
 *   commits`, `0` of `v1.0`): an id, a count or a setting the tool is given, which matches only
 *   the tools whose text happens to hold the same digits.
 * A word written like a tool's name (`called browser_snapshot`) is no value. Reads at most
 * `maxChars` characters; pure, never throws; an empty set when the query shows none.
 * `queryTerms` (query-terms.ts) marks their terms `value` when the query writes them nowhere
 * else, and the hybrid ranker weighs those {@link VALUE_WORD_WEIGHT}.
 */
export function valueWords(query: string, maxChars: number): ReadonlySet<string> {
  const values = new Set<string>();
  const text = query.slice(0, maxChars);
  const raws = text.split(/\s+/).filter((raw) => raw.length > 0);
  for (let index = 0; index < raws.length; index += 1) {
    const raw = raws[index]!;
    const bare = raw.replace(/^[("'`[{<]+|[)"'`\]}>.,;:!?]+$/g, '');
    for (const word of fileNameWords(bare)) values.add(word);
    for (const piece of raw.split(/[^0-9A-Za-z]+/)) if (NUMBER.test(piece)) values.add(piece);
    if (!NAMING_WORDS.has(bare.toLowerCase()) || /[,;:!?.]$/.test(raw)) continue;
    for (let next = index + 1, taken = 0; next < raws.length && taken < MAX_NAME_WORDS; next += 1) {
      const nextRaw = raws[next]!;
      const nextBare = nextRaw.replace(/^[("'`[{<]+|[)"'`\]}>.,;:!?]+$/g, '');
      const lower = nextBare.toLowerCase();
      if (nextBare.length === 0 || NAME_ENDS.has(lower) || nextBare.includes('_')) break;
      for (const piece of lower.split(/[^a-z0-9]+/)) if (piece.length > 0) values.add(piece);
      // the naming word says a name follows, not what to do with the thing
      values.add(bare.toLowerCase());
      taken += 1;
      if (/[,;:!?.)"'`]$/.test(nextRaw)) break;
    }
  }
  return values;
}

/**
 * Words of a file name or path that say what kind of file it is rather than which one
 * (`image.png`, `/root/pdf/report.pdf`, `~/markdown/notes.md`, `/root/word/cv.docx`: the office
 * programs name their files' kinds too): with the extensions of
 * {@link FILE_EXTENSIONS} they stay full words of the request.
 */
const FILE_KIND_WORDS = new Set(
  'image images img photo photos picture pictures screenshot screenshots video videos audio music document documents docs markdown text data spreadsheet spreadsheets slides presentation archive word excel powerpoint sheets code source'.split(' '),
);

/** The base-name and folder words of a file name or path (`src/app.ts` → `src`, `app`), lowercased; none for other words. */
function fileNameWords(word: string): string[] {
  if (word.includes('_') || /^[a-z][a-z0-9+.-]*:\/\//i.test(word)) return [];
  const slash = word.lastIndexOf('/');
  const dot = word.lastIndexOf('.');
  const ending = dot > slash && dot > 0 ? word.slice(dot + 1).toLowerCase() : '';
  const hasExtension = ending.length > 0 && FILE_EXTENSIONS.has(ending);
  const isPath = word.startsWith('~/') || word.startsWith('./') || word.startsWith('../') || (slash > 0 && slash < word.length - 1 && hasExtension);
  if (!hasExtension && !isPath) return [];
  const stem = hasExtension ? word.slice(0, dot) : word;
  if (ending === 'js' && JS_LIBRARIES.has(stem.slice(stem.lastIndexOf('/') + 1).toLowerCase())) return [];
  return stem.toLowerCase().split(/[^a-z0-9]+/).filter((piece) => piece.length > 0 && !FILE_EXTENSIONS.has(piece) && !FILE_KIND_WORDS.has(piece));
}

/**
 * Weight of a value word's term ({@link valueWords}), against 1 for the query's other words: as
 * low as a filter participle's (filter-participles.ts) and a request filler word's
 * (request-filler-weight.ts), so a name or file name still finds a tool that holds it when
 * nothing else does.
 */
export const VALUE_WORD_WEIGHT = 0.3;
