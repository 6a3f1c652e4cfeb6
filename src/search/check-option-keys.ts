import { InvalidOptionError } from '../errors/invalid-option-error.js';

/**
 * Throws on an own key of `given` that is not in `known` (`wordpieces`, `__proto__` from
 * JSON.parse), naming the option as `${prefix}.${key}` and the key it was likely meant to be
 * (same letters, other case), else every known key.
 *
 * @throws {InvalidOptionError} an unknown key.
 */
export function checkOptionKeys(prefix: string, given: object, known: readonly string[]): void {
  for (const key of Object.keys(given)) {
    if (known.includes(key)) continue;
    const close = known.find((name) => name.toLowerCase() === key.toLowerCase());
    throw new InvalidOptionError({
      option: `${prefix}.${key}`,
      value: (given as Record<string, unknown>)[key],
      expected: close === undefined ? `one of the known options: ${known.map((name) => `${prefix}.${name}`).join(', ')}` : `\`${prefix}.${close}\` (unknown key; a typo?)`,
    });
  }
}
