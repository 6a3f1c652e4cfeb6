import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryShapeTerms } from '../../src/search/query-shape-terms.js';
import { queryTerms } from '../../src/search/query-terms.js';

const shapes = (query: string) => queryShapeTerms(query, 4_000);

describe('queryShapeTerms', () => {
  it('reads a URL with a scheme, a www. host or a bare host name as url', () => {
    expect(shapes('open https://shop.example.com/cart?id=3 in the browser')).toEqual(['url']);
    expect(shapes('go to www.example.org.')).toEqual(['url']);
    expect(shapes('load example.org in a headless browser')).toEqual(['url']);
    expect(shapes('fetch ftp://files.example.net/a')).toEqual(['url']);
  });

  it('reads a file name with a known extension, or a path, as file', () => {
    expect(shapes("show me what's in ~/notes/todo.txt")).toEqual(['file']);
    expect(shapes('in utils.js change the timeout from 30 to 60')).toEqual(['file']);
    expect(shapes('what is in README.md?')).toEqual(['file']);
    expect(shapes('stage src/index.ts')).toEqual(['file']);
    expect(shapes('list ./build')).toEqual(['file']);
    expect(shapes('upload "resume.pdf" to the form')).toEqual(['file']);
    expect(shapes('add node_modules to .gitignore')).toEqual(['file']);
    expect(shapes("what's in the README of octocat/hello-world")).toEqual(['file']);
    expect(shapes('build the Dockerfile')).toEqual(['file']);
  });

  it('reads #name as a channel, not #42 (an issue number)', () => {
    expect(shapes('what did people say in #general today')).toEqual(['channel']);
    expect(shapes('post to #eng-alerts')).toEqual(['channel']);
    expect(shapes('close issue #42')).toEqual([]);
  });

  it('reads an issue key (ENG-42) as issue, not the names of standards and models written like one', () => {
    expect(shapes('comment on ENG-42 that QA passed')).toEqual(['issue']);
    expect(shapes('move PROJ-1234 to done')).toEqual(['issue']);
    expect(shapes('encode it as UTF-8 and hash with SHA-256 like GPT-4 said')).toEqual([]);
    expect(shapes('eng-42 and Eng-42')).toEqual([]);
  });

  it('finds nothing in repositories, numbers, versions, ratios and libraries named like a script', () => {
    expect(shapes('list open PRs in acme/api')).toEqual([]);
    expect(shapes('what address is at 48.8584, 2.2945')).toEqual([]);
    expect(shapes('release notes for v2.3.0')).toEqual([]);
    expect(shapes('the lat/long of 10 Downing Street')).toEqual([]);
    expect(shapes("what's new in Node.js, and open PRs in vercel/next.js")).toEqual([]);
    expect(shapes('')).toEqual([]);
  });

  it('reads two sizes written width by height as width and height, not a product of numbers with other words', () => {
    expect(shapes('set the window to 1280x720')).toEqual(['width', 'height']);
    expect(shapes('make it 375 by 812')).toEqual(['width', 'height']);
    expect(shapes('a 800 × 600 thumbnail')).toEqual(['width', 'height']);
    expect(shapes('raise the limit by 20 percent')).toEqual([]);
    expect(shapes('version 1.2x3 of 0x1f')).toEqual([]);
  });

  it('gives each word once, in the order url, file, channel, issue, width and height', () => {
    expect(shapes('#ops: save https://a.example.com/x and https://b.example.com to links.txt and notes.md for OPS-1 at 640x480')).toEqual(['url', 'file', 'channel', 'issue', 'width', 'height']);
  });

  it('reads only the first maxChars characters', () => {
    expect(queryShapeTerms(`${'word '.repeat(10)}https://example.com`, 20)).toEqual([]);
  });
});

describe('queryTerms: the words of a query\'s shapes', () => {
  it('come after the written terms, once, and not when the query writes the word itself', () => {
    expect(queryTerms('open https://example.com in the browser').map((term) => term.term)).toEqual(['open', 'http', 'exampl', 'com', 'browser', 'url']);
    expect(queryTerms('open the url https://example.com').filter((term) => term.term === 'url')).toHaveLength(1);
  });

  it('stay within maxTerms', () => {
    expect(queryTerms('read notes.txt', 2).map((term) => term.term)).toEqual(['read', 'note']);
  });
});

describe('queryTerms and queryShapeTerms on any input', () => {
  const fragment = fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'toString', 'get rid of', "'", '"', '`', '“', '”', '#', '#general', 'ENG-42', 'https://x.example.com/a', 'a.txt', '~/', './', 'README', '.env', 'spin up', '1280x720', '375 by 812', ' ', '\n'),
    fc.string({ maxLength: 8 }),
  );
  const query = fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(' '));

  it('never throw, stay within maxTerms, give each term once and only the six shape words', () => {
    fc.assert(
      fc.property(query, fc.integer({ min: 1, max: 70 }), (text, maxTerms) => {
        const terms = queryTerms(text, maxTerms);
        expect(terms.length).toBeLessThanOrEqual(maxTerms);
        expect(new Set(terms.map((term) => term.term)).size).toBe(terms.length);
        for (const word of queryShapeTerms(text, 4_000)) expect(['url', 'file', 'channel', 'issue', 'width', 'height']).toContain(word);
      }),
      { numRuns: 300 },
    );
  });
});

