import { describe, expect, it } from 'vitest';
import { createPartQueue, DEFAULT_MAX_UNREAD_PARTS, type PartQueue } from '../../src/runtime/part-queue.js';
import { settledNow } from '../helpers/settled-now.js';

async function readAll<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const parts: T[] = [];
  for await (const part of iterable) parts.push(part);
  return parts;
}

describe('createPartQueue', () => {
  it('buffers parts pushed before anyone reads and yields them in order', async () => {
    const queue = createPartQueue<string>();
    queue.push('step-start');
    queue.push('text');
    queue.push('step-end');
    queue.end();
    expect(await readAll(queue.stream)).toEqual(['step-start', 'text', 'step-end']);
  });

  it('wakes a waiting reader on push and ends it on end()', async () => {
    const queue = createPartQueue<number>();
    const reading = readAll(queue.stream);
    await Promise.resolve();
    queue.push(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    queue.push(2);
    queue.push(3);
    setTimeout(() => queue.end(), 5);
    expect(await reading).toEqual([1, 2, 3]);
  });

  it('delivers each part as soon as it is pushed, not at the end', async () => {
    const queue = createPartQueue<string>();
    const reader = queue.stream.getReader();
    const first = reader.read();
    queue.push('a');
    expect(await first).toEqual({ value: 'a', done: false });
    const second = reader.read();
    queue.end();
    expect(await second).toEqual({ value: undefined, done: true });
  });

  it('still yields parts buffered before end()', async () => {
    const queue = createPartQueue<string>();
    const iterator = queue.stream[Symbol.asyncIterator]();
    queue.push('last words');
    queue.end();
    expect(await iterator.next()).toEqual({ value: 'last words', done: false });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('drops parts pushed after end()', async () => {
    const queue = createPartQueue<string>();
    queue.push('kept');
    queue.end();
    queue.push('dropped');
    expect(await readAll(queue.stream)).toEqual(['kept']);
  });

  it('ends an empty queue at once', async () => {
    const queue = createPartQueue<string>();
    queue.end();
    expect(await readAll(queue.stream)).toEqual([]);
  });

  it('refuses a second reader once the first read it to its end', async () => {
    const queue = createPartQueue<string>();
    queue.push('only once');
    queue.end();
    expect(await readAll(queue.stream)).toEqual(['only once']);
    await expect(readAll(queue.stream)).rejects.toThrow('A turn stream can be read once: it was already read to its end or cancelled.');
    expect(() => queue.stream.getReader()).toThrow(TypeError);
  });

  it('refuses a second reader while the first is still waiting, for await and getReader alike', async () => {
    const queue = createPartQueue<string>();
    const first = readAll(queue.stream);
    await Promise.resolve();
    expect(queue.stream.locked).toBe(true);
    await expect(readAll(queue.stream)).rejects.toThrow(/read once: it is already being read/);
    expect(() => queue.stream.getReader()).toThrow(/read once: it is already being read/);
    queue.push('for the first');
    queue.end();
    expect(await first).toEqual(['for the first']);
  });

  it('is a ReadableStream: pipeThrough a TransformStream gives every part', async () => {
    const queue = createPartQueue<number>();
    const doubled = queue.stream.pipeThrough(new TransformStream<number, number>({ transform: (part, controller) => controller.enqueue(part * 2) }));
    queue.push(1);
    queue.push(2);
    queue.end();
    expect(await readAll(doubled as unknown as AsyncIterable<number>)).toEqual([2, 4]);
  });

  it('tee() gives both branches every part, in order', async () => {
    const queue = createPartQueue<string>();
    const [left, right] = queue.stream.tee();
    for (const part of ['a', 'b', 'c']) queue.push(part);
    queue.end();
    const [fromLeft, fromRight] = await Promise.all([readAll(left as unknown as AsyncIterable<string>), readAll(right as unknown as AsyncIterable<string>)]);
    expect(fromLeft).toEqual(['a', 'b', 'c']);
    expect(fromRight).toEqual(['a', 'b', 'c']);
    expect(() => queue.stream.getReader()).toThrow(/already being read/);
  });

  it('drops its buffer when the reader cancels (with a reason) and keeps no later part', async () => {
    const queue = createPartQueue<string>();
    queue.push('read');
    queue.push('unread');
    const reader = queue.stream.getReader();
    expect(await reader.read()).toEqual({ value: 'read', done: false });
    await reader.cancel('the client went away');
    queue.push('after the cancel');
    queue.end();
    expect(await reader.read()).toEqual({ value: undefined, done: true });
    reader.releaseLock();
    expect(() => queue.stream.getReader()).toThrow(/already read to its end or cancelled/);
  });

  it('a break out of for await cancels the reading: later parts are not kept', async () => {
    const queue = createPartQueue<string>();
    queue.push('first');
    for await (const part of queue.stream) {
      expect(part).toBe('first');
      break;
    }
    queue.push('second');
    await expect(readAll(queue.stream)).rejects.toThrow(/already read to its end or cancelled/);
  });

  it('a reader that releases its lock mid-stream lets the next reader go on from there', async () => {
    const queue = createPartQueue<string>();
    for (const part of ['a', 'b', 'c']) queue.push(part);
    queue.end();
    const reader = queue.stream.getReader();
    expect(await reader.read()).toEqual({ value: 'a', done: false });
    reader.releaseLock();
    expect(await readAll(queue.stream)).toEqual(['b', 'c']);
  });

  describe('whenRoom (backpressure)', () => {
    const filled = (count: number) => {
      const queue = createPartQueue<number>({ maxUnreadParts: 3 });
      for (let part = 0; part < count; part++) queue.push(part);
      return queue;
    };

    it('asks for no wait while nobody holds the stream, however many parts are unread', () => {
      const queue = filled(10);
      expect(queue.unread).toBe(10);
      expect(queue.whenRoom()).toBeUndefined();
    });

    it('waits while a reader holds the stream and maxUnreadParts parts are unread, until it reads one', async () => {
      const queue = filled(3);
      const reader = queue.stream.getReader();
      const room = queue.whenRoom();
      expect(await settledNow(room)).toBe('pending');
      expect(await reader.read()).toEqual({ value: 0, done: false });
      expect(queue.unread).toBe(2);
      expect(await settledNow(room)).toBe('resolved');
      expect(queue.whenRoom()).toBeUndefined();
    });

    it.each([
      ['the reader cancels', (queue: PartQueue<number>, reader: ReadableStreamDefaultReader<number>) => void reader.cancel()],
      ['the reader releases its lock', (_queue: PartQueue<number>, reader: ReadableStreamDefaultReader<number>) => reader.releaseLock()],
      ['the queue ends', (queue: PartQueue<number>) => queue.end()],
      ['the bound is lifted (turn.result awaited)', (queue: PartQueue<number>) => queue.lift()],
    ])('stops waiting when %s', async (_name, leave) => {
      const queue = filled(3);
      const reader = queue.stream.getReader();
      const room = queue.whenRoom();
      expect(await settledNow(room)).toBe('pending');
      leave(queue, reader);
      expect(await settledNow(room)).toBe('resolved');
    });

    it('stops waiting when the signal aborts, and asks for none with an aborted signal', async () => {
      const queue = filled(3);
      queue.stream.getReader();
      const controller = new AbortController();
      const room = queue.whenRoom(controller.signal);
      expect(await settledNow(room)).toBe('pending');
      controller.abort();
      expect(await settledNow(room)).toBe('resolved');
      expect(queue.whenRoom(controller.signal)).toBeUndefined();
    });

    it('never waits again once lifted, and keeps every unread part', async () => {
      const queue = filled(3);
      const reader = queue.stream.getReader();
      queue.lift();
      for (let part = 3; part < 100; part++) queue.push(part);
      expect(queue.whenRoom()).toBeUndefined();
      expect(queue.unread).toBe(100);
      queue.end();
      const read: number[] = [];
      for (let next = await reader.read(); !next.done; next = await reader.read()) read.push(next.value);
      expect(read).toEqual(Array.from({ length: 100 }, (_, index) => index));
    });

    it('stops waiting when a pipe ends and leaves the stream unlocked (preventCancel)', async () => {
      const queue = filled(6); // the pipe takes one or two into its destination
      let fail: (error: Error) => void = () => {};
      const destination = new WritableStream<number>({ write: () => new Promise<void>((_resolve, reject) => { fail = reject; }) }, { highWaterMark: 1 });
      const piped = queue.stream.pipeTo(destination, { preventCancel: true });
      await new Promise((resolve) => setImmediate(resolve));
      const room = queue.whenRoom();
      expect(await settledNow(room)).toBe('pending');
      fail(new Error('gone'));
      await expect(piped).rejects.toThrow('gone');
      expect(await settledNow(room)).toBe('resolved');
    });

    it('defaults to DEFAULT_MAX_UNREAD_PARTS (64) parts', () => {
      const queue = createPartQueue<number>();
      queue.stream.getReader();
      for (let part = 0; part < DEFAULT_MAX_UNREAD_PARTS - 1; part++) queue.push(part);
      expect(queue.whenRoom()).toBeUndefined();
      queue.push(63);
      expect(queue.whenRoom()).toBeInstanceOf(Promise);
      expect(DEFAULT_MAX_UNREAD_PARTS).toBe(64);
    });
  });
});
