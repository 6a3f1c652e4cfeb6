import { describe, expect, it } from 'vitest';
import { createChunkDemand } from '../../src/ui/create-chunk-demand.js';
import { settledNow } from '../helpers/settled-now.js';

describe('createChunkDemand', () => {
  it('makes the writer wait until the reader reads, and again once that read was answered', async () => {
    const demand = createChunkDemand();
    const stream = new TransformStream<string, string>();
    const writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();

    const first = demand.wait();
    expect(await settledNow(first)).toBe('pending');
    const read = demand.read(reader);
    expect(await settledNow(first)).toBe('resolved');
    expect(demand.wait()).toBeUndefined(); // the reader waits for a chunk: write on
    void writer.write('chunk');
    expect(await read).toEqual({ value: 'chunk', done: false });
    expect(await settledNow(demand.wait())).toBe('pending');
  });

  it('never waits once released (the reader left or the stream ended)', async () => {
    const demand = createChunkDemand();
    const waiting = demand.wait();
    demand.release();
    expect(await settledNow(waiting)).toBe('resolved');
    expect(demand.wait()).toBeUndefined();
  });
});
