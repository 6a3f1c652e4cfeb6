import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multipleFilesTerms } from '../../src/search/multiple-files-terms.js';
import { queryTerms } from '../../src/search/query-terms.js';

const terms = (query: string) => multipleFilesTerms(query, 4_000);

describe('multipleFilesTerms', () => {
  it('reads two or more different file names or paths as multiple', () => {
    expect(terms('open a.ts, b.ts and c.ts together')).toEqual(['multiple']);
    expect(terms('show me package.json, tsconfig.json and .eslintrc')).toEqual(['multiple']);
    expect(terms('compare README and src/app.ts')).toEqual(['multiple']);
  });

  it('finds nothing in one file, the same file twice, repositories, hosts and libraries named like a script', () => {
    expect(terms('read notes.txt')).toEqual([]);
    expect(terms('diff notes.txt against NOTES.TXT.')).toEqual([]);
    expect(terms('open PRs in acme/api and vercel/next.js')).toEqual([]);
    expect(terms('fetch example.com and example.org')).toEqual([]);
    expect(terms('')).toEqual([]);
  });

  it('reads only the first maxChars characters', () => {
    expect(multipleFilesTerms('a.txt b.txt', 6)).toEqual([]);
    expect(multipleFilesTerms('a.txt b.txt', 11)).toEqual(['multiple']);
  });

  it('gives queryTerms the word after the shapes, once', () => {
    expect(queryTerms('read notes.md and todo.md').map((term) => term.term)).toEqual(['read', 'note', 'md', 'todo', 'file', 'multipl']);
    expect(queryTerms('read multiple files: a.md b.md').filter((term) => term.term === 'multipl')).toHaveLength(1);
  });

  it('never throws and gives nothing but multiple, on any input', () => {
    const fragment = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a.txt', 'B.TXT', '~/x', './', '.env', 'README', 'x/y.js', 'next.js', ',', '"', ' '), fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(' ')), (text) => {
        for (const word of multipleFilesTerms(text, 4_000)) expect(word).toBe('multiple');
      }),
      { numRuns: 300 },
    );
  });
});
