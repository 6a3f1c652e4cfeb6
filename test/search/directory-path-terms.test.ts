import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directoryPathTerms } from '../../src/search/directory-path-terms.js';
import { queryTerms } from '../../src/search/query-terms.js';

const folders = (query: string) => directoryPathTerms(query, 4_000);

describe('directoryPathTerms', () => {
  it('reads the path of a folder as directory: rooted at ~, . or /, three segments or more, or under a common folder name', () => {
    expect(folders('list the contents of ~/Downloads')).toEqual(['directory']);
    expect(folders('list ./build')).toEqual(['directory']);
    expect(folders('what is in /var/log/?')).toEqual(['directory']);
    expect(folders('create folder src/components/ui')).toEqual(['directory']);
    expect(folders('move it to docs/archive')).toEqual(['directory']);
    expect(folders('add ~/projects to the allowed directories')).toEqual(['directory']);
  });

  it('leaves out file names, URLs and two plain words around a slash (a repository, a branch, a pair)', () => {
    expect(folders('stage src/index.ts')).toEqual([]);
    expect(folders('read ~/notes/todo.txt')).toEqual([]);
    expect(folders('open https://example.com/a/b')).toEqual([]);
    expect(folders('list open PRs in acme/api')).toEqual([]);
    expect(folders('i pushed feature/search')).toEqual([]);
    expect(folders('the lat/long of 10 Downing Street, and/or TCP/IP, 24/7')).toEqual([]);
    expect(folders('go to ~ or /')).toEqual([]);
    // a folder beside a file name is where the file goes: the request is about the file
    expect(folders('save the report as report.pdf in /root/pdf')).toEqual([]);
  });

  it('reads only the first maxChars characters', () => {
    expect(directoryPathTerms(`${'word '.repeat(10)}~/Downloads`, 20)).toEqual([]);
    expect(directoryPathTerms(`${'word '.repeat(10)}~/Downloads`, 200)).toEqual(['directory']);
  });

  it('joins the query after its written words and its shapes, once', () => {
    expect(queryTerms('list ~/Downloads').map((term) => term.term)).toEqual(['list', 'download', 'file', 'directory']);
    expect(queryTerms('list the directory ~/Downloads').filter((term) => term.term === 'directory')).toHaveLength(1);
  });

  it('gives [] or directory for any text, hostile segments (__proto__/constructor/x) included', () => {
    const segment = fc.constantFrom('__proto__', 'constructor', 'src', '~', '.', '..', '', 'a.b', 'x', 'Downloads', '中文', ' ', '//');
    const text = fc.array(segment, { maxLength: 6 }).map((parts) => parts.join('/'));
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 40 })), (query) => {
        const found = folders(query);
        expect(found.length === 0 || (found.length === 1 && found[0] === 'directory')).toBe(true);
      }),
    );
    expect(folders('__proto__/constructor/x')).toEqual(['directory']);
  });
});
