import { InvalidOptionError } from '../errors/invalid-option-error.js';

/**
 * Checks that every key of an options object is a known option name, so a misspelled option
 * fails loudly instead of being ignored.
 *
 * @param options.prefix put before each name in messages (`'search.'`; `''` at the top level).
 * @param options.value the options object given.
 * @param options.known the option names it may have.
 * @param options.elsewhere option names that belong to another call (`names`), that call
 *   (`place`, e.g. `createToolSearchRuntime(options)`) and this one (`here`): such a key is
 *   named as misplaced, not as a typo. Default: none.
 * @throws {InvalidOptionError} for the first unknown key, naming the likely option when one is
 *   within two edits (case aside), else listing the known options.
 */
export function checkKnownKeys(options: {
  readonly prefix: string;
  readonly value: object;
  readonly known: readonly string[];
  readonly elsewhere?: { readonly names: readonly string[]; readonly place: string; readonly here: string };
}): void {
  const { prefix, value, known, elsewhere } = options;
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const given = (value as Record<string, unknown>)[key];
    if (elsewhere?.names.includes(key)) {
      throw new InvalidOptionError({ option: `${prefix}${key}`, value: given, expected: `\`${key}\` in ${elsewhere.place}, where it belongs, not in ${elsewhere.here}` });
    }
    const likely = known.find((name) => name.toLowerCase() === key.toLowerCase() || editDistance(name.toLowerCase(), key.toLowerCase()) <= 2);
    throw new InvalidOptionError({
      option: `${prefix}${key}`,
      value: given,
      expected: likely === undefined ? `one of the known options: ${known.map((name) => `${prefix}${name}`).join(', ')}` : `\`${prefix}${likely}\` (unknown option; a typo?)`,
    });
  }
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
