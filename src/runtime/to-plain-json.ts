/** A JSON value: what `JSON.parse` returns. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * `value` as plain JSON (what `JSON.parse(JSON.stringify(value))` would give, without its
 * failures): bytes (`Uint8Array`, `Buffer`, `ArrayBuffer`) become base64 strings (what the AI
 * SDK accepts as file data), a BigInt its decimal string, an `Error` `{ name, message }`, a
 * reference back to an object being converted `"[Circular]"`; functions, symbols and
 * `undefined` are dropped as `JSON.stringify` drops them, and a non-finite number is `null`.
 * A value shared by several places (not a cycle) is copied to each. Never throws: when a
 * `toJSON` or a getter inside throws, the whole result is the string `"[unserialisable]"`.
 */
export function toPlainJson(value: unknown): JsonValue {
  const ancestors: object[] = [];
  function replacer(this: unknown, key: string, converted: unknown): unknown {
    const raw: unknown = key === '' && ancestors.length === 0 ? value : (this as Record<string, unknown>)[key];
    if (typeof raw === 'bigint') return raw.toString();
    if (raw instanceof Uint8Array) return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64');
    if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('base64');
    if (raw instanceof Error) return { name: raw.name, message: raw.message };
    if (typeof converted !== 'object' || converted === null) return converted;
    while (ancestors.length > 0 && ancestors[ancestors.length - 1] !== this) ancestors.pop();
    if (ancestors.includes(converted)) return '[Circular]';
    ancestors.push(converted);
    return converted;
  }
  try {
    const text = JSON.stringify(value, replacer);
    return text === undefined ? null : (JSON.parse(text) as JsonValue);
  } catch {
    return '[unserialisable]';
  }
}
