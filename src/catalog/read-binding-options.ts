import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { readOption, readOptionData } from '../options/read-option-data.js';
import type { ToolCatalogOptions } from './create-tool-catalog.js';

/** How many levels of each binding option are plain data to copy: `tools` only its record (the tools themselves are the caller's objects). */
const DEPTHS = { tools: 1, groups: 2, sources: 1, aliases: 2, direct: 1, hints: 2, availability: 0, inventory: 2 } as const satisfies Record<keyof ToolCatalogOptions, number>;

/**
 * The binding options as plain data read once (`readOptionData`): every later check and use
 * reads this copy, so a getter or Proxy trap that throws is an {@link InvalidOptionError} naming
 * the option path (`hints.ship`, `groups.github[0]`), and a value cannot change between its
 * check and its use, nor hide from it as a non-enumerable key. Keys the catalog does not know
 * are not copied (the runtime's own schema names them).
 *
 * @throws {InvalidOptionError} `options` is not an object, or reading one of its binding options threw.
 */
export function readBindingOptions(options: ToolCatalogOptions): ToolCatalogOptions {
  if (options === null || typeof options !== 'object') {
    throw new InvalidOptionError({ option: 'options', value: options, expected: 'an object with at least `tools`' });
  }
  const read = Object.create(null) as Record<string, unknown>;
  for (const [key, depth] of Object.entries(DEPTHS)) {
    const value = readOptionData(
      readOption(key, () => (options as unknown as Record<string, unknown>)[key]),
      key,
      depth,
    );
    if (value !== undefined) read[key] = value;
  }
  return read as unknown as ToolCatalogOptions;
}
