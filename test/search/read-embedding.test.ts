import { describe, expect, it } from 'vitest';
import { MAX_EMBEDDING_DIMENSIONS, readEmbedding } from '../../src/search/read-embedding.js';

describe('readEmbedding', () => {
  it('reads arrays, every numeric typed array and other array-likes into a new plain array', () => {
    const plain = [0.5, -1, 2];
    const read = readEmbedding(plain, 3).embedding!;
    expect(read).toEqual(plain);
    expect(read).not.toBe(plain);
    for (const typed of [new Float32Array([0.5, -1, 2]), new Float64Array([0.5, -1, 2]), new Int8Array([1, -1, 2]), new Uint8Array([1, 0, 2]), new Int16Array([1, 0, 2])]) {
      const embedding = readEmbedding(typed, 3).embedding!;
      expect(Array.isArray(embedding)).toBe(true);
      expect(embedding).toEqual(Array.from(typed));
    }
    expect(readEmbedding({ length: 2, 0: 0.25, 1: 0.75 }, undefined)).toEqual({ embedding: [0.25, 0.75] });
  });

  it('says what is wrong with anything else: not numbers, not finite, empty, sparse, another length', () => {
    expect(readEmbedding([1, Number.NaN], undefined).fault).toBe('has NaN at 1, not a finite number');
    expect(readEmbedding(new Float32Array([1, Number.POSITIVE_INFINITY]), undefined).fault).toBe('has Infinity at 1, not a finite number');
    expect(readEmbedding([1, '2'], undefined).fault).toBe('has a string at 1, not a finite number');
    expect(readEmbedding([{}], undefined).fault).toBe('has an object at 0, not a finite number');
    expect(readEmbedding(new BigInt64Array([1n]), undefined).fault).toBe('has a bigint at 0, not a finite number');
    // eslint-disable-next-line no-sparse-arrays
    expect(readEmbedding([1, , 3], undefined).fault).toBe('has an undefined at 1, not a finite number');
    expect(readEmbedding([1, 2], 3).fault).toBe('has 2 numbers; the others have 3');
    for (const junk of [[], 'vector', null, undefined, 42, { length: -1 }, { length: 1.5 }, new Map(), new DataView(new ArrayBuffer(8)), () => [1]]) {
      expect(readEmbedding(junk, undefined).fault).toBe('is not a non-empty array of numbers');
    }
  });

  it(`accepts ${MAX_EMBEDDING_DIMENSIONS} numbers and refuses one more without reading a number of it`, () => {
    expect(readEmbedding(new Float32Array(MAX_EMBEDDING_DIMENSIONS).fill(0.5), undefined).embedding).toHaveLength(MAX_EMBEDDING_DIMENSIONS);
    let reads = 0;
    const huge = new Proxy({ length: 10_000_000 }, { get: (target, key) => (key === 'length' ? target.length : (reads++, 1)) });
    expect(readEmbedding(huge, undefined).fault).toBe(`has 10000000 numbers, more than the ${MAX_EMBEDDING_DIMENSIONS} an embedding may have (MAX_EMBEDDING_DIMENSIONS)`);
    expect(reads).toBe(0);
    expect(readEmbedding(new Float32Array(MAX_EMBEDDING_DIMENSIONS + 1), undefined).fault).toContain(`has ${MAX_EMBEDDING_DIMENSIONS + 1} numbers, more than`);
  });

  it('reads each number once, and a getter that throws is a fault, not a throw', () => {
    let reads = 0;
    const drifting = new Proxy([1, 2, 3], { get: (target, key) => (key === '0' ? ++reads : Reflect.get(target, key)) });
    expect(readEmbedding(drifting, undefined).embedding).toEqual([1, 2, 3]);
    expect(reads).toBe(1);
    const trapped = new Proxy([1, 2, 3], {
      get: (target, key) => {
        if (key === '1') throw new Error('trap');
        return Reflect.get(target, key);
      },
    });
    expect(readEmbedding(trapped, undefined).fault).toBe('could not be read (a getter or Proxy trap threw)');
  });
});
