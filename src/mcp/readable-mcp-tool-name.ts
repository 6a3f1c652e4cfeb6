import { TOOL_NAME_PATTERN } from '../errors/invalid-tool-name-error.js';

/**
 * The readable canonical name of an MCP tool whose name uses a gateway's separators:
 * `mcp__<server>__<tool>` with every `.` and `/` of the tool name replaced by `_`
 * (`github.create_issue` on server `gateway` → `mcp__gateway__github_create_issue`), when that
 * is a name providers accept (at most 64 characters, `[a-zA-Z0-9_-]` only). `undefined` when the
 * tool name has other refused characters, the server key has any, or the result is too long:
 * then the hashed name of `canonicalMcpToolName` applies. `nameMcpTools` also falls back to the
 * hashed name when the readable one would be another tool's name.
 */
export function readableMcpToolName(options: { readonly server: string; readonly tool: string }): string | undefined {
  const name = `mcp__${options.server}__${options.tool.replace(/[./]/g, '_')}`;
  return TOOL_NAME_PATTERN.test(name) ? name : undefined;
}
