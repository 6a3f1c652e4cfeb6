import { TurnscopeError } from '../errors/turnscope-error.js';

/**
 * An MCP server could not be started: its command failed to spawn, it exited or closed its
 * stdio before answering, the MCP handshake or the tool listing failed (for a given client:
 * its tool listing failed), it did not answer within `startTimeoutMs`, or the start was
 * aborted. Code `mcp-server-start-failed`.
 * Every server started by the same `bindMcpTools` call has been closed when this is thrown.
 * The underlying error is in `cause`.
 */
export class McpServerStartError extends TurnscopeError {
  /** The server's key in `bindMcpTools({ servers })`. */
  readonly server: string;
  /** The command line that was run: the command followed by its arguments; `[]` for a given client. */
  readonly command: readonly string[];
  /** What went wrong: `spawn`, `timeout`, `aborted` or `handshake` (anything after the spawn). */
  readonly reason: 'spawn' | 'timeout' | 'aborted' | 'handshake';

  constructor(options: {
    server: string;
    command: readonly string[];
    reason: 'spawn' | 'timeout' | 'aborted' | 'handshake';
    detail: string;
    cause?: unknown;
  }) {
    super({
      code: 'mcp-server-start-failed',
      message:
        `MCP server ${JSON.stringify(options.server)} failed to start (${options.reason}): ${options.detail}. ` +
        (options.command.length === 0
          ? `Client: the @ai-sdk/mcp client given as servers.${options.server}.client. ${clientHint(options.reason)}`
          : `Command: ${options.command.map(quote).join(' ')}. ${hint(options.reason)}`),
      cause: options.cause,
    });
    this.server = options.server;
    this.command = options.command;
    this.reason = options.reason;
  }
}

function hint(reason: McpServerStartError['reason']): string {
  switch (reason) {
    case 'spawn':
      return 'Check that the command exists and is executable (an absolute path, or on PATH).';
    case 'timeout':
      return 'Check that the command is an MCP server speaking stdio, or raise startTimeoutMs.';
    case 'aborted':
      return 'The caller aborted the start.';
    case 'handshake':
      return "Run the command by hand or set stderr: 'inherit' on the server to see its output.";
  }
}

function clientHint(reason: McpServerStartError['reason']): string {
  switch (reason) {
    case 'timeout':
      return 'Check that its server is running and answering, or raise startTimeoutMs.';
    case 'aborted':
      return 'The caller aborted the start.';
    default:
      return "Check the client's transport and that its server is running.";
  }
}

function quote(part: string): string {
  return /^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part);
}
