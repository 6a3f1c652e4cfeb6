import { describe, expect, it } from 'vitest';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { indexToolNames } from '../../src/search/index-tool-names.js';
import { queryNameCoverage } from '../../src/search/query-name-coverage.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';

const DOCUMENTS: RankerDocument[] = [
  { name: 'mcp__github__create_issue', description: 'Create a new issue in a repository', group: 'github' },
  { name: 'mcp__github__list_issues', description: 'List issues in a repository', group: 'github' },
  { name: 'mcp__github__search_code', description: 'Search code across repositories', group: 'github' },
  { name: 'send_email', description: 'Send an email message, e.g. about an issue', group: 'mail' },
];

describe('queryNameCoverage: the IDF-weighted share of the query’s terms in a tool’s own name', () => {
  const index = indexToolNames(DOCUMENTS);
  const idf: Record<string, number> = { list: 2, issu: 1, repo: 3 };
  const idfOf = (term: string) => idf[term] ?? 0;

  it('sums the IDF of the query terms the name has over the IDF of every query term, the mcp__ prefix left out', () => {
    const coverage = queryNameCoverage(['list', 'issu', 'repo', 'list'], idfOf, index.termNumbers, index);
    expect(coverage(1)).toBeCloseTo(3 / 6, 10); // list_issues: list + issu
    expect(coverage(0)).toBeCloseTo(1 / 6, 10); // create_issue: issu
    expect(coverage(3)).toBe(0); // send_email
    // github is the prefix, not the own name: no coverage for a query of `github`
    expect(queryNameCoverage(['github'], () => 1, index.termNumbers, index)(0)).toBe(0);
    expect(queryNameCoverage([], idfOf, index.termNumbers, index)(1)).toBe(0);
  });

  it('the default ranker gives it for every match it scores, in [0, 1], and none for a tool named outright', () => {
    const ranker = createHybridRanker(DOCUMENTS);
    const ranked = ranker.rank('send email about the issue', 5);
    expect(ranked.map((match) => match.name)).toEqual(['send_email', 'mcp__github__list_issues', 'mcp__github__create_issue']);
    expect(ranked[0]!.nameCoverage).toBeGreaterThan(ranked[1]!.nameCoverage!);
    expect(ranked[1]!.nameCoverage).toBeCloseTo(ranked[2]!.nameCoverage!, 10);
    expect(ranked.every((match) => match.nameCoverage! > 0 && match.nameCoverage! <= 1)).toBe(true);
    expect(ranker.rank('select:send_email', 5)).toEqual([{ name: 'send_email', score: 1_000_000 }]);
  });
});
