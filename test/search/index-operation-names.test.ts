import { describe, expect, it } from 'vitest';
import { indexOperationNames } from '../../src/search/index-operation-names.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';

const documents: RankerDocument[] = [
  { name: 'pull_request_read', description: 'Get a pull request', group: 'github', parameters: [{ name: 'method', description: 'What to read\nget get_diff get_reviews' }] },
  { name: 'pull_request_review_write', description: 'Write a review', group: 'github', parameters: [{ name: 'team_slug', description: 'the team_slug of the team' }] },
  { name: '__proto__', description: 'no parameters', group: 'x' },
];

describe('indexOperationNames', () => {
  it('finds the tools an operation of which the query names in full (get + review → get_reviews), not a parameter\'s own name', () => {
    const operations = indexOperationNames(documents)!;
    expect([...operations.fullyNamed(new Set(['get', 'review', 'pull']))]).toEqual([0]);
    // one word of it is not enough, and team_slug is the parameter's own name
    expect([...operations.fullyNamed(new Set(['review']))]).toEqual([]);
    expect([...operations.fullyNamed(new Set(['team', 'slug']))]).toEqual([]);
  });

  it('is undefined for a catalog whose parameters write no snake_case identifier', () => {
    expect(indexOperationNames([documents[2]!, { name: 'a', description: '', group: 'g', parameters: [{ name: 'p', description: 'plain words' }] }])).toBeUndefined();
  });

  it('reads a description two tools share once for both, each tool with its own parameter names (get_diff is one tool\'s parameter, the other\'s operation)', () => {
    const shared = 'one of: get_diff, get_reviews';
    const operations = indexOperationNames([
      { name: 'read_a', description: '', group: 'g', parameters: [{ name: 'method', description: shared }] },
      { name: 'read_b', description: '', group: 'g', parameters: [{ name: 'get_diff', description: shared }] },
    ])!;
    expect([...operations.fullyNamed(new Set(['get', 'review']))]).toEqual([0, 1]);
    expect([...operations.fullyNamed(new Set(['get', 'diff']))]).toEqual([0]);
  });
});
