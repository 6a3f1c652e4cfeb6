import { stemWord } from './tokenize-text.js';

/**
 * Groups of English verbs that tools and the people asking for them use for the same action
 * (a generic list, not drawn from any catalog): `fetch` a page and `get` a page, `remove` a file
 * and `delete` a file.
 */
export const TOOL_VERB_GROUPS: readonly (readonly string[])[] = Object.freeze(
  [
    'get fetch retrieve obtain read show display view open',
    'download fetch',
    'list enumerate browse show',
    'create add make new generate insert',
    'delete remove erase destroy discard drop clear wipe purge forget unlink detach',
    'update edit modify change alter set patch rename replace rewrite',
    'search find lookup look query locate seek discover grep',
    'send post publish submit share',
    'calculate compute',
    'convert transform',
    'start run launch execute trigger invoke spawn',
    'stop end cancel terminate halt kill abort',
    'save store write persist',
    'check verify assert confirm validate ensure',
    'upload attach',
    'mock fake stub',
    'reply respond answer',
    'close shut',
    'navigate visit',
    'press hit',
    'click tap',
  ].map((line) => Object.freeze(line.split(' '))),
);

/**
 * Groups of nouns that software tools and the people asking for them use for the same thing
 * (a generic list, not drawn from any catalog): a `folder` is a `directory`, a `bug` an `issue`.
 */
export const TOOL_NOUN_GROUPS: readonly (readonly string[])[] = Object.freeze(
  [
    'folder directory',
    'bug issue ticket',
    'settings configuration config preferences options',
    'picture image screenshot',
    'website webpage site page',
    'doc document',
    'credential secret token password',
    'version release',
    'column field property attribute',
    'table database db',
    'terminal shell console',
    'program process',
    'inbox notification',
    'email mail',
    'link url',
    'text content body',
    'user member people person account collaborator',
    'org organization organisation company',
    'history log',
    'name title heading',
    'size space',
    'web internet online',
    'elevation altitude',
    'window viewport',
    'child sub subtask',
    'parent epic',
    'current now',
    'visible shown',
    'memory remember memorize',
    'duplicate dupe',
    'key keyboard keystroke',
    'selector locator',
  ].map((line) => Object.freeze(line.split(' '))),
);

/**
 * Index term (as {@link stemWord} stems it) → the other terms of its groups in
 * {@link TOOL_VERB_GROUPS}: `fetch` → `get`, `retrieve`, `obtain`, `read`, `show`, `display`, `view`, `open`.
 */
export const TOOL_VERB_SYNONYMS: ReadonlyMap<string, readonly string[]> = synonymsOf(TOOL_VERB_GROUPS);

/** Index term → the other terms of its groups in {@link TOOL_NOUN_GROUPS}: `folder` → `directory`. */
export const TOOL_NOUN_SYNONYMS: ReadonlyMap<string, readonly string[]> = synonymsOf(TOOL_NOUN_GROUPS);

function synonymsOf(groups: readonly (readonly string[])[]): ReadonlyMap<string, readonly string[]> {
  const synonyms = new Map<string, Set<string>>();
  for (const group of groups) {
    const terms = group.map((word) => stemWord(word));
    for (const term of terms) {
      const others = synonyms.get(term) ?? new Set<string>();
      for (const other of terms) if (other !== term) others.add(other);
      synonyms.set(term, others);
    }
  }
  return new Map([...synonyms].map(([term, others]) => [term, Object.freeze([...others])]));
}

/**
 * Phrases of a request (phrasal verbs and set phrases, matched as whole words in any case) →
 * the plain words tools use for what they mean: "get rid of" → `delete`, "spin up" → `start`,
 * "sea level" → `elevation`, a change going "into main" or "against master" (the default branch) →
 * `pull request`, "the same bug" or "already reported" → `duplicate`, who "works at" or "reports to" whom → `relation`, to "answer yes" or "answer no" (to a prompt) → `send input`, to "stop mocking" (faking, stubbing) requests → `remove mock route` (a mocked URL is a route in browser testing), what a "page" or "site" "logged" and its "js errors" → `console messages`; problems stated instead of the action: what a thing is "waiting on" or why it "can't start" → `blocked dependency`, a branch that "conflicts with" another or has "merge conflicts" → `update branch` (brought up to date with its base), things that "are open" or "still open" → `list state`; where something is "in my code" (our, the) → `search code`, what is "stored in your" memory or "in your memory" → `read all` (the whole memory), a "local project" or "local folder" → `file directory` (the local files, not a project board), to read a "web page" → `fetch url`, to "ship something" (anything, "a new" one) → `release` (not "ship it", an approval); concept bridges of the eighth MCP pass: "looks good to me" → `approve review` (lgtm written out), a "newer", "newest" or "latest version" → `latest release`, what a page "threw" ("threw an error", "throws errors") → `console messages`, a "build" that "is red", "went red" or "turned red" → `failed`, "opening hours", a "phone number" and being "open on sunday" (saturday, weekends, late, tonight) → `place details` (`hours`): a place's details. Everyday English for what tools do, chosen by reading the misses of
 * the MCP query sets' tuning halves (test/fixtures/datasets/mcp-catalog: even ids) and kept only
 * where the plain word is the one tools use in general, not one tool's wording. `queryTerms`
 * (query-terms.ts) adds the words after the query's own terms.
 */
