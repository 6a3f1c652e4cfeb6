import { InvalidOptionError } from '../errors/invalid-option-error.js';

/**
 * `value` when it is a boolean, `undefined` when it is `undefined` (the default applies).
 *
 * @throws {InvalidOptionError} naming `option` for anything else (e.g. the string `'true'`).
 */
export function checkBoolean(option: string, value: unknown): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  throw new InvalidOptionError({ option, value, expected: 'true or false' });
}
