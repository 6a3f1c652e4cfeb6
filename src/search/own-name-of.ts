/** The `mcp__<server>__` prefix of an MCP client's tool name (Claude Code's and `canonicalMcpToolName`'s convention). */
const MCP_PREFIX = /^mcp__.+?__(?=[\p{L}\p{N}])/u;

/**
 * The part of a canonical name that names the tool itself, whose words a ranker indexes as name
 * words: the name without an `mcp__<server>__` prefix (`mcp__github__create_issue` →
 * `create_issue`), else the name as it is. The server is the tool's group, indexed as such;
 * repeated in every name it would only dilute the words that tell its tools apart.
 */
export function ownNameOf(name: string): string {
  return name.startsWith('mcp__') ? name.replace(MCP_PREFIX, '') : name;
}
