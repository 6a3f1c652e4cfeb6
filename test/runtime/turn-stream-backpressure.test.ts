import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, DEFAULT_MAX_UNREAD_PARTS, InvalidOptionError, type TurnStreamPart } from '../../src/index.js';
import { longTextModel } from '../helpers/long-text-model.js';
import { sampleTools } from '../helpers/sample-tools.js';

// Backpressure as streamText's: a slow turn.stream reader slows the reading of the model's
// stream; a turn nobody reads, or whose reader left, runs at the model's pace. No timing: a
// "slow" reader yields to the event loop between reads, giving the turn every chance to run ahead.

/** streamText's own pipeline reads about 12 parts ahead of its reader (ai 7.0.173); a little room over that. */
const SDK_READ_AHEAD = 16;
const DELTAS = 2_000;

const runtimeOf = (maxUnreadParts?: number) => createToolSearchRuntime({ tools: sampleTools().tools, ...(maxUnreadParts === undefined ? {} : { maxUnreadParts }) });
const eventLoopTurns = async (count: number) => {
  for (let index = 0; index < count; index++) await new Promise((resolve) => setImmediate(resolve));
};
/** A turn over a 2,000-delta answer, not read yet. */
const longTurn = () => {
  const long = longTextModel({ deltas: DELTAS });
  return { long, turn: runtimeOf().send({ model: long.model, prompt: 'write a long answer' }) };
};
/** A long turn whose reader took one part and stopped: the turn waits for it (checked). */
const heldTurn = async () => {
  const { long, turn } = longTurn();
  const reader = turn.stream.getReader();
  await reader.read();
  await eventLoopTurns(50);
  expect(long.pulled()).toBeLessThan(DELTAS);
  return { long, turn, reader };
};
/** The text-delta parts left on a turn's stream, read with for await. */
const deltasLeft = async (stream: AsyncIterable<TurnStreamPart>) => {
  let deltas = 0;
  for await (const part of stream) if (part.type === 'text-delta') deltas++;
  return deltas;
};

