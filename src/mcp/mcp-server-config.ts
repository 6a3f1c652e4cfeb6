import type { MCPClient } from '@ai-sdk/mcp';

/**
 * How to start one MCP server over stdio. The server is a child process speaking MCP
 * (newline-delimited JSON-RPC) on its stdin and stdout.
 */
export interface McpServerConfig {
  /** The executable: an absolute path, or a name looked up on `PATH`. No shell is involved. */
  readonly command: string;
  /** Arguments passed to `command`. Default `[]`. */
  readonly args?: readonly string[];
  /**
   * Extra environment variables. The child gets these plus `HOME`, `LOGNAME`, `PATH`, `SHELL`,
   * `TERM` and `USER` from this process (the `@ai-sdk/mcp` stdio defaults), nothing else.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** Working directory of the child. Default: this process's working directory. */
  readonly cwd?: string;
  /**
   * Where the child's stderr goes: `'ignore'` (default, keeps a CLI's output clean) or
   * `'inherit'` (this process's stderr, to debug a server that fails to start).
   */
  readonly stderr?: 'ignore' | 'inherit';
}

/**
 * An MCP client the caller already created with `@ai-sdk/mcp`'s `createMCPClient` (over any
 * transport: stdio, SSE, streamable HTTP, in-memory), to bind its tools like a started
 * server's.
 */
export interface McpClientConfig {
  /** The connected client; `bindMcpTools` lists its tools with `client.tools()`. */
  readonly client: Pick<MCPClient, 'tools' | 'close'>;
  /**
   * `false` (default): `BoundMcpTools.close()` closes this client too, as it does the servers
   * it started — and so does a failed `bindMcpTools`. `true`: the caller keeps it open and
   * closes it.
   */
  readonly keepOpen?: boolean;
}
