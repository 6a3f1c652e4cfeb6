import { describe, expect, it } from 'vitest';
import { createMemoryJournal } from '../../src/execution/create-memory-journal.js';
import type { ExecutionJournal, JournaledCall, JournaledResult } from '../../src/execution/execution-journal.js';
import { inputDigest } from '../../src/execution/input-digest.js';
import { runJournaled } from '../../src/execution/run-journaled.js';

const call: JournaledCall = {
  operationId: 'turn-1:call-1',
  turnId: 'turn-1',
  stepIndex: 0,
  toolCallId: 'call-1',
  toolName: 'Write',
  inputDigest: inputDigest('Write', { path: '/a', content: 'x' }),
  startedAt: 100,
};
const ok: JournaledResult = { outcome: 'ok', output: 'wrote /a', modelOutput: { type: 'text', value: 'wrote /a' } };

/** Runs the stage; with `cancelWhileRunning` the turn's signal aborts while the tool runs. */
function stage(journal: ExecutionJournal, overrides: { call?: JournaledCall; replayable?: boolean; cancelWhileRunning?: boolean } = {}) {
  let runs = 0;
  const turn = new AbortController();
  const done = runJournaled({
    journal,
    call: overrides.call ?? call,
    replayable: overrides.replayable ?? true,
    now: () => 200,
    signal: turn.signal,
    timedOut: () => false,
    timeoutMs: 0,
    run: async () => {
      runs += 1;
      if (overrides.cancelWhileRunning === true) turn.abort(new Error('cancelled'));
      return ok;
    },
  });
  return done.then((result) => {
    if ('stopped' in result) throw new Error(`stopped in ${result.stopped}`);
    return { ...result, runs };
  });
}

describe('runJournaled: the durable execution record', () => {
  it('records started, then completed with the result', async () => {
    const journal = createMemoryJournal();
    const writes: string[] = [];
    const spy: ExecutionJournal = {
      read: journal.read,
      write: (entry) => {
        writes.push(entry.status);
        journal.write(entry);
      },
    };
    expect(await stage(spy)).toEqual({ result: ok, replayed: false, runs: 1 });
    expect(writes).toEqual(['started', 'completed']);
    expect(journal.entries()).toEqual([{ ...call, status: 'completed', completedAt: 200, result: ok }]);
  });

  it('replays a completed call with the same tool and input instead of running it', async () => {
    const journal = createMemoryJournal();
    await stage(journal);
    expect(await stage(journal)).toEqual({ result: ok, replayed: true, runs: 0 });
  });

  it('runs again when only the start was recorded (it was running at the crash): at least once', async () => {
    const journal = createMemoryJournal();
    journal.write({ ...call, status: 'started' });
    expect(await stage(journal)).toMatchObject({ replayed: false, runs: 1 });
  });

  it('does not replay another input or tool under the same operation id, nor a non-replayable call', async () => {
    const journal = createMemoryJournal();
    await stage(journal);
    expect(await stage(journal, { call: { ...call, inputDigest: inputDigest('Write', { path: '/b' }) } })).toMatchObject({ replayed: false, runs: 1 });
    expect(await stage(journal, { call: { ...call, toolName: 'Edit' } })).toMatchObject({ replayed: false, runs: 1 });
    expect(await stage(journal, { replayable: false })).toMatchObject({ replayed: false, runs: 1 });
  });

  it('a call whose turn ended while it ran is left as started, so a retry runs it', async () => {
    const journal = createMemoryJournal();
    await expect(stage(journal, { cancelWhileRunning: true })).rejects.toThrow('stopped in journal.write');
    expect(journal.entries().map((entry) => entry.status)).toEqual(['started']);
  });

  it('a journal that cannot be read or record the start stops the call before it runs', async () => {
    const unreadable: ExecutionJournal = {
      read: async () => {
        throw new Error('disk gone');
      },
      write: () => undefined,
    };
    const unwritable: ExecutionJournal = {
      read: () => undefined,
      write: () => {
        throw new Error('read-only');
      },
    };
    const first = await stage(unreadable);
    expect(first).toMatchObject({ replayed: false, runs: 0, result: { outcome: 'error' } });
    expect(first.result.output).toBe('The execution journal could not be read (disk gone), so Write did not run. It is safe to call it again.');
    expect((await stage(unwritable)).result.output).toContain('could not record the start of turn-1:call-1 (read-only)');
  });

  it('a call stopped while the journal records its start never runs, and gets a not-run entry once that write settles', async () => {
    const journal = createMemoryJournal();
    const turn = new AbortController();
    let finishWrite!: () => void;
    let runs = 0;
    const done = runJournaled({
      journal: {
        read: journal.read,
        write: (entry) =>
          entry.status === 'started'
            ? new Promise<void>((resolve) => {
                finishWrite = () => resolve(journal.write(entry));
              })
            : journal.write(entry),
      },
      call,
      replayable: true,
      now: () => 200,
      signal: turn.signal,
      timedOut: () => false,
      timeoutMs: 0,
      run: async () => {
        runs += 1;
        return ok;
      },
    });
    await new Promise((resolve) => setImmediate(resolve));
    turn.abort(new Error('cancelled'));
    expect(await done).toEqual({ stopped: 'journal.write', ran: false });
    finishWrite();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(0);
    expect(journal.entries()).toEqual([{ ...call, status: 'not-run' }]);
  });

  it('an entry that cannot be read, or a completed one with no readable result, stops the call before it runs', async () => {
    const trap = () => {
      throw Object.create(null);
    };
    const proxied: ExecutionJournal = { read: () => new Proxy({}, { get: trap }) as never, write: () => undefined };
    const first = await stage(proxied);
    expect(first).toMatchObject({ runs: 0, result: { outcome: 'error' } });
    expect(first.result.output).toBe('The execution journal could not be read (an object with no message ({})), so Write did not run. It is safe to call it again.');
    const broken: ExecutionJournal = { read: () => ({ ...call, status: 'completed', completedAt: 1, result: null as never }), write: () => undefined };
    expect((await stage(broken)).result.output).toContain(`its completed entry for ${call.operationId} holds no readable result`);
  });

  it('a completed call the journal cannot record keeps its result and says so', async () => {
    const journal: ExecutionJournal = {
      read: () => undefined,
      write: (entry) => {
        if (entry.status === 'completed') throw new Error('quota');
      },
    };
    expect(await stage(journal)).toEqual({ result: ok, replayed: false, runs: 1, journalError: 'the journal could not record the completed call: quota' });
  });
});

describe('createMemoryJournal', () => {
  it('keeps the most recently written maxEntries', () => {
    const journal = createMemoryJournal({ maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) journal.write({ ...call, operationId: id, status: 'started' });
    journal.write({ ...call, operationId: 'b', status: 'started' });
    journal.write({ ...call, operationId: 'd', status: 'started' });
    expect(journal.entries().map((entry) => entry.operationId)).toEqual(['b', 'd']);
    expect(() => createMemoryJournal({ maxEntries: 0 })).toThrow('Option `maxEntries` is 0');
  });
});

describe('inputDigest', () => {
  it('ignores object key order and tells tools and inputs apart', () => {
    expect(inputDigest('Write', { a: 1, b: { c: 2, d: 3 } })).toBe(inputDigest('Write', { b: { d: 3, c: 2 }, a: 1 }));
    expect(inputDigest('Write', { a: 1 })).not.toBe(inputDigest('Edit', { a: 1 }));
    expect(inputDigest('Write', { a: 1 })).not.toBe(inputDigest('Write', { a: 2 }));
    expect(inputDigest('Write', { a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});
