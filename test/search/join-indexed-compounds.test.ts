import { describe, expect, it } from 'vitest';
import { joinIndexedCompounds } from '../../src/search/join-indexed-compounds.js';

describe('joinIndexedCompounds', () => {
  const indexed = new Set(['github', 'youtub']);
  const has = (term: string) => indexed.has(term);

  it('lowercases a capitals-inside word the index holds whole, so it ranks as one term', () => {
    expect(joinIndexedCompounds('open an issue on GitHub', has)).toBe('open an issue on github');
    expect(joinIndexedCompounds('a YouTube video', has)).toBe('a youtube video');
  });

  it('leaves one the index does not hold (getFile stays two words), and a query with none as it is', () => {
    expect(joinIndexedCompounds('call getFile on GitHub', has)).toBe('call getFile on github');
    const plain = 'x'.repeat(50_000);
    expect(joinIndexedCompounds(plain, has)).toBe(plain);
  });
});
