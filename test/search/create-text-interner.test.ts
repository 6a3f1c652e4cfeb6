import { describe, expect, it } from 'vitest';
import { createTextInterner } from '../../src/search/create-text-interner.js';

/** Each text of a finished interner as its terms again. */
function textsOf(finished: ReturnType<ReturnType<typeof createTextInterner>['finish']>): string[][] {
  const termOf = [...finished.termIds.keys()];
  const texts: string[][] = [];
  for (let text = 0; text + 1 < finished.textStarts.length; text += 1) {
    texts.push([...finished.textTermIds.subarray(finished.textStarts[text]!, finished.textStarts[text + 1]!)].map((id) => termOf[id]!));
  }
  return texts;
}

describe('createTextInterner', () => {
  it('numbers terms in order of first sight and texts in order of addition, repeats and empty texts kept', () => {
    const interner = createTextInterner();
    expect(interner.addText(['get', 'file', 'get'])).toBe(0);
    expect(interner.addText([])).toBe(1);
    expect(interner.addText(['file', '__proto__', 'constructor'])).toBe(2);
    const finished = interner.finish();
    expect([...finished.termIds]).toEqual([
      ['get', 0],
      ['file', 1],
      ['__proto__', 2],
      ['constructor', 3],
    ]);
    expect([...finished.textStarts]).toEqual([0, 3, 3, 6]);
    expect([...finished.textTermIds]).toEqual([0, 1, 0, 1, 2, 3]);
  });

  it('builds a text term by term with add and endText, sharing the numbering with addText', () => {
    const interner = createTextInterner();
    interner.addText(['list', 'issue']);
    interner.add(interner.termIdOf('issue'));
    interner.add(interner.termIdOf('comment'));
    expect(interner.endText()).toBe(1);
    expect(interner.termIdOf('list')).toBe(0);
    expect(textsOf(interner.finish())).toEqual([
      ['list', 'issue'],
      ['issue', 'comment'],
    ]);
  });

  it('grows past its first capacity (17,985 term occurrences in 3,000 texts) without losing a term', () => {
    const interner = createTextInterner(1);
    const expected: string[][] = [];
    for (let text = 0; text < 3_000; text += 1) {
      const terms = Array.from({ length: text % 13 }, (_, index) => `t${(text * 7 + index) % 500}`);
      expected.push(terms);
      expect(interner.addText(terms)).toBe(text);
    }
    const finished = interner.finish();
    expect(finished.termIds.size).toBe(500);
    expect(finished.textTermIds.length).toBe(17_985);
    expect(textsOf(finished)).toEqual(expected);
  });
});
