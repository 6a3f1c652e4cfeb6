import { describe, expect, it } from 'vitest';
import { createMemoryApprovalStore, InvalidOptionError, type OpenCallRecord } from '../../src/index.js';

const record = (id: string): OpenCallRecord => ({ id, kind: 'approval', turnId: 't', stepIndex: 0, toolCallId: 'c', toolName: 'delete_repo', inputDigest: 'd', issuedAt: 1 });

describe('createMemoryApprovalStore (C27)', () => {
  it('claims an issued id once: claimed with its record, then answered; an id never issued is unknown', () => {
    const store = createMemoryApprovalStore();
    store.issue(record('approval:t:0:c'));
    expect(store.claim('approval:t:0:c')).toEqual({ status: 'claimed', record: record('approval:t:0:c') });
    expect(store.claim('approval:t:0:c')).toEqual({ status: 'answered' });
    expect(store.claim('approval:t:0:other')).toEqual({ status: 'unknown' });
  });

  it('keeps records that share a key apart: each is claimed once, then the key is answered', () => {
    const store = createMemoryApprovalStore();
    store.issue({ ...record('client:A:0:call_0'), kind: 'client', key: 'client:k' });
    store.issue({ ...record('client:B:0:call_0'), kind: 'client', key: 'client:k' });
    expect(store.claim('client:k')).toMatchObject({ status: 'claimed', record: { id: 'client:A:0:call_0' } });
    expect(store.claim('client:k')).toMatchObject({ status: 'claimed', record: { id: 'client:B:0:call_0' } });
    expect(store.claim('client:k')).toEqual({ status: 'answered' });
    expect(store.claim('client:A:0:call_0')).toEqual({ status: 'unknown' });
  });

  it('treats __proto__ and constructor as ids like any other', () => {
    const store = createMemoryApprovalStore();
    expect(store.claim('__proto__')).toEqual({ status: 'unknown' });
    expect(store.claim('constructor')).toEqual({ status: 'unknown' });
    store.issue(record('__proto__'));
    expect(store.claim('__proto__')).toMatchObject({ status: 'claimed' });
    expect(store.claim('__proto__')).toEqual({ status: 'answered' });
  });

  it('keeps maxEntries records, dropping the oldest, and refuses a maxEntries that is not a whole number ≥ 1', () => {
    const store = createMemoryApprovalStore({ maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) store.issue(record(id));
    expect(store.entries().map((entry) => entry.record.id)).toEqual(['b', 'c']);
    expect(store.claim('a')).toEqual({ status: 'unknown' });
    expect(() => createMemoryApprovalStore({ maxEntries: 0 })).toThrow(InvalidOptionError);
  });
});
