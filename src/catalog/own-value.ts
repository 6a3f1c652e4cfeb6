/**
 * The value a name-keyed record holds under `name` as its own key, or `undefined` when it holds
 * none: never an inherited member such as `Object.prototype.constructor` or `toString`, and the
 * record's own `__proto__` entry when there is one (C2, C3).
 *
 * @param record any object (a plain `{}`, a null-prototype record, JSON); `undefined` gives `undefined`.
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
}
