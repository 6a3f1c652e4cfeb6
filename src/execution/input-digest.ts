import { createHash } from 'node:crypto';

/**
 * sha256 (hex) of `{ toolName, input }` as canonical JSON (object keys sorted, so key order
 * does not matter): what a journal entry must match to be replayed.
 */
export function inputDigest(toolName: string, input: unknown): string {
  return createHash('sha256').update(canonicalJson({ toolName, input })).digest('hex');
}

function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, item: unknown) =>
      item !== null && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : typeof item === 'bigint'
          ? `${item}n`
          : item,
    );
  } catch {
    // a cycle: no stable form, so a digest that matches nothing else
    return `unserialisable:${Math.random()}`;
  }
}
