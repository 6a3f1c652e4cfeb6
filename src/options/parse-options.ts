import type { z } from 'zod';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { describeThrown } from '../errors/describe-thrown.js';
import { TurnscopeError } from '../errors/turnscope-error.js';
import { likelyOption } from './likely-option.js';
import { readOptionData } from './read-option-data.js';

type Path = readonly PropertyKey[];

/** Where the input being parsed comes from, for the messages of {@link parseOptions}. */
export interface OptionsContext {
  /** The option named when the input itself is wrong (not an object): `'options'`, `'send(input)'`, `'codeMode'`. */
  readonly root: string;
  /** Put before every option name in messages: `'codeMode'` when that object is parsed alone. Default: none. */
  readonly prefix?: string;
  /**
   * Top-level names that belong to another call (`names`), that call (`place`, e.g.
   * `send(input)`) and this one (`here`): such a key is named as misplaced, not as a typo.
   */
  readonly elsewhere?: { readonly names: readonly string[]; readonly place: string; readonly here: string };
  /**
   * Names refused on purpose, with why and what to use instead (e.g. the AI SDK's `activeTools`),
   * by dotted path (`timeout.totalMs` for a key inside an option). A top-level name that is also
   * in `elsewhere` is named as misplaced and refused there both.
   */
  readonly refused?: ReadonlyMap<string, string>;
}

/**
 * Parses `value` with `schema` (built with `z.strictObject`, see option-fields.ts) and returns
 * its output, or throws the first problem as an {@link InvalidOptionError}: the option's dotted
 * path (`timeout.toolMs`, `telemetry[0]`), the value given, and what is accepted (the schema's
 * error message). An unknown key is reported before any other problem, with the likely key when
 * one is within two edits (`timeout.toolMS` → `timeout.toolMs`), else the list of known keys;
 * a key of `context.elsewhere` is named as misplaced, one of `context.refused` with its reason (both for a key in both). Keys such as `__proto__` (an own key, as
 * `JSON.parse` makes) or `constructor` are unknown keys like any other.
 *
 * @throws {InvalidOptionError}
 */
export function parseOptions<Schema extends z.ZodType>(schema: Schema, value: unknown, context: OptionsContext): z.output<Schema> {
  const parsed = safeParseReadable(schema, value, context);
  if (parsed.success) return parsed.data;
  const issues = flatten(parsed.error.issues, []);
  const issue = issues.find((candidate) => candidate.code === 'unrecognized_keys') ?? issues[0]!;
  const prefix: Path = context.prefix === undefined ? [] : [context.prefix];
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    const option = nameOf([...prefix, ...issue.path, key]);
    const given = ownValueAt(value, [...issue.path, key]);
    const refusal = context.refused?.get(nameOf([...issue.path, key]));
    if (issue.path.length === 0 && context.elsewhere?.names.includes(key)) {
      const { place, here } = context.elsewhere;
      const asAiSetting = refusal === undefined ? '' : `; as ai's \`${key}\` it is refused: ${refusal}`;
      throw new InvalidOptionError({ option, value: given, expected: `\`${key}\` in ${place}, where it belongs, not in ${here}${asAiSetting}` });
    }
    if (refusal !== undefined) throw new InvalidOptionError({ option, value: given, expected: `no \`${option}\` (refused: ${refusal})` });
    const known = knownKeysAt(schema, issue.path);
    const likely = likelyOption(key, known);
    const base = nameOf([...prefix, ...issue.path]);
    const full = (name: string) => (base === '' ? name : `${base}.${name}`);
    throw new InvalidOptionError({
      option,
      value: given,
      expected: likely === undefined ? `one of the known options: ${known.map(full).join(', ')}` : `\`${full(likely)}\` (unknown option; a typo?)`,
    });
  }
  const path = [...prefix, ...issue.path];
  throw new InvalidOptionError({ option: path.length === 0 ? context.root : nameOf(path), value: ownValueAt(value, issue.path), expected: issue.message });
}

/** How deep the options are walked to find the one whose reading threw. */
const UNREADABLE_SEARCH_DEPTH = 4;

/**
 * `schema.safeParse(value)`, with a throw while zod reads the input (a getter or Proxy trap
 * that throws) turned into an {@link InvalidOptionError} naming the option whose reading threw
 * (found by reading the options again, `readOptionData`), else the root.
 */
function safeParseReadable<Schema extends z.ZodType>(schema: Schema, value: unknown, context: OptionsContext): z.ZodSafeParseResult<z.output<Schema>> {
  try {
    return schema.safeParse(value) as z.ZodSafeParseResult<z.output<Schema>>;
  } catch (error) {
    if (TurnscopeError.isInstance(error)) throw error;
    readOptionData(value, context.prefix ?? '', UNREADABLE_SEARCH_DEPTH);
    throw new InvalidOptionError({
      option: context.prefix ?? context.root,
      value: undefined,
      unreadable: describeThrown(error),
      expected: 'plain data (no getter or Proxy that throws when read)',
    });
  }
}

/** A union's issue replaced by the issues of the branch the value has the shape of (an object branch for an object). */
function flatten(issues: readonly z.core.$ZodIssue[], at: Path): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    const path = [...at, ...issue.path];
    if (issue.code !== 'invalid_union') return [{ ...issue, path } as z.core.$ZodIssue];
    const branch = issue.errors.find((branchIssues) => branchIssues.some((inner) => inner.path.length > 0 || inner.code === 'unrecognized_keys'));
    return branch === undefined ? [{ ...issue, path } as z.core.$ZodIssue] : flatten(branch, path);
  });
}

/** `a.b[0].c` for the path `['a', 'b', 0, 'c']`. */
function nameOf(path: Path): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`)).join('');
}

/** The value at `path`, through own properties only (a `__proto__` key reads its own value, never the prototype). */
function ownValueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    const descriptor = Object.getOwnPropertyDescriptor(current, key);
    current = descriptor === undefined ? undefined : descriptor.value;
  }
  return current;
}

/** The keys of the object schema at `path`, through optional, default, pipe, union and record wrappers. */
function knownKeysAt(schema: z.core.$ZodType, path: Path): string[] {
  let current: z.core.$ZodType | undefined = objectIn(schema);
  for (const key of path) {
    if (current === undefined) return [];
    const def = current._zod.def as { shape?: Record<string, z.core.$ZodType>; valueType?: z.core.$ZodType };
    const child = def.shape !== undefined ? (Object.hasOwn(def.shape, key) ? def.shape[key as string] : undefined) : def.valueType;
    current = child === undefined ? undefined : objectIn(child);
  }
  const shape = current === undefined ? undefined : (current._zod.def as { shape?: Record<string, z.core.$ZodType> }).shape;
  return shape === undefined ? [] : Object.keys(shape);
}

function objectIn(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType; options?: readonly z.core.$ZodType[] };
  if (def.type === 'object' || def.type === 'record') return schema;
  if (def.innerType !== undefined) return objectIn(def.innerType);
  if (def.type === 'pipe' && def.in !== undefined) return objectIn(def.in);
  if (def.type === 'union') return def.options?.map(objectIn).find((found) => found !== undefined);
  return undefined;
}
