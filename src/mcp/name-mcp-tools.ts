import { canonicalMcpToolName } from './canonical-mcp-tool-name.js';
import { McpToolNameCollisionError, type McpToolOrigin } from './mcp-tool-name-collision-error.js';

/** An MCP tool with the canonical name it is bound under. */
export interface NamedMcpTool extends McpToolOrigin {
  /** `mcp__<server>__<tool>`, shortened when needed (see {@link canonicalMcpToolName}). */
  readonly canonicalName: string;
}

/**
 * Gives every listed MCP tool its canonical name, in the order given (servers, then each
 * server's listing order).
 *
 * @param listings each server's key and the tool names it listed.
 * @throws {McpToolNameCollisionError} two tools map to one canonical name.
 */
export function nameMcpTools(
  listings: readonly { readonly server: string; readonly tools: readonly string[] }[],
): NamedMcpTool[] {
  const claimed = new Map<string, McpToolOrigin>();
  const named: NamedMcpTool[] = [];
  for (const { server, tools } of listings) {
    for (const tool of tools) {
      const canonicalName = canonicalMcpToolName({ server, tool });
      const first = claimed.get(canonicalName);
      if (first !== undefined) {
        throw new McpToolNameCollisionError({ canonicalName, first, second: { server, tool } });
      }
      claimed.set(canonicalName, { server, tool });
      named.push({ canonicalName, server, tool });
    }
  }
  return named;
}
