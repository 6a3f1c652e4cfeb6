import { createHash } from 'node:crypto';
import { TOOL_NAME_PATTERN } from '../errors/invalid-tool-name-error.js';

/** Characters of the sha256 hex digest appended to a shortened name. */
const HASH_CHARS = 8;

/**
 * The canonical name of an MCP tool: `mcp__<server>__<tool>`.
 *
 * When that name would be refused by providers (longer than 64 characters, or characters
 * outside `[a-zA-Z0-9_-]`), it is shortened deterministically: the name with every refused
 * character replaced by `_`, cut to 55 characters, then `_` and the first 8 hex characters
 * of the sha256 of the full unshortened name (64 characters at most). The same server and
 * tool always give the same name; two different full names shorten to different names
 * unless their sha256 prefixes collide.
 *
 * `nameMcpTools` tries the readable name of a gateway tool (`readableMcpToolName`) first.
 *
 * @param options.server the server's key in `bindMcpTools({ servers })`.
 * @param options.tool the tool name as the server lists it.
 * @returns a name matching `^[a-zA-Z0-9_-]{1,64}$`.
 */
export function canonicalMcpToolName(options: { server: string; tool: string }): string {
  const fullName = `mcp__${options.server}__${options.tool}`;
  if (TOOL_NAME_PATTERN.test(fullName)) return fullName;
  const hash = createHash('sha256').update(fullName).digest('hex').slice(0, HASH_CHARS);
  const prefix = fullName.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64 - 1 - HASH_CHARS);
  return `${prefix}_${hash}`;
}
