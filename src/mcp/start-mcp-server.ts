import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import type { ToolSet } from 'ai';
import { McpServerStartError } from './mcp-server-start-error.js';
import type { McpServerConfig } from './mcp-server-config.js';

/** A started MCP server: its connected client and the tools it listed, keyed by MCP name. */
export interface StartedMcpServer {
  readonly server: string;
  readonly client: MCPClient;
  /** The server's tools as AI SDK tools, keyed by the name the server lists, in its order. */
  readonly tools: ToolSet;
}

/**
 * Spawns one MCP server over stdio, runs the MCP handshake and lists its tools, all within
 * `timeoutMs` milliseconds. On any failure the child process is stopped before the error is
 * thrown, so a failed start leaves nothing running.
 *
 * @throws {McpServerStartError} the command could not be spawned (`spawn`), the handshake or
 *   listing failed (`handshake`), `timeoutMs` passed (`timeout`), or `abortSignal` fired (`aborted`).
 */
export async function startMcpServer(options: {
  server: string;
  config: McpServerConfig;
  timeoutMs: number;
  abortSignal?: AbortSignal;
}): Promise<StartedMcpServer> {
  const { server, config, timeoutMs, abortSignal } = options;
  const commandLine = [config.command, ...(config.args ?? [])];
  const transport = new StdioMCPTransport({
    command: config.command,
    args: [...(config.args ?? [])],
    ...(config.env === undefined ? {} : { env: { ...config.env } }),
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
    stderr: config.stderr ?? 'ignore',
  });

  const stop = new AbortController();
  let stopReason: 'timeout' | 'aborted' | undefined;
  const stopWith = (reason: 'timeout' | 'aborted') => {
    stopReason ??= reason;
    stop.abort();
  };
  const timer = setTimeout(() => stopWith('timeout'), timeoutMs);
  const onAbort = () => stopWith('aborted');
  if (abortSignal?.aborted) onAbort();
  abortSignal?.addEventListener('abort', onAbort, { once: true });

  let client: MCPClient | undefined;
  const work = (async () => {
    client = await createMCPClient({ transport, initializationOptions: { signal: stop.signal } });
    const tools: ToolSet = await client.tools();
    return { server, client, tools };
  })();

  try {
    return await untilAborted(work, stop.signal);
  } catch (error) {
    // A start that finishes after the deadline must not leave its child running.
    work.then((late) => late.client.close(), () => undefined).catch(() => undefined);
    await Promise.allSettled([(client as MCPClient | undefined)?.close(), transport.close()]);
    const reason = stopReason ?? (isSpawnError(error) ? 'spawn' : 'handshake');
    throw new McpServerStartError({
      server,
      command: commandLine,
      reason,
      detail: reason === 'timeout' ? `no answer within ${timeoutMs} ms` : messageOf(error),
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    abortSignal?.removeEventListener('abort', onAbort);
  }
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function isSpawnError(error: unknown): boolean {
  const syscall = (error as { syscall?: unknown } | null)?.syscall;
  return typeof syscall === 'string' && syscall.startsWith('spawn');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
