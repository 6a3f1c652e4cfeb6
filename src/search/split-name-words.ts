/**
 * Splits a canonical name into lowercase words on `_`, `-`, `.` and camelCase boundaries:
 * `mcp__filesystem__readFile` → `['mcp', 'filesystem', 'read', 'file']`.
 */
export function splitNameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.\-]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}
