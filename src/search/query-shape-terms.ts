/**
 * File name extensions a request writes when it names a file (`todo.txt`, `config.yaml`,
 * `src/app.ts`): text, data, documents, images, archives and common source languages.
 */
export const FILE_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'txt md markdown rst log csv tsv json jsonl yaml yml toml ini cfg conf env xml html htm css scss ' +
    'js mjs cjs jsx ts tsx py rb go rs java kt swift c h cc cpp hpp cs php sh bash zsh ps1 sql lock ' +
    'pdf doc docx xls xlsx ppt pptx odt png jpg jpeg gif svg webp ico mp3 mp4 mov wav zip tar gz tgz'
  ).split(' '),
);

/** Files named without an extension, or whose name says what they are whatever follows (`README.md`). */
const FILE_NAMES = new Set('readme license licence changelog contributing dockerfile makefile gemfile procfile jenkinsfile vagrantfile codeowners'.split(' '));

/** Top-level domains of a bare host name (`example.org`, `docs.python.org`). */
const DOMAIN_ENDINGS = new Set('com org net io dev app ai co edu gov info biz me us uk de fr jp'.split(' '));

/** Libraries named like a script file (`Node.js`, `vercel/next.js`): a `.js` word with one of these bases is no file. */
export const JS_LIBRARIES: ReadonlySet<string> = new Set('node next nuxt vue react express three chart d3 ember backbone angular moment socket alpine svelte solid'.split(' '));

/** A URL with a scheme, or starting `www.` */
const URL_WORD = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S/i;
/** An issue key as Linear and Jira write them: `ENG-42`, `PROJ-1234`. */
const ISSUE_KEY_WORD = /^([A-Z][A-Z0-9]{1,9})-\d{1,6}$/;
/** Names of standards and models written like an issue key (`UTF-8`, `SHA-256`, `GPT-4`, `COVID-19`). */
const NOT_ISSUE_KEYS = new Set('AES CVE GPT H HTTP IPV ISO MD MP MPEG PCI RFC RSA SHA SSL TLS USB UTF COVID'.split(' '));

/** Two sizes written as width by height: `375 by 812`, `1280x720`, `800 × 600`, `1920 X 1080`. */
const DIMENSIONS = /(?<![\w.])\d{2,5}(?:px)?\s*(?:x|×|by)\s*\d{2,5}(?:px)?(?![\w.])/i;

/** A Slack-style channel: `#general`, `#eng-alerts` (not `#42`, an issue number). */
const CHANNEL_WORD = /^#[a-z][\w-]*$/i;

/**
 * The index words a query means by the shape of what it writes rather than by its words
 * (a generic reading of any request, not of one catalog): a URL or a bare host name
 * (`https://example.com/a`, `www.x.org`, `example.org`) → `url`; a file name with a known
 * extension, a path, a dotfile or a file known by its name (`notes.txt`, `~/notes/todo.txt`,
 * `src/app.ts`, `./build`, `.gitignore`, `README`, `Dockerfile`) → `file`; a
 * `#channel` → `channel`; an issue key (`ENG-42`; not `UTF-8`, `SHA-256`, `GPT-4`) → `issue`;
 * two sizes written width by height (`375 by 812`, `1280x720`, `800 × 600`: a window or an image
 * size) → `width`, `height`.
 * Words as written, not stemmed; each at most once, in that order; `[]` when the query shows none.
 * Reads at most `maxChars` characters of the query.
 */
export function queryShapeTerms(query: string, maxChars: number): string[] {
  let url = false;
  let file = false;
  let channel = false;
  let issue = false;
  for (const raw of query.slice(0, maxChars).split(/[\s,;()<>"'`]+/)) {
    const word = raw.replace(/[.:!?]+$/, '');
    if (word.length < 2) continue;
    if (URL_WORD.test(word)) {
      url = true;
      continue;
    }
    const key = ISSUE_KEY_WORD.exec(word);
    if (key !== null && !NOT_ISSUE_KEYS.has(key[1]!)) {
      issue = true;
      continue;
    }
    if (CHANNEL_WORD.test(word)) {
      channel = true;
      continue;
    }
    const dot = word.lastIndexOf('.');
    const ending = dot > 0 ? word.slice(dot + 1).toLowerCase() : '';
    const path = word.startsWith('~/') || word.startsWith('./') || word.startsWith('../') || (word.includes('/') && dot > word.lastIndexOf('/'));
    const base = word.slice(word.lastIndexOf('/') + 1, dot > word.lastIndexOf('/') ? dot : undefined).toLowerCase();
    if (FILE_NAMES.has(base) || /^\.[a-z][\w.-]*$/i.test(word)) {
      file = true;
      continue;
    }
    if (ending.length > 0 && /^[a-z0-9]+$/.test(ending) && FILE_EXTENSIONS.has(ending)) file ||= !(ending === 'js' && JS_LIBRARIES.has(base));
    else if (path) file = true;
    else if (ending.length > 0 && DOMAIN_ENDINGS.has(ending) && /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i.test(word)) url = true;
  }
  const terms: string[] = [];
  if (url) terms.push('url');
  if (file) terms.push('file');
  if (channel) terms.push('channel');
  if (issue) terms.push('issue');
  if (DIMENSIONS.test(query.slice(0, maxChars))) terms.push('width', 'height');
  return terms;
}
