import { describe, expect, it } from 'vitest';
import { shippedThesaurus } from '../../src/search/shipped-thesaurus.js';
import { stemWord } from '../../src/search/tokenize-text.js';
import { wordPiecesOf } from '../../src/search/word-pieces-of.js';

/** The shipped thesaurus's stems, frequent ones without neighbours included. */
const known = (stem: string) => shippedThesaurus().has!(stem);

describe('wordPiecesOf', () => {
  it('splits a compound GloVe lacks into the two known words it is written as, stemmed as the index stems', () => {
    expect(known('smartwatch')).toBe(false);
    expect(wordPiecesOf('smartwatch', known)).toEqual(['smart', 'watch']);
    expect(wordPiecesOf('cybersecurity', known)).toEqual(['cyber', 'security']);
    expect(wordPiecesOf('chessboard', known)).toEqual(['chess', 'board']);
    expect(wordPiecesOf('flowcharts', known)).toEqual(['flow', 'chart']);
    expect(wordPiecesOf('dogecoin', known)).toEqual(['doge', 'coin']);
  });

  it('prefers the split whose shorter piece is longest', () => {
    // `back` + `links` over `backl` + … : only known words count, and of those the most balanced
    const isWord = (stem: string) => ['back', 'link', 'backlin', 'ks'].includes(stem);
    expect(wordPiecesOf('backlinks', isWord)).toEqual(['back', 'link']);
    // work|flowsheet (shorter piece 4) against workflow|sheet (5)
    const both = (stem: string) => ['work', 'flowsheet', 'workflow', 'sheet'].includes(stem);
    expect(wordPiecesOf('workflowsheet', both)).toEqual(['workflow', 'sheet']);
  });

  it('strips a derivational ending to a known base before splitting', () => {
    const isWord = (stem: string) => ['custom', 'click', 'mind', 'mindful', 'able'].includes(stem);
    expect(wordPiecesOf('customizable', (stem) => stem === stemWord('customize'))).toEqual([stemWord('customize')]);
    expect(wordPiecesOf('clickable', isWord)).toEqual(['click']);
    expect(wordPiecesOf('mindfulness', isWord)).toEqual(['mindful']);
    expect(wordPiecesOf('deliverables', known)).toEqual(['deliver']);
  });

  it('leaves short, long, non-letter and unsplittable words whole', () => {
    const anything = () => true;
    expect(wordPiecesOf('nfts', anything)).toEqual([]);
    expect(wordPiecesOf('a'.repeat(33), anything)).toEqual([]);
    expect(wordPiecesOf('web3auth', anything)).toEqual([]);
    expect(wordPiecesOf('ethereum', known)).toEqual([]);
    // `crypto` is not among the shipped thesaurus's 40,000 stems
    expect(wordPiecesOf('cryptocurrencies', known)).toEqual([]);
    expect(wordPiecesOf('__proto__', anything)).toEqual([]);
    expect(wordPiecesOf('constructor', (stem) => stem === 'constructor')).toEqual([]);
  });
});
