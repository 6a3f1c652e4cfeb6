import { describe, expect, it } from 'vitest';
import { stemWord } from '../../src/search/tokenize-text.js';
import { queryTerms } from '../../src/search/query-terms.js';
import { FIGURATIVE_PHRASES, TOOL_NOUN_GROUPS, TOOL_NOUN_SYNONYMS, TOOL_PHRASES, TOOL_VERB_GROUPS, TOOL_VERB_SYNONYMS, TOOL_WORD_MEANINGS } from '../../src/search/tool-verb-synonyms.js';

describe('TOOL_VERB_SYNONYMS and TOOL_NOUN_SYNONYMS', () => {
  it('map each stemmed word to the other words of its groups, both ways', () => {
    expect(TOOL_NOUN_SYNONYMS.get(stemWord('folder'))).toEqual([stemWord('directory')]);
    expect(TOOL_NOUN_SYNONYMS.get(stemWord('directories'))).toEqual([stemWord('folder')]);
    expect(TOOL_VERB_SYNONYMS.get(stemWord('kill'))).toContain(stemWord('terminate'));
    expect(TOOL_VERB_SYNONYMS.get(stemWord('terminated'))).toContain(stemWord('kill'));
  });

  it('give a word of two groups the words of both (show: get and list), never the word itself', () => {
    const show = TOOL_VERB_SYNONYMS.get('show')!;
    expect(show).toEqual(expect.arrayContaining([stemWord('read'), stemWord('enumerate')]));
    for (const [table, groups] of [[TOOL_VERB_SYNONYMS, TOOL_VERB_GROUPS], [TOOL_NOUN_SYNONYMS, TOOL_NOUN_GROUPS]] as const) {
      for (const [term, others] of table) expect(others).not.toContain(term);
      expect(table.size).toBe(new Set(groups.flat().map(stemWord)).size);
    }
  });

  it('bridge the everyday words of MCP requests to the words tools use (shut → close, unlink → delete, heading → title, people → collaborator, now → current)', () => {
    expect(TOOL_VERB_SYNONYMS.get('shut')).toEqual([stemWord('close')]);
    expect(TOOL_VERB_SYNONYMS.get('unlink')).toContain(stemWord('delete'));
    expect(TOOL_VERB_SYNONYMS.get(stemWord('download'))).toEqual([stemWord('fetch')]);
    expect(TOOL_NOUN_SYNONYMS.get(stemWord('heading'))).toEqual(expect.arrayContaining([stemWord('title'), stemWord('name')]));
    expect(TOOL_NOUN_SYNONYMS.get(stemWord('people'))).toContain(stemWord('collaborator'));
    expect(TOOL_NOUN_SYNONYMS.get('epic')).toEqual(['parent']);
    expect(TOOL_NOUN_SYNONYMS.get('now')).toEqual([stemWord('current')]);
    expect(TOOL_NOUN_SYNONYMS.get('shown')).toEqual([stemWord('visible')]);
  });

  it('TOOL_PHRASES: lower-case phrases of several whole words, each meaning other single words', () => {
    expect(TOOL_PHRASES.get('get rid of')).toEqual(['delete']);
    for (const [phrase, words] of TOOL_PHRASES) {
      expect(phrase).toMatch(/^[a-z]+( [a-z]+)+$/);
      expect(words.length).toBeGreaterThan(0);
      for (const word of words) expect(word).toMatch(/^[a-z]+$/);
    }
  });

  it('TOOL_WORD_MEANINGS: lower-case single words, each meaning other single words, added after the written terms in any case', () => {
    expect(TOOL_WORD_MEANINGS.get('pr')).toEqual(['pull', 'request']);
    for (const [word, words] of TOOL_WORD_MEANINGS) {
      expect(word).toMatch(/^[a-z]+$/);
      expect(words.length).toBeGreaterThan(0);
      for (const meaning of words) expect(meaning).toMatch(/^[a-z]+$/);
    }
    expect(queryTerms('MKDIR logs').map((term) => term.term)).toEqual(['mkdir', 'log', stemWord('create'), stemWord('directory')]);
    expect(queryTerms('ls').map((term) => term.term)).toEqual(['ls', 'list', stemWord('directory')]);
    // a piece of a longer word is no such word
    expect(queryTerms('lsof prsync').map((term) => term.term)).toEqual(['lsof', 'prsync']);
  });

  it('FIGURATIVE_PHRASES: phrases of TOOL_PHRASES whose first word the query leaves out where the phrase holds it', () => {
    expect(FIGURATIVE_PHRASES.size).toBeGreaterThan(0);
    for (const phrase of FIGURATIVE_PHRASES) expect(TOOL_PHRASES.has(phrase)).toBe(true);
    expect(queryTerms('file a bug').map((term) => term.term)).toEqual(['bug', stemWord('create')]);
    expect(queryTerms('FILE AN ISSUE: the file upload fails').map((term) => term.term)).toEqual(['issu', 'file', 'upload', 'fail', stemWord('create')]);
    // the word alone, or in another phrase, stays
    expect(queryTerms('file a report').map((term) => term.term)).toEqual(['file', 'report']);
    expect(queryTerms('profile a bug').map((term) => term.term)).toEqual(['profil', 'bug']);
    // either article, and up to two words before the phrase's last: the product or a new
    expect(queryTerms('open a github issue').map((term) => term.term)).toEqual(['github', 'issu', stemWord('create')]);
    expect(queryTerms('file a new Linear ticket').map((term) => term.term)).toEqual(['new', 'linear', 'ticket', stemWord('create')]);
    // three words between is another request: open a file (in the bug folder)
    expect(queryTerms('open a file in the bug folder').map((term) => term.term)).toEqual(['open', 'file', 'bug', 'folder']);
  });
});
