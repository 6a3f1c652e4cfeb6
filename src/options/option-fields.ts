import { z } from 'zod';

/**
 * The building blocks of turnscope's option schemas (zod v4): each field carries the text
 * `parseOptions` puts after "expected" in an InvalidOptionError, so every message says what is
 * accepted.
 */

/** An object with exactly these keys (`z.strictObject`): another key is a typo, named as such by parseOptions. */
export function strictOptions<Shape extends z.core.$ZodLooseShape>(shape: Shape, expected = 'an object') {
  return z.strictObject(shape, { error: (issue) => (issue.code === 'invalid_type' ? expected : undefined) });
}

/** A whole number from `min` to `max`, else `expected`. */
export function wholeNumber(expected: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.number({ error: expected }).int({ error: expected }).min(min, { error: expected }).max(max, { error: expected });
}

/** A function (not called while parsing). */
export function functionOption<Fn extends (...args: never[]) => unknown>(expected = 'a function') {
  return z.custom<Fn>((value) => typeof value === 'function', { error: expected });
}

/** An object with these methods (a journal, an artifact store, a telemetry sink). */
export function withMethods<Value>(methods: readonly string[], expected: string) {
  return z.custom<Value>(
    (value) => value !== null && typeof value === 'object' && methods.every((method) => typeof (value as Record<string, unknown>)[method] === 'function'),
    { error: expected },
  );
}

/** Anything: a value another stage checks with its own messages (the catalog checks `tools`, `groups`, …). */
export function checkedElsewhere<Value>() {
  return z.custom<Value>(() => true).optional();
}

/**
 * A name-keyed record (tool name → milliseconds, group → description): a plain object, each own
 * value parsed by `value`, out as a frozen null-prototype copy. Unlike `z.record`, a key
 * `__proto__` (an own key, as `JSON.parse` makes) stays a key like any other.
 */
export function nameKeyedRecord<Value extends z.ZodType>(value: Value, expected: string) {
  return z
    .custom<Readonly<Record<string, unknown>>>((record) => record !== null && typeof record === 'object' && !Array.isArray(record), { error: expected })
    .transform((record, context) => {
      const copy = Object.create(null) as Record<string, z.output<Value>>;
      for (const [key, entry] of Object.entries(record)) {
        const parsed = value.safeParse(entry);
        if (parsed.success) copy[key] = parsed.data;
        else for (const issue of parsed.error.issues) context.addIssue({ ...issue, path: [key, ...issue.path] } as Parameters<typeof context.addIssue>[0]);
      }
      return Object.freeze(copy) as Readonly<Record<string, z.output<Value>>>;
    });
}
