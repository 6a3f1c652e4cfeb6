/**
 * Words for things kept inside a repository, which have tools of their own: a query naming one
 * of them with an `owner/name` (`open PRs in acme/api`, `the README of octocat/hello-world`)
 * asks for that thing, the repository being only where it is. Prefixes of the written words,
 * lowercased (`issue` covers issues, `vulnerab` vulnerability and vulnerabilities).
 */
const HELD_IN_REPOSITORY = /(?<![a-z0-9])(?:issue|isue|bug|ticket|prs?|pull|branch|commit|release|tag|file|readme|code|workflow|action|run|job|build|ci|artifact|alert|secret|vulnerab|dependabot|advisor|discussion|label|milestone|comment|review|gist|notification|project|sub-issue|subissue)/i;

/** Prose written with a slash that is no repository: two alternatives or two halves of one thing (`lat/long`, `and/or`). */
const NOT_REPOSITORIES = new Set(
  'lat/long lat/lng lat/lon and/or either/or read/write on/off yes/no input/output pros/cons if/else open/close start/stop true/false client/server x/y he/she his/her am/pm w/o n/a tcp/ip i/o'.split(' '),
);

/** An `owner/name` word as GitHub writes repositories: `acme/api`, `tokio-rs/tokio`, `vercel/next.js`. */
const REPOSITORY_WORD = /^[a-z0-9][a-z0-9-]{0,38}\/[a-z0-9._-]{1,100}$/i;

/**
 * What an `owner/name` word (`fork facebook/react`, `star vercel/ai`, `tokio-rs/tokio`: GitHub's
 * way of naming a repository) means: `['repository', 'github']` when the query names nothing kept
 * inside a repository, `['github']` when it does ({@link HELD_IN_REPOSITORY}: issues, pull
 * requests, branches, commits, releases, files, workflows, alerts …; then the repository is where
 * the thing is, not what the query asks for, and only the product is meant: `open bugs in
 * tokio-rs/tokio` are GitHub's, not Linear's), `[]` without such a word. Not a URL (`https://…`), a path (`./a/b`, `src/app`, any word with
 * two slashes) or a slash between alternatives (`lat/long`, `and/or`, {@link NOT_REPOSITORIES}).
 * A generic reading of any request, as `queryShapeTerms` (query-shape-terms.ts) is; reads at most
 * `maxChars` characters of the query. Chosen on the tuning halves of the MCP query sets (the
 * seventh MCP pass, test/bench/README.md).
 */
export function repositoryNameTerms(query: string, maxChars: number): string[] {
  const text = query.slice(0, maxChars);
  if (text.indexOf('/') < 0) return [];
  let named = false;
  for (const raw of text.split(/[\s,;()<>"'`?!]+/)) {
    const word = raw.replace(/[.:]+$/, '');
    if (!REPOSITORY_WORD.test(word) || NOT_REPOSITORIES.has(word.toLowerCase())) continue;
    named = true;
    break;
  }
  if (!named) return [];
  return HELD_IN_REPOSITORY.test(text) ? ['github'] : ['repository', 'github'];
}
