import { describe, expect, it } from 'vitest';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { queryTerms } from '../../src/search/query-terms.js';
import { valueWords } from '../../src/search/value-words.js';
import { fixtureRankerNames } from './fixture-catalogs.js';

const found = (query: string) => [...valueWords(query, 4_000)].sort();

describe('valueWords: names after called / titled and the words of file names', () => {
  it('reads up to three words of a name after called, named, titled, entitled, up to a new phrase or punctuation, and the naming word itself', () => {
    expect(found('make a folder called screenshots in the project')).toEqual(['called', 'screenshots']);
    expect(found('open the notion page titled Q3 roadmap')).toEqual(['q3', 'roadmap', 'titled']);
    expect(found('the repo named turbo-widgets, then star it')).toEqual(['named', 'turbo', 'widgets']);
    expect(found('a doc entitled one two three four')).toEqual(['entitled', 'one', 'three', 'two']);
    expect(found('a page called "Launch plan" please')).toEqual(['called', 'launch', 'plan']);
  });

  it('reads each number as a value: an id, a count, a port, the digits of a version', () => {
    expect(found('close issue 7')).toEqual(['7']);
    expect(found('free port 3000, then show the last 10 commits')).toEqual(['10', '3000']);
    expect(found('the file at tag v1.0')).toEqual(['0']);
    expect(found('list the v2 endpoints')).toEqual([]);
  });

  it('reads a file name’s base and folder words, not its extension nor words that say the file’s kind', () => {
    expect(found('attach resume.pdf to the form')).toEqual(['resume']);
    expect(found("show me what's in ~/notes/todo.txt")).toEqual(['notes', 'todo']);
    expect(found('stage src/index.ts')).toEqual(['index', 'src']);
    expect(found('add ~/projects to the allowed directories')).toEqual(['projects']);
    expect(found('describe image.png')).toEqual([]);
    expect(found('read /root/word/exchange.docx and /root/csv/users.csv')).toEqual(['exchange', 'root', 'users']);
  });

  it('finds none in words that name a tool, a library or a URL, nor in a query without names or files', () => {
    expect(found('use the tool called browser_snapshot')).toEqual([]);
    expect(found('write a Next.js middleware')).toEqual([]);
    expect(found('fetch https://example.com/a/b.html')).toEqual([]);
    expect(found('take a screenshot of the page')).toEqual([]);
    expect(found('what is it called')).toEqual([]);
  });
});

describe('queryTerms marks a value word written once', () => {
  it('marks screenshots of a folder called screenshots, not a word the query also writes as a request', () => {
    expect(queryTerms('make a folder called screenshots').find((term) => term.word === 'screenshots')?.value).toBe(true);
    expect(queryTerms('make a folder called screenshots').find((term) => term.word === 'folder')?.value).toBeUndefined();
    // `called` says a name follows: it weighs as little as the name (`call` of a tool that makes calls is not meant)
    expect(queryTerms('make a folder called screenshots').find((term) => term.word === 'called')?.value).toBe(true);
    expect(queryTerms('who called the api, and what is it called').find((term) => term.word === 'called')?.value).toBeUndefined();
    expect(queryTerms('take a screenshot and save it as screenshot.png').find((term) => term.word === 'screenshot')?.value).toBeUndefined();
    expect(queryTerms('resume the video, then attach resume.pdf').find((term) => term.word === 'resume')?.value).toBeUndefined();
  });
});

describe('over the MCP catalog: a name or a file name does not pull in the tools named like it', () => {
  const names = fixtureRankerNames('mcp-catalog');

  it('ranks git_add first for staging a file under src/, and create_branch first for a branch called login-redesign', () => {
    expect(names('stage src/index.ts', 1)).toEqual(['git_add']);
    expect(names('cut a feature branch called login-redesign off develop on GitHub', 1)).toEqual(['create_branch']);
  });

  it('ranks read_file in the top 3 for a file under ~/notes, not below the tools named like its words', () => {
    // read_file is in two servers of the catalog, named filesystem__read_file and desktop-commander__read_file
    expect(names("show me what's in ~/notes/todo.txt", 3).some((name) => name.endsWith('__read_file'))).toBe(true);
  });
});

describe('the hybrid ranker weighs the naming word as a value', () => {
  it('finds the folder tool for `a folder called Mom`, not the phone-call tools `called` would match', () => {
    const ranker = createHybridRanker([
      { name: 'get_document', description: 'Get a document by its title.', group: 'docs' },
      { name: 'start_call', description: 'Start a phone call with a contact.', group: 'phone' },
      { name: 'list_calls', description: 'List recent calls.', group: 'phone' },
      { name: 'create_directory', description: 'Create a new directory.', group: 'files' },
    ]);
    expect(ranker.rank('a folder called Mom', 1).map((match) => match.name)).toEqual(['create_directory']);
    // with no name after it, `called` is a word of the request
    expect(ranker.rank('who called me', 1)[0]?.name).toMatch(/call/);
  });
});

describe('the hybrid ranker weighs a number as a value', () => {
  const ranker = createHybridRanker([
    { name: 'git_log', description: 'Shows the commit logs of the repository.', group: 'git' },
    { name: 'list_tags', description: 'List the tags of a repository, 10 per page, at most 100.', group: 'github' },
    { name: 'kill_process', description: 'Terminate a running process by its PID.', group: 'shell' },
    { name: 'start_server', description: 'Start a dev server on port 3000 (default).', group: 'shell' },
  ]);
  const top = (query: string) => ranker.rank(query, 1).map((match) => match.name);

  it('ranks by what the request asks, not by a tool whose text holds the same digits (10 per page, port 3000)', () => {
    expect(top('the last 10 commits')).toEqual(['git_log']);
    expect(top('stop whatever holds 3000')).toEqual(['kill_process']);
  });
});
