import { describe, expect, it } from 'vitest';
import { watchPipeEnds } from '../../src/runtime/watch-pipe-ends.js';

const streamOf = (parts: number[]) => new ReadableStream<number>({ start(controller) { for (const part of parts) controller.enqueue(part); controller.close(); } });

describe('watchPipeEnds', () => {
  it('tells when a pipeTo ends, and returns its promise as it is', async () => {
    const stream = streamOf([1, 2]);
    let ends = 0;
    watchPipeEnds(stream, () => ends++);
    const written: number[] = [];
    await stream.pipeTo(new WritableStream({ write: (part) => void written.push(part) }));
    await Promise.resolve();
    expect(written).toEqual([1, 2]);
    expect(ends).toBe(1);
  });

  it('tells when a pipeThrough ends (it goes through pipeTo), with the transform\'s readable back', async () => {
    const stream = streamOf([1, 2, 3]);
    let ends = 0;
    watchPipeEnds(stream, () => ends++);
    const doubled = stream.pipeThrough(new TransformStream<number, number>({ transform: (part, controller) => controller.enqueue(part * 2) }));
    const read: number[] = [];
    for await (const part of doubled as unknown as AsyncIterable<number>) read.push(part);
    await new Promise((resolve) => setImmediate(resolve));
    expect(read).toEqual([2, 4, 6]);
    expect(ends).toBe(1);
  });

  it('tells when the destination fails, and the stream is unlocked with preventCancel', async () => {
    const stream = streamOf([1]);
    let ends = 0;
    watchPipeEnds(stream, () => ends++);
    const piped = stream.pipeTo(new WritableStream({ write: () => Promise.reject('not an Error') }), { preventCancel: true });
    await expect(piped).rejects.toBe('not an Error');
    await Promise.resolve();
    expect(ends).toBe(1);
    expect(stream.locked).toBe(false);
  });

  it('keeps the platform\'s own TypeError for a locked stream or a locked destination', () => {
    const stream = streamOf([1]);
    watchPipeEnds(stream, () => {});
    const transform = new TransformStream<number, number>();
    transform.writable.getWriter();
    expect(() => stream.pipeThrough(transform)).toThrow(TypeError);
    stream.getReader();
    expect(() => stream.pipeThrough(new TransformStream())).toThrow(TypeError);
  });
});
