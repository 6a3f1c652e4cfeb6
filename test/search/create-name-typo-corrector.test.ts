import { describe, expect, it } from 'vitest';
import { createHybridRanker } from '../../src/index.js';
import { createNameTypoCorrector } from '../../src/search/create-name-typo-corrector.js';

const same = (word: string) => word;

describe('createNameTypoCorrector: a correction is a whole name word a few edits away', () => {
  it('corrects a mistyped word to the name word it spells wrong', () => {
    const corrector = createNameTypoCorrector(['issue', 'create', 'browser', 'list'], same);
    expect(corrector.correct('isue')?.term).toBe('issue');
    expect(corrector.correct('broswer')?.term).toBe('browser');
    expect(corrector.correct('lsit')?.term).toBe('list');
  });

  it('never corrects a word to a longer name word it only resembles a part of (fuse.js matches inside words)', () => {
    // `read` is one letter from the `reat` inside `create`: three edits from the whole word
    const corrector = createNameTypoCorrector(['create', 'issue', 'message', 'present'], same);
    expect(corrector.correct('read')).toBeUndefined();
    expect(corrector.correct('sent')).toBeUndefined();
  });

  it('so a search for reading a file ranks no create tool of a catalog without a read tool', () => {
    const documents = [
      { name: 'github_create_issue', description: 'Create a new issue in a GitHub repository.', group: '', parameters: [] },
      { name: 'slack_post_message', description: 'Post a message to a Slack channel.', group: '', parameters: [] },
    ];
    const ranker = createHybridRanker(documents, { thesaurus: false });
    expect(ranker.rank('read', 5).map((match) => match.name)).toEqual([]);
  });
});
