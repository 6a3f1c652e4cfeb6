import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeThesaurus } from '../../src/search/decode-thesaurus.js';
import { shippedThesaurus } from '../../src/search/shipped-thesaurus.js';

const DATA_FILE = new URL('../../src/search/glove-thesaurus.bin', import.meta.url);

describe('shippedThesaurus', () => {
  it('loads the shipped GloVe thesaurus once per process: 40,000 stems, the same object every call', () => {
    const thesaurus = shippedThesaurus();
    expect(thesaurus.size).toBe(40_000);
    expect(shippedThesaurus()).toBe(thesaurus);
  });

  it('gives real neighbours, stemmed like the index, most similar first, none below the 0.5 cut-off', () => {
    const thesaurus = shippedThesaurus();
    const sushi = thesaurus.neighboursOf('sushi');
    expect(sushi.map((neighbour) => neighbour.term)).toContain('restaurant');
    const scholarly = thesaurus.neighboursOf('scholarly').map((neighbour) => neighbour.term);
    expect(scholarly.slice(0, 3)).toContain('academic');
    // `rental`, `tenant` as the index stems them; `condominium` first
    const condo = thesaurus.neighboursOf('condo');
    expect(condo[0]).toEqual({ term: 'condominium', similarity: expect.closeTo(0.89, 2) });
    for (const list of [sushi, condo]) {
      expect(list.length).toBeLessThanOrEqual(16);
      for (let index = 0; index < list.length; index += 1) {
        expect(list[index]!.similarity).toBeGreaterThanOrEqual(0.5);
        if (index > 0) expect(list[index]!.similarity).toBeLessThanOrEqual(list[index - 1]!.similarity);
      }
    }
  });

  it('knows nothing of hostile or unknown terms, and leaves the 200 most frequent stems unexpanded', () => {
    const thesaurus = shippedThesaurus();
    expect(thesaurus.neighboursOf('__proto__')).toEqual([]);
    expect(thesaurus.neighboursOf('hasOwnProperty')).toEqual([]);
    expect(thesaurus.neighboursOf('xqzzv')).toEqual([]);
    // `new` (also the stem of `news`) and `time` are generic: no neighbours (in the vectors, `new`'s
    // nearest are `york`, `next`, `first`), and nobody's neighbour
    expect(thesaurus.neighboursOf('new')).toEqual([]);
    expect(thesaurus.neighboursOf('time')).toEqual([]);
    expect(thesaurus.neighboursOf('hour').map((neighbour) => neighbour.term)).not.toContain('time');
    expect(thesaurus.neighboursOf('hour').length).toBeGreaterThan(0);
  });
});

describe('decodeThesaurus', () => {
  it('reads the same thesaurus from the plain file and from its gzip', () => {
    const plain = readFileSync(DATA_FILE);
    const fromGzip = decodeThesaurus(gzipSync(plain));
    expect(fromGzip.size).toBe(40_000);
    expect(fromGzip.neighboursOf('sushi')).toEqual(shippedThesaurus().neighboursOf('sushi'));
  });

  it('rejects bytes that are not a turnscope thesaurus, and a truncated one', () => {
    expect(() => decodeThesaurus(Buffer.from('{"format":"other"}\nword\0'))).toThrow(/not a turnscope thesaurus/);
    expect(() => decodeThesaurus(Buffer.from('no header at all'))).toThrow(/not a turnscope thesaurus/);
    expect(() => decodeThesaurus(Buffer.from('{"format":"turnscope-thesaurus/1"}\nalpha\nbeta\0\x00'))).toThrow(/truncated/);
  });
});