export const TOOL_PHRASES: ReadonlyMap<string, readonly string[]> = new Map(
  (
    [
      ['get rid of', 'delete'],
      ['throw away', 'delete discard'],
      ['clean up', 'delete clear'],
      ['wipe out', 'clear delete'],
      ['kick off', 'start trigger run'],
      ['spin up', 'start launch'],
      ['fire up', 'start launch'],
      ['boot up', 'start'],
      ['shut down', 'stop close'],
      ['set up', 'create configure'],
      ['find out', 'get'],
      ['look at', 'view show'],
      ['bring up', 'show open'],
      ['go back', 'back'],
      ['go to', 'navigate'],
      ['hold on', 'wait'],
      ['hang on', 'wait'],
      ['log in', 'login authenticated'],
      ['logged in', 'login authenticated'],
      ['sign in', 'login authenticated'],
      ['signed in', 'login authenticated'],
      ['up to date', 'latest update'],
      ['fill in', 'fill'],
      ['fill out', 'fill'],
      ['write down', 'note save'],
      ['jot down', 'note save'],
      ['keep in mind', 'remember memory'],
      ['remember that', 'memory save'],
      ['remember about', 'memory search'],
      ['forget that', 'memory delete'],
      ['forget about', 'memory delete'],
      ['forget everything', 'memory delete'],
      ['how far', 'distance'],
      ['sea level', 'elevation'],
      ['what time', 'time'],
      ['time zone', 'timezone'],
      ['hand over', 'assign'],
      ['hand off', 'assign'],
      ['make sure', 'verify check'],
      ['double check', 'verify check'],
      ['keep an eye on', 'watch'],
      ['roll back', 'revert reset undo'],
      ['tear down', 'delete stop'],
      ['blow away', 'delete'],
      ['reach out to', 'message send'],
      ['turn off', 'disable stop'],
      ['turn on', 'enable start'],
      ['sign off on', 'approve'],
      ['open a new', 'create'],
      ['open an issue', 'create'],
      ['open a ticket', 'create'],
      ['open a bug', 'create'],
      ['open a pull request', 'create'],
      ['open a pr', 'create'],
      ['file a bug', 'create'],
      ['file an issue', 'create'],
      ['file a ticket', 'create'],
      ['raise an issue', 'create'],
      ['report a bug', 'create'],
      ['what do you know about', 'memory search'],
      ['opening hours', 'place details'],
      ['phone number', 'place details'],
      ['lat long', 'coordinates latitude longitude'],
      ['how many', 'count'],
      ['reply on', 'comment'],
      ['draw a box around', 'highlight'],
      ['show all', 'list'],
      ['show every', 'list'],
      ['get all', 'list'],
      ['open issues', 'list state'],
      ['open bugs', 'list state'],
      ['open tickets', 'list state'],
      ['open prs', 'list state'],
      ['open pull requests', 'list state'],
      ['api key', 'secret credential'],
      ['access key', 'secret credential'],
      ['laid out', 'structure tree'],
      ['working copy', 'working tree status'],
      ['how high', 'elevation'],
      ['how tall', 'elevation'],
      ['what you know about', 'memory search'],
      ['write access', 'collaborator permission'],
      ['local repo', 'git'],
      ['local repository', 'git'],
      ['local branch', 'git'],
      ['local branches', 'git'],
      ['to main', 'pull request'],
      ['into main', 'pull request'],
      ['against main', 'pull request'],
      ['to master', 'pull request'],
      ['into master', 'pull request'],
      ['against master', 'pull request'],
      ['already reported', 'duplicate'],
      ['reported before', 'duplicate'],
      ['same problem', 'duplicate'],
      ['same bug', 'duplicate'],
      ['same issue', 'duplicate'],
      ['works at', 'relation'],
      ['works for', 'relation'],
      ['reports to', 'relation'],
      ['answer yes', 'send input'],
      ['answer no', 'send input'],
      ['stop mocking', 'remove mock route'],
      ['stop faking', 'remove mock route'],
      ['stop stubbing', 'remove mock route'],
      ['page log', 'console messages'],
      ['page logged', 'console messages'],
      ['site log', 'console messages'],
      ['site logged', 'console messages'],
      ['javascript errors', 'console messages'],
      ['js errors', 'console messages'],
      ['waiting on', 'blocked dependency'],
      ['cant start', 'blocked'],
      ['can t start', 'blocked'],
      ['conflicts with', 'update branch'],
      ['merge conflict', 'update branch'],
      ['merge conflicts', 'update branch'],
      ['are open', 'list state'],
      ['still open', 'list state'],
      ['in my code', 'search code'],
      ['in our code', 'search code'],
      ['in the code', 'search code'],
      ['in your memory', 'read memory all'],
      ['stored in your', 'read all'],
      ['local project', 'file directory'],
      ['local folder', 'file directory'],
      ['web page', 'fetch url'],
      ['ship something', 'release'],
      ['ship anything', 'release'],
      ['ship a new', 'release'],
      ['looks good to me', 'approve review'],
      ['newer version', 'latest release'],
      ['newest version', 'latest release'],
      ['latest version', 'latest release'],
      ['threw errors', 'console messages'],
      ['threw error', 'console messages'],
      ['threw an error', 'console messages'],
      ['throws errors', 'console messages'],
      ['throws an error', 'console messages'],
      ['build red', 'failed'],
      ['build is red', 'failed'],
      ['went red', 'failed'],
      ['turned red', 'failed'],
      ['open on sunday', 'place details hours'],
      ['open on saturday', 'place details hours'],
      ['open on weekends', 'place details hours'],
      ['open late', 'place details hours'],
      ['open tonight', 'place details hours'],
    ] as const
  ).map(([phrase, words]) => [phrase, Object.freeze(words.split(' '))]),
);

