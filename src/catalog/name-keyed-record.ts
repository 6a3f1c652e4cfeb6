/**
 * A record keyed by tool (or group, or server) names, built with no prototype, so every name
 * is an ordinary own key: `__proto__` is stored like any other name (on a `{}` it would set the
 * prototype and vanish), and `constructor` or `toString` never read as inherited functions (C2,
 * C3). `Object.keys`, `Object.entries`, `JSON.stringify` and the AI SDK (which reads tool sets
 * with `Object.entries` and own-key lookups) all see every name.
 *
 * @param entries `[name, value]` pairs in the order the keys should have; a later pair for the
 *   same name replaces the earlier value (keeping the first position), as `Object.fromEntries`.
 * @returns a mutable null-prototype object; freeze it if it must not change.
 */
export function nameKeyedRecord<T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> {
  const record = Object.create(null) as Record<string, T>;
  // on an object without a prototype there is no inherited `__proto__` setter: assignment defines an own key
  for (const [name, value] of entries) record[name] = value;
  return record;
}
