import { describe, expect, it } from 'vitest';
import { indexToolNames } from '../../src/search/index-tool-names.js';
import { nameAcronyms } from '../../src/search/name-acronyms.js';

function acronymsOf(names: readonly string[]): [string, readonly [string, string]][] {
  return [...nameAcronyms(indexToolNames(names.map((name) => ({ name, description: '', group: 'g' }))))];
}

describe('nameAcronyms', () => {
  it('maps the acronym of a pair of name words found in two or more names to its words, in order of first occurrence', () => {
    expect(
      acronymsOf(['create_merge_request', 'list_pull_requests', 'get_pull_request', 'merge_merge_request', 'close_pull_request', 'find_file']),
    ).toEqual([
      ['mr', ['merg', 'request']],
      ['pr', ['pull', 'request']],
    ]);
  });

  it('leaves out a pair seen once, an acronym tied between two pairs, and an acronym that is itself a name term', () => {
    // `sr`: search_repositories and star_repo tie at two names each; `gi` is a name term
    expect(acronymsOf(['search_repositories', 'find_search_repositories', 'star_repo', 'unstar_star_repo', 'github_issue', 'list_github_issues', 'gi', 'open_pull_request'])).toEqual([]);
  });

  it('keeps the most frequent of the pairs sharing an acronym', () => {
    expect(acronymsOf(['list_pull_requests', 'get_pull_request', 'close_pull_request', 'post_review', 'edit_post_review'])).toEqual([['pr', ['pull', 'request']]]);
  });
});

describe('nameAcronyms with the acronyms the descriptions write', () => {
  it('leaves out an acronym of `described` (AI of "an AI agent"), keeping the others', () => {
    const index = indexToolNames(['add_issue_comment', 'add_issue_label', 'list_pull_requests', 'get_pull_request'].map((name) => ({ name, description: '', group: 'g' })));
    expect([...nameAcronyms(index, new Set(['ai']))]).toEqual([['pr', ['pull', 'request']]]);
    expect([...nameAcronyms(index)].map(([acronym]) => acronym)).toEqual(['ai', 'pr']);
  });
});
