import { describe, expect, it } from 'vitest';
import { filterParticiples } from '../../src/search/filter-participles.js';
import { queryTerms } from '../../src/search/query-terms.js';
import { fixtureRankerNames } from './fixture-catalogs.js';

const found = (query: string) => {
  const { participles, ofPlural } = filterParticiples(query, 4_000);
  return { participles: [...participles], ofPlural };
};

describe('filterParticiples: a participle after a thing filters what to list', () => {
  it('finds the participle of issues assigned to me, PRs authored by, PRs that got merged this week and bugs labeled regression', () => {
    expect(found('list issues assigned to me')).toEqual({ participles: ['assigned'], ofPlural: true });
    expect(found('PRs authored by octocat')).toEqual({ participles: ['authored'], ofPlural: true });
    expect(found('PRs that got merged this week')).toEqual({ participles: ['merged'], ofPlural: true });
    expect(found('closed bugs labeled regression')).toEqual({ participles: ['labeled'], ofPlural: true });
    expect(found('the PR opened by dana')).toEqual({ participles: ['opened'], ofPlural: false });
  });

  it('finds none where the participle is the request’s verb or tense: after a subject, a perfect, a number, or with no filter after it', () => {
    expect(found('I assigned issue 4 to bob, undo it').participles).toEqual([]);
    expect(found('we have merged it into main').participles).toEqual([]);
    expect(found('issue 5 closed as not planned').participles).toEqual([]);
    expect(found('assign issue 4 to bob').participles).toEqual([]);
    expect(found('show the staged changes').participles).toEqual([]);
  });
});

describe('queryTerms marks a filter participle and adds list for a plural thing', () => {
  it('marks assigned of issues assigned to me, and only there', () => {
    const terms = queryTerms('bugs assigned to me');
    expect(terms.find((term) => term.word === 'assigned')?.filter).toBe(true);
    expect(terms.map((term) => term.term)).toContain('list');
    // the same stem written as the request's verb keeps its weight
    expect(queryTerms('assign the PR assigned to me to dana').find((term) => term.word === 'assign')?.filter).toBeUndefined();
  });
});

describe('over the MCP catalog: what is listed, not the tools that assign', () => {
  const names = fixtureRankerNames('mcp-catalog');

  it('ranks list_issues, not only the assign tools, for issues assigned to me', () => {
    expect(names('list issues assigned to me', 3)).toContain('list_issues');
    expect(names('what issues are assigned to me', 3)).toContain('list_issues');
  });

  it('ranks what a pull request changed for the files changed in it', () => {
    expect(names('what files changed in pull request 12', 3)).toContain('pull_request_read');
  });
});
