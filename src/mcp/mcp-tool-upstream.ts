/** A gateway tool name split into the upstream server it names and the tool's own name. */
export interface McpToolUpstream {
  /** The upstream server the name starts with: `github` of `github.create_issue`. */
  readonly upstream: string;
  /** The rest of the name: `create_issue`. */
  readonly tool: string;
}

/** An upstream label, then `.` or `/`, then the rest (the first separator splits). */
const GATEWAY_NAME = /^([A-Za-z0-9_-]{1,64})[./](.+)$/s;

/**
 * The upstream server an MCP tool's name carries, as MCP gateways and proxies name the tools of
 * the servers behind them: `github.create_issue` and `github/create_issue` are `create_issue` of
 * `github`. The upstream is the part before the first `.` or `/` (letters, digits, `_`, `-`;
 * 1–64 characters) and the tool is everything after it (non-empty). `undefined` for any other
 * name (`create_issue`, `.hidden`, `github.`).
 */
export function mcpToolUpstream(tool: string): McpToolUpstream | undefined {
  const match = GATEWAY_NAME.exec(tool);
  if (match === null) return undefined;
  return { upstream: match[1]!, tool: match[2]! };
}
