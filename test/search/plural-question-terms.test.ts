import { describe, expect, it } from 'vitest';
import { listedTest, listedThings, pluralQuestionTerms } from '../../src/search/plural-question-terms.js';
import { fixtureRankerNames } from './fixture-catalogs.js';

const things = listedThings(['list_branches', 'list_pull_requests', 'mcp__git__list_tags', 'create_branch', 'get_me']);
const asked = (query: string) => pluralQuestionTerms(query, 4_000, (term) => things.has(term));

describe('listedThings: the things a tool named with list lists', () => {
  it('reads the other words of each name with list, stemmed, and nothing of the others', () => {
    expect([...things].sort()).toEqual(['branch', 'git', 'mcp', 'pull', 'request', 'tag']);
  });

  it('listedTest reads a three-letter term as the acronym of the things it abbreviates', () => {
    const isListed = listedTest(['list_pull_requests'], () => new Map([['pr', ['pull', 'request']]]));
    expect([isListed('pr'), isListed('request'), isListed('mr'), isListed('issue')]).toEqual([true, true, false, false]);
  });
});

describe('pluralQuestionTerms: a question about things a tool lists asks for list', () => {
  it('adds list for what / which / any / show me with a listed plural among the next four words', () => {
    expect(asked('which branches are on the remote for octo/api?')).toEqual(['list']);
    expect(asked('what pull requests are waiting in acme/webapp')).toEqual(['list']);
    expect(asked('hey, any stale old feature branches left?')).toEqual(['list']);
    expect(asked('show me the tags')).toEqual(['list']);
    expect(asked('anything new in the repo since friday')).toEqual(['list']);
  });

  it('adds nothing for a plural no tool lists, a thing named after a verb, a singular, or no question', () => {
    expect(asked('any recommendations for a hotel?')).toEqual([]);
    expect(asked('what does this branches thing mean')).toEqual([]);
    expect(asked('which branch is checked out')).toEqual([]);
    expect(asked('delete the stale branches')).toEqual([]);
  });
});

describe('over the MCP catalog: the list of the things asked about, not the tools that change one', () => {
  const names = fixtureRankerNames('mcp-catalog');

  it('ranks list_pull_requests first for the pull requests waiting in a repository, list_tags first for the tags that exist', () => {
    expect(names('what pull requests are waiting in acme/webapp', 1)).toEqual(['list_pull_requests']);
    expect(names('what version tags exist for acme/sdk', 1)).toEqual(['list_tags']);
  });
});
