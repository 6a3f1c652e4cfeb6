import { describe, expect, it } from 'vitest';
import { createPartQueue } from '../../src/runtime/part-queue.js';

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
    expect(await readAll(queue)).toEqual(['step-start', 'text', 'step-end']);
  });

  it('wakes a waiting reader on push and ends it on end()', async () => {
    const queue = createPartQueue<number>();
    const reading = readAll(queue);
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
    const iterator = queue[Symbol.asyncIterator]();
    const first = iterator.next();
    queue.push('a');
    expect(await first).toEqual({ value: 'a', done: false });
    const second = iterator.next();
    queue.end();
    expect(await second).toEqual({ value: undefined, done: true });
  });

  it('still yields parts buffered before end()', async () => {
    const queue = createPartQueue<string>();
    const iterator = queue[Symbol.asyncIterator]();
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
    expect(await readAll(queue)).toEqual(['kept']);
  });

  it('ends an empty queue at once', async () => {
    const queue = createPartQueue<string>();
    queue.end();
    expect(await readAll(queue)).toEqual([]);
  });

  it('refuses a second reader', async () => {
    const queue = createPartQueue<string>();
    queue.push('only once');
    queue.end();
    expect(await readAll(queue)).toEqual(['only once']);
    await expect(readAll(queue)).rejects.toThrow('A turn stream can be read once; it is already being read.');
  });

  it('refuses a second reader while the first is still waiting', async () => {
    const queue = createPartQueue<string>();
    const first = readAll(queue);
    await Promise.resolve();
    await expect(readAll(queue)).rejects.toThrow(/read once/);
    queue.push('for the first');
    queue.end();
    expect(await first).toEqual(['for the first']);
  });
});
