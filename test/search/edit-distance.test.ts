import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/search/edit-distance.js';

describe('editDistance: whole words, a swap of neighbours is one edit', () => {
  it('counts insertions, deletions, substitutions and swaps over both whole words', () => {
    expect(editDistance('isue', 'issue', 3)).toBe(1);
    expect(editDistance('lsit', 'list', 3)).toBe(1);
    expect(editDistance('broswer', 'browser', 3)).toBe(1);
    expect(editDistance('repositry', 'repository', 3)).toBe(1);
    expect(editDistance('read', 'create', 5)).toBe(3);
    expect(editDistance('', 'abc', 5)).toBe(3);
    expect(editDistance('same', 'same', 0)).toBe(0);
  });

  it('answers max + 1 once every alignment is over the bound, whatever the real distance', () => {
    expect(editDistance('read', 'create', 1)).toBe(2);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
  });
});