/**
 * Single words of a request that stand for plain tool words: abbreviations (`pr` → `pull
 * request`, `lgtm` → `approve`), shell commands written as the request (`mkdir logs`, `ls`, `mv
 * a b`) and words whose meaning holds another word tools use (`mouseover` → `hover`; what a process
 * `printed` is its `output`; a table's `rows` are read with `sql`; an `installer` is a running `process`; what a project `shipped` is a `release`;
 * whether a text `mention`s something, or has it `anywhere`, is a `find`; concept bridges of the eighth MCP pass: an `xhr` is a
 * `network request`, `favourite`s are what a user `star`red, a `vulnerability` (`vulnerable`) is a `security alert`
 * (GitHub's `dependabot` alerts are the vulnerable dependencies) and a `cve` a `security advisory`, `leaked` or `exposed`
 * credentials are a `secret scanning alert`, a `clock` tells the `time`, to `reparent` is to `move`, a `readme` is a
 * `file` to read the `contents` of, a `schema` is a `database`'s, to `undo` is to `reset` or `revert`, `ci` is the
 * `workflow` runs (`actions`), a `rating` is one of a `place`'s `details`). Matched as whole words in any case; `queryTerms` (query-terms.ts) adds
 * the words after the query's own terms, as it does for {@link TOOL_PHRASES}. Generic software
 * English, chosen by reading the misses of the MCP query sets' tuning halves, never one tool's wording.
 */
export const TOOL_WORD_MEANINGS: ReadonlyMap<string, readonly string[]> = new Map(
  (
    [
      ['pr', 'pull request'],
      ['prs', 'pull request'],
      ['repo', 'repository'],
      ['repos', 'repository'],
      ['lgtm', 'approve'],
      ['approval', 'approve'],
      ['mkdir', 'create directory'],
      ['rmdir', 'delete directory'],
      ['ls', 'list directory'],
      ['mv', 'move rename'],
      ['rm', 'delete'],
      ['cp', 'copy'],
      ['pwd', 'current directory'],
      ['dblclick', 'double click'],
      ['mouseover', 'hover'],
      ['printed', 'output'],
      ['row', 'sql query'],
      ['rows', 'sql query'],
      ['tables', 'sql'],
      ['anywhere', 'find'],
      ['mention', 'find text'],
      ['installer', 'process'],
      ['shipped', 'release'],
      ['xhr', 'network request'],
      ['favourite', 'star starred'],
      ['favourites', 'star starred'],
      ['favorite', 'star starred'],
      ['favorites', 'star starred'],
      ['vulnerability', 'security alert dependabot'],
      ['vulnerabilities', 'security alert dependabot'],
      ['vulnerable', 'security alert dependabot'],
      ['cve', 'security advisory'],
      ['cves', 'security advisory'],
      ['leaked', 'secret scanning alert'],
      ['exposed', 'secret scanning alert'],
      ['clock', 'time'],
      ['reparent', 'move'],
      ['readme', 'file contents'],
      ['schema', 'database'],
      ['undo', 'reset revert'],
      ['ci', 'workflow actions run'],
      ['rating', 'place details'],
    ] as const
  ).map(([word, words]) => [word, Object.freeze(words.split(' '))]),
);

/**
 * Phrases of {@link TOOL_PHRASES} whose first word means something else on its own: to `file a
 * bug` is not about files, to `open a pull request` is to create one. `queryTerms` leaves that
 * word out of the query where the phrase holds it, and keeps the rest (`bug`) and the phrase's
 * meaning (`create`).
 */
export const FIGURATIVE_PHRASES: ReadonlySet<string> = new Set(
  ['open a new', 'open an issue', 'open a ticket', 'open a bug', 'open a pull request', 'open a pr', 'file a bug', 'file an issue', 'file a ticket', 'raise an issue', 'report a bug'].filter((phrase) =>
    TOOL_PHRASES.has(phrase),
  ),
);
