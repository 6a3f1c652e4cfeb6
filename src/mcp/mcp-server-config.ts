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
