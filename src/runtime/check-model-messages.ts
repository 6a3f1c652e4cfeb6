import { assistantModelMessageSchema, systemModelMessageSchema, toolModelMessageSchema, userModelMessageSchema, type ModelMessage } from 'ai';
import { InvalidOptionError } from '../errors/invalid-option-error.js';

const SCHEMAS = new Map<unknown, { readonly name: string; readonly schema: { safeParse(value: unknown): { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[] }[] } } } }>([
  ['system', { name: 'systemModelMessageSchema', schema: systemModelMessageSchema }],
  ['user', { name: 'userModelMessageSchema', schema: userModelMessageSchema }],
  ['assistant', { name: 'assistantModelMessageSchema', schema: assistantModelMessageSchema }],
  ['tool', { name: 'toolModelMessageSchema', schema: toolModelMessageSchema }],
]);

/**
 * Checks a turn's starting transcript against the AI SDK's own message schemas (ai's
 * `systemModelMessageSchema`, `userModelMessageSchema`, `assistantModelMessageSchema`,
 * `toolModelMessageSchema`, by role), before anything of the turn runs: `streamText` in ai 7 does
 * not check its `messages`, so a bad part (an unknown part `type`, `null`, a message without
 * `content`) would fail the provider request with a `TypeError` after the answering step had
 * already run an approved call (C27). `messages` are the ones the turn starts with (after
 * collectCallAnswers took out the answers it settles: an invalid client output there is that
 * call's `rejected-answer`, not an error here); `given` are the caller's, to name the message
 * and part by their index there (a message or part collectCallAnswers rewrote is found by
 * identity; else its index in `messages`). A value the schema cannot read (a cycle in
 * `providerOptions`, a getter that throws) is refused the same way.
 *
 * @throws {InvalidOptionError} naming `messages[i]` (or `messages[i].content[j]`), what was
 *   wrong, and the schema that refused it.
 */
export function checkModelMessages(messages: readonly ModelMessage[], given: readonly ModelMessage[]): void {
  for (const [index, message] of messages.entries()) {
    const role = readRole(message);
    const entry = SCHEMAS.get(role);
    const at = indexIn(given, message) ?? index;
    if (entry === undefined) {
      throw new InvalidOptionError({ option: `messages[${at}]`, value: message, expected: `an AI SDK ModelMessage with role "system", "user", "assistant" or "tool" (its role is ${describeRole(role)})` });
    }
    let parsed: ReturnType<typeof entry.schema.safeParse>;
    try {
      parsed = entry.schema.safeParse(message);
    } catch {
      throw new InvalidOptionError({ option: `messages[${at}]`, value: message, expected: `an AI SDK ${String(role)} message of plain data, as ai's ${entry.name} reads it (reading it failed: a cycle, or a getter that throws)` });
    }
    if (parsed.success) continue;
    const path = parsed.error?.issues[0]?.path ?? [];
    const content = (message as { content?: unknown }).content as unknown[] | undefined;
    // content is a union (text or parts): zod names no part, so the first part refused alone is the one
    const bad = path[0] !== 'content' || !Array.isArray(content) ? -1 : typeof path[1] === 'number' ? path[1] : firstBadPart(entry.schema, message, content);
    if (bad >= 0) {
      const part: unknown = content![bad];
      const partAt = partIndexIn(given, part);
      const option = partAt === undefined ? `messages[${at}].content[${bad}]` : `messages[${partAt.message}].content[${partAt.part}]`;
      throw new InvalidOptionError({ option, value: part, expected: `a part of an AI SDK ${String(role)} message, as ai's ${entry.name} reads it (${describePart(part)} is not one)` });
    }
    throw new InvalidOptionError({ option: `messages[${at}]`, value: message, expected: `an AI SDK ${String(role)} message, as ai's ${entry.name} reads it (its ${path.length === 0 ? 'shape' : path.map(String).join('.')} is not)` });
  }
}

function firstBadPart(schema: { safeParse(value: unknown): { success: boolean } }, message: unknown, content: readonly unknown[]): number {
  return content.findIndex((part) => !schema.safeParse({ ...(message as object), content: [part] }).success);
}

function readRole(message: unknown): unknown {
  try {
    return message !== null && typeof message === 'object' ? (message as { role?: unknown }).role : undefined;
  } catch {
    return undefined;
  }
}

function describeRole(role: unknown): string {
  return typeof role === 'string' ? JSON.stringify(role.length > 40 ? `${role.slice(0, 40)}…` : role) : role === undefined ? 'missing' : typeof role;
}

function describePart(part: unknown): string {
  if (part === null || typeof part !== 'object') return `a ${part === null ? 'null' : typeof part}`;
  let type: unknown;
  try {
    type = (part as { type?: unknown }).type;
  } catch {
    type = undefined;
  }
  return typeof type === 'string' ? `a part of type ${JSON.stringify(type.length > 40 ? `${type.slice(0, 40)}…` : type)} with these fields` : 'a part without a string type';
}

function indexIn(given: readonly ModelMessage[], message: unknown): number | undefined {
  const index = given.indexOf(message as ModelMessage);
  return index < 0 ? undefined : index;
}

function partIndexIn(given: readonly ModelMessage[], part: unknown): { readonly message: number; readonly part: number } | undefined {
  if (part === null || typeof part !== 'object') return undefined;
  for (const [index, message] of given.entries()) {
    const content = (message as { content?: unknown } | null)?.content;
    if (!Array.isArray(content)) continue;
    const at = content.indexOf(part);
    if (at >= 0) return { message: index, part: at };
  }
  return undefined;
}
