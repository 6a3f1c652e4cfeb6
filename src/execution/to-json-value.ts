/**
 * A plain JSON copy of `value`: what `JSON.parse(JSON.stringify(value))` gives, except that a
 * BigInt becomes the string `"42n"` and a value that is its own ancestor (a cycle) the string
 * `"[Circular]"` instead of an exception; `toJSON` is honoured, non-finite numbers become
 * `null`, functions, symbols and `undefined` are left out (`null` in an array). Objects come
 * back with no prototype, so a key like `__proto__` stays an ordinary key.
 *
 * @returns `undefined` for a value JSON leaves out (a function, a symbol, `undefined`).
 * @throws whatever reading `value` throws (a Proxy whose traps throw, a getter or `toJSON` that
 *   throws), or a `RangeError` for nesting deeper than the stack.
 */
export function toJsonValue(value: unknown): unknown {
  return copy(value, []);
}

function copy(value: unknown, ancestors: object[]): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return `${value.toString()}n`;
  if (typeof value !== 'object') return undefined;
  if (ancestors.includes(value)) return '[Circular]';
  ancestors.push(value);
  try {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') {
      const replaced: unknown = toJSON.call(value);
      if (replaced !== value) return copy(replaced, ancestors);
    }
    if (Array.isArray(value)) return value.map((item) => copy(item, ancestors) ?? null);
    const result = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(value)) {
      const item = copy((value as Record<string, unknown>)[key], ancestors);
      if (item !== undefined) result[key] = item;
    }
    return result;
  } finally {
    ancestors.pop();
  }
}
