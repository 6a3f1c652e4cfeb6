import { describe, expect, it } from 'vitest';
import { createNameTypoCorrector } from '../../src/search/create-name-typo-corrector.js';
import { indexToolNames } from '../../src/search/index-tool-names.js';
import { nameCoverageOf } from '../../src/search/name-coverage-of.js';
import { rankerDocumentOf } from '../../src/search/ranker-document-of.js';
import { resolveTypoName } from '../../src/search/resolve-typo-name.js';
import { stemWord } from '../../src/search/tokenize-text.js';

function resolverOf(names: string[]) {
  const index = indexToolNames(names.map((name) => rankerDocumentOf({ name, description: `The ${name} tool.`, group: 'demo' })));
  const corrector = createNameTypoCorrector(index.termOfWord.keys(), stemWord);
  const fullNames = { starts: index.distinctStarts, terms: index.distinctTerms, coverage: nameCoverageOf(index) };
  return (entry: string) => resolveTypoName(entry, { names: index.names, termNumbers: index.termNumbers, terms: index.terms, corrector, fullNames });
}

describe('resolveTypoName (a mistyped select: entry, C9)', () => {
  const resolve = resolverOf(['create_issue', 'list_issues', 'slack_send', 'send_send', 'slack_post_message']);

  it('resolves the one name whose words the corrected entry spells', () => {
    expect(resolve('creat_isue')).toBe('create_issue');
    expect(resolve('list_isues')).toBe('list_issues');
  });

  it('counts words as a multiset, in any order: `send_sned` is not `slack_send`, and a word too many or too few resolves nothing', () => {
    expect(resolve('slak_send')).toBe('slack_send');
    expect(resolve('post_slack_mesage')).toBe('slack_post_message');
    expect(resolve('send_sned')).toBeUndefined();
    expect(resolve('create')).toBeUndefined();
    expect(resolve('create_issue_now')).toBeUndefined();
  });

  it('resolves nothing for an empty entry or words no name has', () => {
    expect(resolve('')).toBeUndefined();
    expect(resolve('__proto__')).toBeUndefined();
    expect(resolve('delete_repo')).toBeUndefined();
  });
});
