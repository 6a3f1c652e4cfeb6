import { describeThrown } from '../errors/describe-thrown.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { TurnscopeError } from '../errors/turnscope-error.js';

/**
 * A copy of an option's plain data, taken once, so what is checked is what is used: plain
 * objects (prototype `Object.prototype` or `null`) become null-prototype records of their own
 * enumerable string keys, in the same order (a `__proto__` key is an ordinary key), arrays become
 * arrays, `depth` levels down; anything else (a primitive, a function, a Map, a class instance,
 * a level below `depth`) is kept as it is, for the option's own check to accept or refuse.
 * A getter that answers differently on each read, or a non-enumerable key the check would not
 * see, cannot slip past it.
 *
 * @param option the option's name in messages (`hints`, `groups.github`); `''` for the options
 *   object itself (its keys are then named alone: `tools`, not `.tools`).
 * @param depth how many levels to copy: `1` copies the object itself, `2` also its values.
 * @throws {InvalidOptionError} reading a key threw (a getter, a Proxy trap, a revoked Proxy):
 *   names the option path read (`hints.ship.alwaysLoad`) and what was thrown.
 */
export function readOptionData(value: unknown, option: string, depth: number): unknown {
  return copy(value, option, depth);
}

/**
 * `get()`'s answer, or an {@link InvalidOptionError} naming `option` when it throws (a turnscope
 * error it throws, such as a check's own `InvalidOptionError`, is rethrown as it is).
 * @throws {InvalidOptionError}
 */
export function readOption<T>(option: string, get: () => T): T {
  try {
    return get();
  } catch (error) {
    // a check inside `get` that already names its option is kept as it is
    if (TurnscopeError.isInstance(error)) throw error;
    throw new InvalidOptionError({ option: option === '' ? 'options' : option, value: undefined, unreadable: describeThrown(error), expected: 'plain data (no getter or Proxy that throws when read)' });
  }
}

/** The largest length a JavaScript array can have. */
const MAX_ARRAY_LENGTH = 2 ** 32 - 1;

function copy(value: unknown, path: string, depth: number): unknown {
  if (depth <= 0 || value === null || typeof value !== 'object') return value;
  const read = readOption;
  if (read(path, () => Array.isArray(value))) {
    const array = value as readonly unknown[];
    const length = read(path, () => array.length);
    // only a Proxy can answer another length than an array has
    if (!Number.isSafeInteger(length) || length < 0 || length > MAX_ARRAY_LENGTH) {
      throw new InvalidOptionError({ option: path === '' ? 'options' : path, value: undefined, unreadable: `a length of ${String(length)}`, expected: 'plain data (an array whose length is a whole number)' });
    }
    return Array.from({ length }, (_, index) => copy(read(`${path}[${index}]`, () => array[index]), `${path}[${index}]`, depth - 1));
  }
  const prototype = read(path, () => Object.getPrototypeOf(value));
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = Object.create(null) as Record<string, unknown>;
  for (const key of read(path, () => Object.keys(value))) {
    const at = path === '' ? key : `${path}.${key}`;
    record[key] = copy(read(at, () => (value as Record<string, unknown>)[key]), at, depth - 1);
  }
  return record;
}
