import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { ThesaurusExpansion } from './expand-with-thesaurus.js';
import { DEFAULT_THESAURUS_SETTINGS, DEFAULT_WEAK_QUERY_SETTINGS, type ThesaurusOptions } from './hybrid-ranker-options.js';
import { FIELD_KINDS } from './index-document-fields.js';
import { shippedThesaurus } from './shipped-thesaurus.js';
import { checkOptionKeys } from './check-option-keys.js';

/**
 * The hybrid ranker's `thesaurus` option resolved: `undefined` when it is `false` (nothing is
 * read), else the defaults ({@link DEFAULT_THESAURUS_SETTINGS}) with the given fields, over the
 * given `source` or the shipped thesaurus (read now, once per process).
 *
 * @throws {InvalidOptionError} a key is not one of {@link ThesaurusOptions}' (a typo such as
 *   `wordpieces`), a number is not a finite number (a string, `NaN`, `Infinity`), `source` has no
 *   `neighboursOf` function, or a field is out of range (`weight` < 0, `maxNeighbours` not a
 *   whole number ≥ 0, `minSimilarity` outside 0–1, `expand` not `'unmatched'`, `'all'` or a number ≥ 0,
 *   `fields` not an array of field names, `wordPieces` not a number ≥ 0, `weakQueries` not `false` or an object whose
 *   `belowCoverage` and `firstPass` are 0–1 and `weight` ≥ 0).
 */
export function resolveThesaurusExpansion(option: boolean | ThesaurusOptions | undefined): ThesaurusExpansion | undefined {
  if (option === false) return undefined;
  const given = option === true || option === undefined ? {} : option;
  checkOptionKeys('thesaurus', given, THESAURUS_KEYS);
  if (given.source !== undefined && typeof (given.source as { neighboursOf?: unknown } | null)?.neighboursOf !== 'function') {
    throw new InvalidOptionError({ option: 'thesaurus.source', value: given.source, expected: 'a Thesaurus: an object with a neighboursOf(term) function (omit it for the shipped thesaurus)' });
  }
  const weight = given.weight ?? DEFAULT_THESAURUS_SETTINGS.weight;
  const maxNeighbours = given.maxNeighbours ?? DEFAULT_THESAURUS_SETTINGS.maxNeighbours;
  const minSimilarity = given.minSimilarity ?? DEFAULT_THESAURUS_SETTINGS.minSimilarity;
  const expand = given.expand ?? DEFAULT_THESAURUS_SETTINGS.expand;
  if (!(isFiniteNumber(weight) && weight >= 0)) throw new InvalidOptionError({ option: 'thesaurus.weight', value: weight, expected: 'a finite number ≥ 0 (0 adds nothing; pass thesaurus: false to turn expansion off)' });
  if (!Number.isInteger(maxNeighbours) || maxNeighbours < 0) throw new InvalidOptionError({ option: 'thesaurus.maxNeighbours', value: maxNeighbours, expected: 'a whole number ≥ 0' });
  if (!(isFiniteNumber(minSimilarity) && minSimilarity >= 0 && minSimilarity <= 1)) throw new InvalidOptionError({ option: 'thesaurus.minSimilarity', value: minSimilarity, expected: 'a cosine similarity from 0 to 1' });
  if (expand !== 'unmatched' && expand !== 'all' && !(typeof expand === 'number' && expand >= 0)) {
    throw new InvalidOptionError({ option: 'thesaurus.expand', value: expand, expected: "'unmatched', 'all' or a number of tools ≥ 0" });
  }
  const fields = given.fields ?? DEFAULT_THESAURUS_SETTINGS.fields;
  if (fields !== undefined && (!Array.isArray(fields) || !fields.every((field) => typeof field === 'string' && Object.hasOwn(FIELD_KINDS, field)))) {
    throw new InvalidOptionError({ option: 'thesaurus.fields', value: fields, expected: `an array of field names (${Object.keys(FIELD_KINDS).join(', ')})` });
  }
  const wordPieces = given.wordPieces ?? DEFAULT_THESAURUS_SETTINGS.wordPieces;
  if (!(isFiniteNumber(wordPieces) && wordPieces >= 0)) throw new InvalidOptionError({ option: 'thesaurus.wordPieces', value: wordPieces, expected: 'a finite number ≥ 0 (0 splits no word)' });
  return { thesaurus: given.source ?? shippedThesaurus(), weight, maxNeighbours, minSimilarity, expand, fields, wordPieces, weakQueries: resolveWeakQueries(given.weakQueries ?? DEFAULT_THESAURUS_SETTINGS.weakQueries) };
}

function resolveWeakQueries(option: ThesaurusOptions['weakQueries']): ThesaurusExpansion['weakQueries'] {
  if (option === false) return undefined;
  if (option !== undefined && (typeof option !== 'object' || option === null)) {
    throw new InvalidOptionError({ option: 'thesaurus.weakQueries', value: option, expected: 'false, or an object { belowCoverage?, weight?, firstPass? }' });
  }
  if (option !== undefined) checkOptionKeys('thesaurus.weakQueries', option, WEAK_QUERY_KEYS);
  const belowCoverage = option?.belowCoverage ?? DEFAULT_WEAK_QUERY_SETTINGS.belowCoverage;
  const weight = option?.weight ?? DEFAULT_WEAK_QUERY_SETTINGS.weight;
  const firstPass = option?.firstPass ?? DEFAULT_WEAK_QUERY_SETTINGS.firstPass;
  if (!(isFiniteNumber(belowCoverage) && belowCoverage >= 0 && belowCoverage <= 1)) throw new InvalidOptionError({ option: 'thesaurus.weakQueries.belowCoverage', value: belowCoverage, expected: 'a share from 0 to 1 (0 never ranks a query twice)' });
  if (!(isFiniteNumber(weight) && weight >= 0)) throw new InvalidOptionError({ option: 'thesaurus.weakQueries.weight', value: weight, expected: 'a finite number ≥ 0' });
  if (!(isFiniteNumber(firstPass) && firstPass >= 0 && firstPass <= 1)) throw new InvalidOptionError({ option: 'thesaurus.weakQueries.firstPass', value: firstPass, expected: "a share from 0 to 1 (1 keeps the first pass's scores)" });
  // a first pass never weak, or kept whole, is a second pass that changes nothing: none is run
  return belowCoverage === 0 || firstPass === 1 ? undefined : { belowCoverage, weight, firstPass };
}

const THESAURUS_KEYS: readonly string[] = ['weight', 'maxNeighbours', 'minSimilarity', 'expand', 'fields', 'weakQueries', 'wordPieces', 'source'] satisfies readonly (keyof ThesaurusOptions)[];
const WEAK_QUERY_KEYS: readonly string[] = ['belowCoverage', 'weight', 'firstPass'];

/** A finite number: not a string (`'0.8' >= 0` is true), not `NaN`, not `Infinity`. */
function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

