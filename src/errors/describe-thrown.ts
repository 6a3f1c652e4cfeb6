import { toJsonValue } from '../execution/to-json-value.js';

/** Characters of a rendered non-Error value kept in a message. */
const MAX_RENDERED_CHARS = 500;

/**
 * A readable text for any thrown (or rejected) value; never throws (C4: a failure of a tool or
 * a callback is a tool result the model can read, whatever was thrown).
 *
 * - an `Error`, or any object with a non-empty string `message`: that message
 * - a string: itself (`''` → `(an empty message)`)
 * - a BigInt: its digits and `n` (`42n`); a Symbol: `Symbol(description)`; other primitives: `String(value)`
 * - an object whose own `toString` gives more than `[object …]`: that text
 * - another object: its JSON (BigInts as `42n`, cycles as `"[Circular]"`), cut to 500 characters
 * - a value none of these can read (a revoked Proxy, traps or getters that throw,
 *   `Object.create(null)` with nothing in it): a sentence saying what it is
 */
export function describeThrown(value: unknown): string {
  try {
    switch (typeof value) {
      case 'string':
        return value === '' ? '(an empty message)' : value;
      case 'bigint':
        return `${value.toString()}n`;
      case 'symbol':
        return value.toString();
      case 'number':
      case 'boolean':
      case 'undefined':
        return String(value);
      default:
        break;
    }
  } catch {
    return 'a value that cannot be shown as text';
  }
  if (value === null) return 'null';
  const message = attempt(() => (value as { message?: unknown }).message);
  if (typeof message === 'string' && message !== '') return message;
  if (typeof value === 'function') {
    const name = attempt(() => (value as { name?: unknown }).name);
    return typeof name === 'string' && name !== '' ? `a function (${name})` : 'a function';
  }
  const text = attempt(() => String(value));
  if (typeof text === 'string' && text !== '' && !/^\[object [^\]]*\]$/.test(text)) return cut(text);
  const json = attempt(() => JSON.stringify(toJsonValue(value)));
  if (typeof json === 'string' && json !== '{}' && json !== '[]') return cut(json);
  const name = attempt(() => (value as { name?: unknown }).name);
  if (typeof name === 'string' && name !== '') return `${name} with no message`;
  return json === '{}' || json === '[]' ? `an object with no message (${json})` : 'a value that cannot be shown as text (reading it threw)';
}

function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function cut(text: string): string {
  return text.length > MAX_RENDERED_CHARS ? `${text.slice(0, MAX_RENDERED_CHARS)}…` : text;
}
