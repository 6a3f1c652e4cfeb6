import { describe, expect, it } from 'vitest';
import { createPromisedRanker } from '../../src/search/create-promised-ranker.js';
import type { AnyToolRanker } from '../../src/search/tool-ranker.js';

const built: AnyToolRanker = { name: 'built', rank: (query, maxResults) => [{ name: `for ${query}`, score: maxResults }] };

describe('createPromisedRanker', () => {
  it("ranks with the built ranker once its build resolves; name is 'pending' until then", async () => {
    let resolveBuild!: (ranker: AnyToolRanker) => void;
    let rebuilds = 0;
    const ranker = createPromisedRanker({
      build: new Promise((resolve) => (resolveBuild = resolve)),
      rebuild: async () => (rebuilds += 1, built),
    });
    expect(ranker.name).toBe('pending');
    const ranking = ranker.rank('photo', 3);
    resolveBuild(built);
    expect(await ranking).toEqual([{ name: 'for photo', score: 3 }]);
    expect(await ranker.rank('mail', 1)).toEqual([{ name: 'for mail', score: 1 }]);
    expect(ranker.name).toBe('built');
    expect(rebuilds).toBe(0);
  });

  it('rejects the searches waiting for a failed build, and builds again on the next search, once', async () => {
    let rebuilds = 0;
    const ranker = createPromisedRanker({
      build: Promise.reject(new Error('embedding service down')),
      rebuild: async () => {
        rebuilds += 1;
        if (rebuilds === 1) throw new Error('still down');
        return built;
      },
    });
    // the first build failed with no search waiting: no unhandled rejection (vitest would report one)
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(ranker.rank('photo', 2)).rejects.toThrow('still down');
    const [first, second] = await Promise.all([ranker.rank('photo', 2), ranker.rank('mail', 2)]);
    expect([first, second]).toEqual([[{ name: 'for photo', score: 2 }], [{ name: 'for mail', score: 2 }]]);
    expect(await ranker.rank('file', 2)).toEqual([{ name: 'for file', score: 2 }]);
    expect(rebuilds).toBe(2);
  });

  it("passes the search's options to the built ranker", async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const ranker = createPromisedRanker({
      build: Promise.resolve({ name: 'spy', rank: async (_query, _maxResults, options) => (signals.push(options?.abortSignal), []) }),
      rebuild: async () => built,
    });
    const controller = new AbortController();
    await ranker.rank('photo', 2, { abortSignal: controller.signal });
    expect(signals).toEqual([controller.signal]);
  });

  it('throws at construction for a build that is not a promise or a rebuild that is not a function', () => {
    expect(() => createPromisedRanker({ build: built as unknown as Promise<AnyToolRanker>, rebuild: async () => built })).toThrow(
      'Option `build` is object; expected the promise of the ranker being built.',
    );
    expect(() => createPromisedRanker({ build: Promise.resolve(built), rebuild: undefined as unknown as () => Promise<AnyToolRanker> })).toThrow(
      'Option `rebuild` is undefined; expected a function that starts a new build and returns its promise.',
    );
  });

  it('reads a rebuild that returns a ranker itself as a build that resolved, and one that throws a string as one that rejected', async () => {
    let rebuilds = 0;
    const ranker = createPromisedRanker({
      build: Promise.reject(new Error('down')),
      rebuild: (() => {
        rebuilds += 1;
        if (rebuilds === 1) throw 'still down';
        return built;
      }) as unknown as () => Promise<AnyToolRanker>,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(ranker.rank('photo', 2)).rejects.toBe('still down');
    expect(await ranker.rank('photo', 2)).toEqual([{ name: 'for photo', score: 2 }]);
    expect(ranker.name).toBe('built');
    expect(rebuilds).toBe(2);
  });
});
