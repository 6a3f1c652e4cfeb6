import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identifierTerms, queryTerms } from '../../src/search/query-terms.js';
import { stemWord, tokenizeText } from '../../src/search/tokenize-text.js';

describe('tokenizeText', () => {
  it.each([
    ['getWeatherForecast', ['get', 'weather', 'forecast']],
    ['list_directories', ['list', 'directory']],
    ['HTTPServer', ['http', 'server']],
    ['math.factorial', ['math', 'factorial']],
    ['API-post-search', ['api', 'post', 'search']],
    ['mcp__filesystem__read_file', ['mcp', 'filesystem', 'read', 'file']],
    ['Read the file for me, please', ['read', 'file']],
  ])('splits %j into %j', (text, expected) => {
    expect(tokenizeText(text)).toEqual(expected);
  });

  it('stems documents and queries alike, so inflections meet', () => {
    expect(new Set(['create', 'created', 'creates', 'creating'].map(stemWord))).toEqual(new Set(['creat']));
    expect(stemWord('entities')).toBe(stemWord('entity'));
    expect(stemWord('files')).toBe(stemWord('file'));
    expect(['class', 'status', 'analysis', 'get'].map(stemWord)).toEqual(['class', 'status', 'analysis', 'get']);
  });

  it('undoes the consonant -ing/-ed doubled, but not ll, ss, a two-letter stem or a plural in -ings', () => {
    expect(['getting', 'mapped', 'starred', 'committed', 'dragged'].map(stemWord)).toEqual(['get', 'map', 'star', 'commit', 'drag']);
    expect(['installed', 'pressed', 'added'].map(stemWord)).toEqual(['install', 'press', 'add']);
    // settings (a noun) is not set (a verb)
    expect(stemWord('settings')).not.toBe(stemWord('set'));
  });

  it("keeps a word in -s that is no plural (news is not new), and undoes the l British spelling doubles (labelled, cancelling), not a short stem's (spelled)", () => {
    expect(['news', 'always', 'canvas'].map(stemWord)).toEqual(['news', 'always', 'canvas']);
    expect(stemWord('news')).not.toBe(stemWord('new'));
    expect(['labelled', 'labelling', 'labeled', 'label'].map(stemWord)).toEqual(['label', 'label', 'label', 'label']);
    expect(['cancelled', 'cancelling', 'canceled', 'cancel'].map(stemWord)).toEqual(['cancel', 'cancel', 'cancel', 'cancel']);
    expect(['spelled', 'dwelling', 'installed', 'filled'].map(stemWord)).toEqual(['spell', 'dwell', 'install', 'fill']);
  });

  it('stems a word in -ie like its plural in -ies: cookie and cookies agree', () => {
    expect(stemWord('cookie')).toBe(stemWord('cookies'));
    expect(stemWord('movie')).toBe(stemWord('movies'));
    expect(stemWord('entities')).toBe(stemWord('entity'));
  });

  it("drops what an apostrophe leaves of a contraction (what's, don't, I've, we're)", () => {
    expect(tokenizeText("what's in my inbox? don't ask, I've seen we're done")).toEqual(['inbox', 'ask', 'seen', 'done']);
  });

  it('keeps words as written with stem: false', () => {
    expect(tokenizeText('Creating Issues', { stem: false })).toEqual(['creating', 'issues']);
  });

  it('indexes CJK text as character bigrams', () => {
    expect(tokenizeText('搜索关键词')).toEqual(['搜索', '索关', '关键', '键词']);
    expect(tokenizeText('abc中文')).toEqual(['abc', '中文']);
  });

  it('stops at maxTerms', () => {
    expect(tokenizeText('one two three four', { maxTerms: 2 })).toEqual(['one', 'two']);
  });

  it('splits text whose letters and digits are ASCII (its own fast path) as it splits it with a non-ASCII word after it', () => {
    // ' é' sends the whole text through the Unicode regular expressions and adds one term at the end
    const units = [...'aAbBzZxXyYeEiI09_-./ \t'.split(''), '—', '“', '\u00a0', '\u0301', '🙂', '™'];
    const asciiText = fc.string({ unit: fc.constantFrom(...units), maxLength: 24 });
    fc.assert(
      fc.property(asciiText, fc.boolean(), (text, stem) => {
        expect([...tokenizeText(text, { stem }), 'é']).toEqual(tokenizeText(`${text} é`, { stem }));
      }),
      { numRuns: 2_000 },
    );
    expect(tokenizeText('XMLHttpRequest2FA v2Api the-ENDs')).toEqual(['xml', 'http', 'request2', 'fa', 'v2', 'api', 'end']);
  });
});

