import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { likelyOption } from '../options/likely-option.js';

/**
 * Checks that every key of an options object is a known option name, so a misspelled option
 * fails loudly instead of being ignored. For the keys of name-keyed records of options (a
 * profile, a profile's override), whose names are data; the inputs themselves are parsed by
 * their strict schemas (parseOptions).
 *
 * @param options.prefix put before each name in messages (`'profiles.p.'`).
 * @param options.value the options object given.
 * @param options.known the option names it may have.
 * @throws {InvalidOptionError} for the first unknown key, naming the likely option when one is
 *   within two edits (case aside), else listing the known options.
 */
export function checkKnownKeys(options: { readonly prefix: string; readonly value: object; readonly known: readonly string[] }): void {
  const { prefix, value, known } = options;
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const likely = likelyOption(key, known);
    throw new InvalidOptionError({
      option: `${prefix}${key}`,
      value: (value as Record<string, unknown>)[key],
      expected: likely === undefined ? `one of the known options: ${known.map((name) => `${prefix}${name}`).join(', ')}` : `\`${prefix}${likely}\` (unknown option; a typo?)`,
    });
  }
}
