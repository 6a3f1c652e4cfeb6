import { describe, expect, it } from 'vitest';
import { describeThrown } from '../../src/errors/describe-thrown.js';
import { HOSTILE_NAMES, HOSTILE_VALUES } from '../helpers/hostile-values.js';

describe('describeThrown: a readable text for any thrown value', () => {
  it('gives an Error its message, a string itself, and primitives their text', () => {
    expect(describeThrown(new Error('disk full'))).toBe('disk full');
    expect(describeThrown({ message: 'an error-like object' })).toBe('an error-like object');
    expect(describeThrown('boom')).toBe('boom');
    expect(describeThrown('')).toBe('(an empty message)');
    expect(describeThrown(42)).toBe('42');
    expect(describeThrown(undefined)).toBe('undefined');
    expect(describeThrown(null)).toBe('null');
    expect(describeThrown(10n ** 20n)).toBe('100000000000000000000n');
    expect(describeThrown(Symbol('gone'))).toBe('Symbol(gone)');
  });

  it('shows a plain object as JSON (BigInts and cycles included), not [object Object]', () => {
    const cyclic: Record<string, unknown> = { code: 7n, status: 'down' };
    cyclic.self = cyclic;
    expect(describeThrown({ code: 'E_QUOTA', retryInMs: 500 })).toBe('{"code":"E_QUOTA","retryInMs":500}');
    expect(describeThrown(cyclic)).toBe('{"code":"7n","status":"down","self":"[Circular]"}');
    expect(describeThrown({ toString: () => 'custom text' })).toBe('custom text');
    expect(describeThrown({ detail: 'x'.repeat(2_000) })).toHaveLength(501);
  });

  it('says what a value is when nothing in it can be read', () => {
    expect(describeThrown(HOSTILE_VALUES['Object.create(null)']!())).toBe('an object with no message ({})');
    expect(describeThrown(HOSTILE_VALUES['an object whose toString throws']!())).toBe('an object with no message ({})');
    expect(describeThrown(HOSTILE_VALUES['a revoked Proxy']!())).toBe('a value that cannot be shown as text (reading it threw)');
    expect(describeThrown(HOSTILE_VALUES['a Proxy whose traps throw']!())).toBe('a value that cannot be shown as text (reading it threw)');
    expect(describeThrown(HOSTILE_VALUES['an Error whose message getter throws']!())).toBe('Error with no message');
    expect(describeThrown(HOSTILE_VALUES['a function']!())).toBe('a function (hostile)');
  });

  it.each(HOSTILE_NAMES)('never throws, and gives non-empty text, for %s', (name) => {
    const text = describeThrown(HOSTILE_VALUES[name]!());
    expect(typeof text).toBe('string');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain('[object ');
  });
});
