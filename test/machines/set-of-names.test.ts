import { describe, expect, it } from 'vitest';
import { setOfNames } from '../../machines/set-of-names.js';

describe('setOfNames', () => {
  it('builds the Set of a frozen list once and returns it again', () => {
    const bound = Object.freeze(['Bash', 'Read']);
    const first = setOfNames(bound);
    expect([...first]).toEqual(['Bash', 'Read']);
    expect(setOfNames(bound)).toBe(first);
  });

  it('builds a new Set on every call for a list that may still change', () => {
    const bound = ['Bash'];
    expect([...setOfNames(bound)]).toEqual(['Bash']);
    bound.push('Read');
    expect([...setOfNames(bound)]).toEqual(['Bash', 'Read']);
  });

  it('keeps equal frozen lists apart: each is its own key', () => {
    const a = Object.freeze(['Bash']);
    const b = Object.freeze(['Read']);
    expect([...setOfNames(a)]).toEqual(['Bash']);
    expect([...setOfNames(b)]).toEqual(['Read']);
  });
});
