import { describe, expect, it } from 'vitest';
import { queryTerms } from '../../src/search/query-terms.js';
import { repositoryNameTerms } from '../../src/search/repository-name-terms.js';
import { fixtureRankerNames } from './fixture-catalogs.js';

const terms = (query: string) => repositoryNameTerms(query, 4_000);

describe('repositoryNameTerms', () => {
  it('reads an owner/name as a GitHub repository when the query names nothing kept inside one', () => {
    expect(terms('fork facebook/react')).toEqual(['repository', 'github']);
    expect(terms('star tokio-rs/tokio, and vercel/next.js too')).toEqual(['repository', 'github']);
  });

  it('reads only the product when the query names what is inside the repository (issues, PRs, files …)', () => {
    expect(terms('list open PRs in acme/api')).toEqual(['github']);
    expect(terms('any open bugs about a memory leak in tokio-rs/tokio?')).toEqual(['github']);
    expect(terms("what's in the README of octocat/hello-world")).toEqual(['github']);
  });

  it('finds no repository in paths, URLs, alternatives or a query without a slash', () => {
    expect(terms('the lat/long of 10 Downing Street')).toEqual([]);
    expect(terms('read and/or write the config')).toEqual([]);
    expect(terms('open https://github.com/acme/api')).toEqual([]);
    expect(terms('list ./src/app and ~/notes')).toEqual([]);
    expect(terms('a/b/c')).toEqual([]);
    expect(terms('fork the repo')).toEqual([]);
  });

  it('reads only the first maxChars characters', () => {
    expect(repositoryNameTerms(`${'word '.repeat(10)}acme/api`, 20)).toEqual([]);
  });

  it('adds its words after the query’s own terms', () => {
    expect(queryTerms('fork facebook/react').map(({ term }) => term).slice(-2)).toEqual(['repository', 'github']);
  });
});

describe('on the 301-tool MCP catalog', () => {
  const names = fixtureRankerNames('mcp-catalog');

  it('ranks GitHub’s issue list for bugs asked about in owner/name, above Linear’s issue tools', () => {
    const ranked = names('any open bugs about a memory leak in tokio-rs/tokio?');
    expect(ranked).toContain('list_issues');
    expect(ranked.some((name) => name.startsWith('linear_'))).toBe(false);
  });
});
