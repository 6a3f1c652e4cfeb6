import { describe, expect, it } from 'vitest';
import { createTextInterner } from '../../src/search/create-text-interner.js';
import { createTextTermCache } from '../../src/search/create-text-term-cache.js';
import { tokenizeText } from '../../src/search/tokenize-text.js';
import { DATASET_NAMES, loadFixtureDocuments } from './fixture-catalogs.js';

/** Texts that exercise every tokenizer path: camelCase, acronyms and their plurals, digits, stop words, non-ASCII separators and letters, CJK. */
const TEXTS = [
  'getFile of the HTTPServer',
  'List PRs and URLs; the IDs of v2Api',
  'list_directories — files “quoted” 🚀 done',
  '',
  '   ',
  'the and of',
  'getFile getFile GETFILE getfile',
  'Café résumé naïve crème',
  '東京の天気 weather 予報',
  'createIssue: Create a GitHub issue in a repo (owner/repo)',
  'Files were searched, mapped and labelled',
];

/** The interned texts as term strings, and the numbering, of adding `texts` with `add`. */
function internedWith(texts: readonly string[], add: (text: string, interner: ReturnType<typeof createTextInterner>) => number) {
  const interner = createTextInterner();
  const ids = texts.map((text) => add(text, interner));
  const finished = interner.finish();
  return { ids, termIds: [...finished.termIds], textStarts: [...finished.textStarts], textTermIds: [...finished.textTermIds] };
}

describe('createTextTermCache', () => {
  it('adds every text with the terms, term numbering and text ids of interner.addText(tokenizeText(text))', () => {
    const expected = internedWith(TEXTS, (text, interner) => interner.addText(tokenizeText(text)));
    let cache: ReturnType<typeof createTextTermCache> | undefined;
    const actual = internedWith(TEXTS, (text, interner) => (cache ??= createTextTermCache(interner)).addText(text));
    expect(actual).toEqual(expected);
  });

  it.each(DATASET_NAMES)('adds the %s catalog’s texts exactly as tokenizing each whole does', async (name) => {
    const documents = await loadFixtureDocuments(name);
    const texts = documents.flatMap((document) => [document.description, document.group, ...(document.parameters ?? []).flatMap((parameter) => [parameter.name, parameter.description])]);
    const expected = internedWith(texts, (text, interner) => interner.addText(tokenizeText(text)));
    let cache: ReturnType<typeof createTextTermCache> | undefined;
    expect(internedWith(texts, (text, interner) => (cache ??= createTextTermCache(interner)).addText(text))).toEqual(expected);
  });
});