describe('turn.stream backpressure (as streamText fullStream)', () => {
  /** Reads the whole turn slowly; the largest lead of the model's stream over the deltas read. */
  const readSlowly = async (maxUnreadParts?: number) => {
    const long = longTextModel({ deltas: DELTAS });
    const turn = runtimeOf(maxUnreadParts).send({ model: long.model, prompt: 'write a long answer' });
    const reader = turn.stream.getReader();
    const parts: TurnStreamPart[] = [];
    let deltasRead = 0;
    let largestLead = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      parts.push(next.value);
      if (next.value.type === 'text-delta') deltasRead++;
      largestLead = Math.max(largestLead, long.pulled() - deltasRead);
      await eventLoopTurns(3);
    }
    return { turn, parts, deltasRead, largestLead };
  };

  it('a slow reader holds the model stream back: the model is never read more than the bound ahead of the reader, and no part is lost', async () => {
    const { turn, parts, deltasRead, largestLead } = await readSlowly();

    expect(largestLead).toBeGreaterThanOrEqual(DEFAULT_MAX_UNREAD_PARTS - 1);
    expect(largestLead).toBeLessThanOrEqual(DEFAULT_MAX_UNREAD_PARTS + SDK_READ_AHEAD);
    expect(deltasRead).toBe(DELTAS);
    expect(parts.map((part) => part.type).filter((type) => type !== 'text-delta')).toEqual(['step-start', 'text-start', 'text-end', 'step-end', 'turn-end']);
    expect(await turn.result).toMatchObject({ status: 'completed', text: 'word '.repeat(DELTAS) });
  });

  it('the runtime option maxUnreadParts sets the bound (a whole number ≥ 1)', async () => {
    const { largestLead, deltasRead } = await readSlowly(8);
    expect(largestLead).toBeGreaterThanOrEqual(7);
    expect(largestLead).toBeLessThanOrEqual(8 + SDK_READ_AHEAD);
    expect(deltasRead).toBe(DELTAS);
    expect(() => runtimeOf(0)).toThrow(InvalidOptionError);
    expect(() => runtimeOf(0)).toThrow('Option `maxUnreadParts` is 0; expected a whole number ≥ 1.');
  });

  it('a turn nobody reads still finishes (await turn.result), and a reader that comes afterwards gets every part', async () => {
    const { long, turn } = longTurn();

    const result = await turn.result;
    expect(result).toMatchObject({ status: 'completed', reason: 'stop', text: 'word '.repeat(DELTAS) });
    expect(await deltasLeft(turn.stream)).toBe(DELTAS);
  });

  it('a reader that stops reading holds the turn; cancelling the stream lets it run to its end', async () => {
    const { long, turn } = longTurn();
    const reader = turn.stream.getReader();
    for (let index = 0; index < 10; index++) await reader.read();
    await eventLoopTurns(50);
    // still running (awaiting turn.result would lift the bound: see the test after next)
    expect(turn.actor.getSnapshot().status).toBe('active');
    expect(long.pulled()).toBeLessThanOrEqual(10 + DEFAULT_MAX_UNREAD_PARTS + SDK_READ_AHEAD);

    await reader.cancel('enough');
    expect(await turn.result).toMatchObject({ status: 'completed', text: 'word '.repeat(DELTAS) });
  });

  it('awaiting turn.result while holding the stream lifts the bound, as streamText\'s result getters consume the stream: the result comes, then every part', async () => {
    const { long, turn, reader } = await heldTurn();

    expect(await turn.result).toMatchObject({ status: 'completed', text: 'word '.repeat(DELTAS) });
    let deltas = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) if (next.value.type === 'text-delta') deltas++;
    expect(deltas).toBe(DELTAS);
  });

  it('taking turn.result without waiting for it keeps the bound', async () => {
    const { long, turn } = longTurn();
    const { result } = turn;
    const reader = turn.stream.getReader();
    await reader.read();
    await eventLoopTurns(50);
    expect(result).toBeInstanceOf(Promise);
    expect(long.pulled()).toBeLessThanOrEqual(1 + DEFAULT_MAX_UNREAD_PARTS + SDK_READ_AHEAD);
    await reader.cancel();
    expect(await result).toMatchObject({ status: 'completed' });
  });

  it('a pipe that ends and leaves the stream unlocked (preventCancel, its destination failed) no longer holds the turn', async () => {
    const { long, turn } = longTurn();
    let written = 0;
    let failDestination: (error: Error) => void = () => {};
    const destination = new WritableStream<TurnStreamPart>(
      {
        write: () => new Promise<void>((resolve, reject) => {
          written++;
          if (written < 5) resolve();
          else failDestination = reject; // a stalled client, whose write fails at last
        }),
      },
      { highWaterMark: 1 },
    );
    const piped = turn.stream.pipeTo(destination, { preventCancel: true });
    await eventLoopTurns(50);
    expect(long.pulled()).toBeLessThan(DELTAS);

    failDestination(new Error('the client went away'));
    await expect(piped).rejects.toThrow('the client went away');
    expect(turn.stream.locked).toBe(false);
    await eventLoopTurns(5);
    expect(turn.actor.getSnapshot().status).toBe('done');
    expect(long.pulled()).toBe(DELTAS);
  });

  it('a reader that lets go of the stream (releaseLock) without reading on no longer holds the turn', async () => {
    const { long, turn, reader } = await heldTurn();

    reader.releaseLock();
    expect(await turn.result).toMatchObject({ status: 'completed', text: 'word '.repeat(DELTAS) });
    expect(await deltasLeft(turn.stream)).toBe(DELTAS);
  });

  it('a for await over stream.values({ preventCancel: true }) that breaks no longer holds the turn, and a later reader gets the rest', async () => {
    const { long, turn } = longTurn();
    const first: TurnStreamPart[] = [];
    for await (const part of turn.stream.values({ preventCancel: true })) {
      first.push(part);
      if (first.length === 5) {
        // the turn now waits for this reader
        await eventLoopTurns(50);
        expect(long.pulled()).toBeLessThan(DELTAS);
        break;
      }
    }
    // before: the platform's values() released a reader the stream's getReader never saw, and the turn waited on it forever
    for (let index = 0; index < 100 && turn.actor.getSnapshot().status === 'active'; index++) await eventLoopTurns(1);
    expect(turn.actor.getSnapshot().status).toBe('done');
    expect(long.pulled()).toBe(DELTAS);
    const rest: TurnStreamPart[] = [];
    for await (const part of turn.stream) rest.push(part);
    expect([...first, ...rest].filter((part) => part.type === 'text-delta')).toHaveLength(DELTAS);
    expect(rest.at(-1)).toMatchObject({ type: 'turn-end', status: 'completed' });
  });

  it('values() without preventCancel cancels the stream on break, as for await does: the turn runs to its end', async () => {
    const { long, turn } = longTurn();
    for await (const part of turn.stream.values()) if (part.type === 'text-delta') break;
    expect(() => turn.stream.getReader()).toThrow('it was already read to its end or cancelled');
    expect(await turn.result).toMatchObject({ status: 'completed', text: 'word '.repeat(DELTAS) });
  });

  it.each(['turn.cancel()', 'the abort signal'] as const)('%s while the turn waits on its reader ends it cancelled at once', async (how) => {
    const long = longTextModel({ deltas: DELTAS });
    const controller = new AbortController();
    const turn = runtimeOf().send({ model: long.model, prompt: 'write a long answer', abortSignal: controller.signal });
    const reader = turn.stream.getReader();
    await reader.read();
    await eventLoopTurns(50);
    const pulledBeforeCancel = long.pulled();
    expect(pulledBeforeCancel).toBeLessThan(DELTAS);

    if (how === 'turn.cancel()') turn.cancel('the user left');
    else controller.abort(new Error('the user left'));
    expect(await turn.result).toMatchObject({ status: 'cancelled', reason: 'cancelled' });
    expect(long.pulled()).toBeLessThanOrEqual(pulledBeforeCancel + 1);
    // the parts streamed before the cancel are still there; the open text block is closed
    reader.releaseLock();
    const rest: TurnStreamPart[] = [];
    for await (const part of turn.stream) rest.push(part);
    expect(rest.slice(-2)).toMatchObject([{ type: 'text-end', id: 't' }, { type: 'turn-end', status: 'cancelled' }]);
  });
});