describe('tokenizeText: acronym plurals', () => {
  it('keeps the plural s of a capitalised acronym with it, in the ASCII and the Unicode path alike', () => {
    expect(tokenizeText('list open PRs')).toEqual(['list', 'open', 'prs']);
    expect(tokenizeText('URLs and IDs, HTTPServer, getURLsFor')).toEqual(['url', 'ids', 'http', 'server', 'get', 'url']);
    expect(tokenizeText('URLs and IDs, HTTPServer, getURLsFor é')).toEqual(['url', 'ids', 'http', 'server', 'get', 'url', 'é']);
  });
});

describe('queryTerms', () => {
  it('drops the filler words of a request unless nothing else is left', () => {
    expect(queryTerms('I would really like you to kindly help me find the weather').map((term) => term.word)).toEqual(['find', 'weather']);
    expect(queryTerms('thanks, I want that').map((term) => term.word)).toEqual(['thanks', 'want']);
  });

  it('keeps distinct terms with the words they came from', () => {
    expect(queryTerms('Creating issues, create issue')).toEqual([
      { term: 'creat', word: 'creating' },
      { term: 'issu', word: 'issues' },
    ]);
  });

  it('leaves out quoted text (what to type, post or find), unless nothing else is left or it is one identifier', () => {
    const words = (query: string) => queryTerms(query).map((term) => term.word);
    expect(words("type 'wireless headphones' into the search field")).toEqual(['type', 'search', 'field']);
    expect(words('post "deploy done" and “all green” in the channel')).toEqual(['post', 'channel']);
    expect(words('run `npm test` (the unit tests)')).toEqual(['run', 'unit', 'tests']);
    expect(words("what's in Bob's notes")).toEqual(['bob', 'notes']);
    expect(words('"wireless headphones"')).toEqual(['wireless', 'headphones']);
    expect(words("call 'broswer_snapshot' on the page")).toEqual(['call', 'broswer', 'snapshot', 'page']);
  });

  it('keeps a quoted single word, marked quoted unless the query also writes it unquoted', () => {
    const marked = (query: string) => queryTerms(query).map((term) => `${term.word}${term.quoted === true ? '*' : ''}`);
    expect(marked('tools for "slack"')).toEqual(['tools', 'slack*']);
    expect(marked("rename the 'Priority' column")).toEqual(['rename', 'priority*', 'column']);
    expect(marked("set priority to 'priority'")).toEqual(['set', 'priority']);
  });

  it('add the words of the phrases they hold, whole words only, after the written terms', () => {
    const words = (query: string) => queryTerms(query).map((term) => term.word);
    expect(words('Get rid of the old branch')).toEqual(['get', 'rid', 'old', 'branch', 'delete']);
    expect(words('spin up the dev server and go to its port')).toEqual(['spin', 'up', 'dev', 'server', 'go', 'port', 'start', 'launch', 'navigate']);
    expect(words('set upload limits')).toEqual(['set', 'upload', 'limits']);
    expect(words("post 'spin up' to the channel")).toEqual(['post', 'channel']);
  });

  it('is bounded by maxTerms distinct terms and by the scanned prefix', () => {
    expect(queryTerms('alpha beta gamma delta', 2).map((term) => term.word)).toEqual(['alpha', 'beta']);
    expect(queryTerms(`${'x '.repeat(5_000)}needle`)).toEqual([{ term: 'x', word: 'x' }]);
  });
});

describe('identifierTerms', () => {
  it('returns the terms of identifier-like words only', () => {
    expect(identifierTerms('please call broswer_snapshot or readFile, not the plain words')).toEqual(
      new Set(['broswer', 'snapshot', 'read', 'file']),
    );
  });
});
