import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { checkOptionKeys } from './check-option-keys.js';
import type { HybridRankerOptions } from './hybrid-ranker-options.js';

const TOP_KEYS: readonly string[] = ['boosts', 'weights', 'maxQueryTerms', 'minPrefixChars', 'maxTypoTerms', 'typoWeight', 'bm25', 'combine', 'synonymWeight', 'verbConflictWeight', 'thesaurus'] satisfies readonly (keyof HybridRankerOptions)[];
const BOOST_KEYS: readonly string[] = ['name', 'description', 'parameterNames', 'parameterDescriptions', 'group'];
const WEIGHT_KEYS: readonly string[] = ['bm25', 'nameCoverage', 'queryCoverage'];
const BM25_KEYS: readonly string[] = ['k', 'b', 'd'];

/**
 * Checks {@link HybridRankerOptions} other than `thesaurus` (resolveThesaurusExpansion checks that)
 * before the index is built, so a mistake throws instead of silently changing or emptying every
 * ranking (`maxQueryTerms: -1` ranked nothing, `weights.bm25: -1` gave negative scores, a
 * `bm25.k` of `NaN` dropped BM25): no unknown key (`synonymweight`, `__proto__`), every number
 * finite and not a string; `boosts.*`, `weights.*`, `typoWeight`, `synonymWeight`,
 * `verbConflictWeight`, `bm25.k` and `bm25.d` ≥ 0; `bm25.b` 0–1 and all three of `k`, `b`, `d`
 * given; `maxQueryTerms` a whole number ≥ 1; `minPrefixChars`, `maxTypoTerms` whole numbers ≥ 0;
 * `combine` `'bm25f'` or `'minisearch'`. `undefined` fields are their defaults.
 *
 * @throws {InvalidOptionError} the first option that breaks one of these, named as `boosts.name` etc.
 */
export function validateHybridRankerOptions(options: HybridRankerOptions): void {
  if (options === null || typeof options !== 'object') throw new InvalidOptionError({ option: 'options', value: options, expected: 'an object of hybrid ranker options, or nothing for the defaults' });
  checkOptionKeys('options', options, TOP_KEYS);
  checkGroup('boosts', options.boosts, BOOST_KEYS, (value) => value >= 0, 'a finite number ≥ 0 (0 leaves the field out)');
  checkGroup('weights', options.weights, WEIGHT_KEYS, (value) => value >= 0, 'a finite number ≥ 0');
  if (options.bm25 !== undefined) {
    checkGroup('bm25', options.bm25, BM25_KEYS, (value) => value >= 0, 'a finite number ≥ 0 (give k, b and d together)');
    const { k, b, d } = options.bm25 as { k?: unknown; b?: unknown; d?: unknown };
    if (!(isFiniteNumber(k) && k >= 0)) throw new InvalidOptionError({ option: 'bm25.k', value: k, expected: 'a finite number ≥ 0 (give k, b and d together)' });
    if (!(isFiniteNumber(b) && b >= 0 && b <= 1)) throw new InvalidOptionError({ option: 'bm25.b', value: b, expected: 'a number from 0 to 1 (give k, b and d together)' });
    if (!(isFiniteNumber(d) && d >= 0)) throw new InvalidOptionError({ option: 'bm25.d', value: d, expected: 'a finite number ≥ 0 (give k, b and d together)' });
  }
  checkWhole('maxQueryTerms', options.maxQueryTerms, 1);
  checkWhole('minPrefixChars', options.minPrefixChars, 0);
  checkWhole('maxTypoTerms', options.maxTypoTerms, 0);
  for (const option of ['typoWeight', 'synonymWeight', 'verbConflictWeight'] as const) {
    const value: unknown = options[option];
    if (value !== undefined && !(isFiniteNumber(value) && value >= 0)) throw new InvalidOptionError({ option, value, expected: 'a finite number ≥ 0 (0 turns it off)' });
  }
  if (options.combine !== undefined && options.combine !== 'bm25f' && options.combine !== 'minisearch') {
    throw new InvalidOptionError({ option: 'combine', value: options.combine, expected: "'bm25f' or 'minisearch'" });
  }
}

function checkGroup(prefix: string, group: unknown, known: readonly string[], inRange: (value: number) => boolean, expected: string): void {
  if (group === undefined) return;
  if (group === null || typeof group !== 'object' || Array.isArray(group)) throw new InvalidOptionError({ option: prefix, value: group, expected: `an object with some of ${known.join(', ')}` });
  checkOptionKeys(prefix, group, known);
  for (const [key, value] of Object.entries(group)) {
    if (value !== undefined && !(isFiniteNumber(value) && inRange(value))) throw new InvalidOptionError({ option: `${prefix}.${key}`, value, expected });
  }
}

function checkWhole(option: string, value: unknown, min: number): void {
  if (value !== undefined && !(Number.isInteger(value) && (value as number) >= min)) throw new InvalidOptionError({ option, value, expected: `a whole number ≥ ${min}` });
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
