import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { ThesaurusExpansion } from './expand-with-thesaurus.js';
import { DEFAULT_THESAURUS_SETTINGS, type ThesaurusOptions } from './hybrid-ranker-options.js';
import { shippedThesaurus } from './shipped-thesaurus.js';

/**
 * The hybrid ranker's `thesaurus` option resolved: `undefined` when it is `false` (nothing is
 * read), else the defaults ({@link DEFAULT_THESAURUS_SETTINGS}) with the given fields, over the
 * given `source` or the shipped thesaurus (read now, once per process).
 *
 * @throws {InvalidOptionError} a field is out of range (`weight` < 0, `maxNeighbours` not a
 *   whole number ≥ 0, `minSimilarity` outside 0–1, `expand` not `'unmatched'`, `'all'` or a number ≥ 0).
 */
export function resolveThesaurusExpansion(option: boolean | ThesaurusOptions | undefined): ThesaurusExpansion | undefined {
  if (option === false) return undefined;
  const given = option === true || option === undefined ? {} : option;
  const weight = given.weight ?? DEFAULT_THESAURUS_SETTINGS.weight;
  const maxNeighbours = given.maxNeighbours ?? DEFAULT_THESAURUS_SETTINGS.maxNeighbours;
  const minSimilarity = given.minSimilarity ?? DEFAULT_THESAURUS_SETTINGS.minSimilarity;
  const expand = given.expand ?? DEFAULT_THESAURUS_SETTINGS.expand;
  if (!(weight >= 0)) throw new InvalidOptionError({ option: 'thesaurus.weight', value: weight, expected: 'a number ≥ 0 (0 adds nothing; pass thesaurus: false to turn expansion off)' });
  if (!Number.isInteger(maxNeighbours) || maxNeighbours < 0) throw new InvalidOptionError({ option: 'thesaurus.maxNeighbours', value: maxNeighbours, expected: 'a whole number ≥ 0' });
  if (!(minSimilarity >= 0 && minSimilarity <= 1)) throw new InvalidOptionError({ option: 'thesaurus.minSimilarity', value: minSimilarity, expected: 'a cosine similarity from 0 to 1' });
  if (expand !== 'unmatched' && expand !== 'all' && !(typeof expand === 'number' && expand >= 0)) {
    throw new InvalidOptionError({ option: 'thesaurus.expand', value: expand, expected: "'unmatched', 'all' or a number of tools ≥ 0" });
  }
  return { thesaurus: given.source ?? shippedThesaurus(), weight, maxNeighbours, minSimilarity, expand };
}
