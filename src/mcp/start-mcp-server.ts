import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import type { ToolSet } from 'ai';
import { McpServerStartError } from './mcp-server-start-error.js';
import type { McpClientConfig, McpServerConfig } from './mcp-server-config.js';
import { describeThrown } from '../errors/describe-thrown.js';
import { raceAbort } from '../search/race-abort.js';

/** A started MCP server (or a given client): the tools it listed, and how to let it go. */
export interface StartedMcpServer {
  readonly server: string;
  /** The server's tools as AI SDK tools, keyed by the name the server lists, in its order. */
  readonly tools: ToolSet;
  /**
   * What the server says about itself: its `instructions` from the MCP handshake, else its
   * `serverInfo.description`, else its `serverInfo.title`; `undefined` when it says nothing.
   */
  readonly description: string | undefined;
  /**
   * Closes the client, which stops a started server's child process; a no-op for a given
   * client with `keepOpen: true`. Never rejects.
   */
  close(): Promise<void>;
}

/**
 * Starts one MCP server over stdio — spawn, MCP handshake, tool listing — or lists the tools
 * of a client the caller created, all within `timeoutMs` milliseconds. On any failure the
 * client is closed (its child process stopped) before the error is thrown, unless it is a
 * given client with `keepOpen: true`, so a failed start leaves nothing running.
 *
 * @throws {McpServerStartError} the command could not be spawned (`spawn`), the handshake or
 *   listing failed (`handshake`), `timeoutMs` passed (`timeout`), or `abortSignal` fired (`aborted`).
 */
export async function startMcpServer(options: {
  server: string;
  config: McpServerConfig | McpClientConfig;
  timeoutMs: number;
  abortSignal?: AbortSignal;
}): Promise<StartedMcpServer> {
  const { server, config } = options;
  if ('client' in config) {
    const { client } = config;
    const close = config.keepOpen === true ? () => Promise.resolve() : () => client.close().catch(() => undefined);
    return await withinDeadline({
      ...options,
      commandLine: [],
      work: async () => ({ server, tools: (await client.tools()) as ToolSet, description: describeServer(client as Partial<MCPClient>), close }),
      cleanUp: close,
    });
  }

  const transport = new StdioMCPTransport({
    command: config.command,
    args: [...(config.args ?? [])],
    ...(config.env === undefined ? {} : { env: { ...config.env } }),
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
    stderr: config.stderr ?? 'ignore',
  });
  let client: MCPClient | undefined;
  return await withinDeadline({
    ...options,
    commandLine: [config.command, ...(config.args ?? [])],
    work: async (signal) => {
      client = await createMCPClient({ transport, initializationOptions: { signal } });
      const started = client;
      const tools: ToolSet = await started.tools();
      return { server, tools, description: describeServer(started), close: () => started.close().catch(() => undefined) };
    },
    cleanUp: async () => {
      await Promise.allSettled([client?.close(), transport.close()]);
    },
  });
}

/**
 * Runs `work` until it settles, `timeoutMs` pass or `abortSignal` fires. On failure it runs
 * `cleanUp`, also for a start that finishes after the deadline, and throws McpServerStartError.
 */
async function withinDeadline(options: {
  server: string;
  commandLine: readonly string[];
  timeoutMs: number;
  abortSignal?: AbortSignal;
  work: (signal: AbortSignal) => Promise<StartedMcpServer>;
  cleanUp: () => Promise<unknown>;
}): Promise<StartedMcpServer> {
  const { timeoutMs, abortSignal } = options;
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

  const work = options.work(stop.signal);
  try {
    return await raceAbort(work, stop.signal);
  } catch (error) {
    // A start that finishes after the deadline must not leave its child running.
    work.then((late) => late.close(), () => undefined).catch(() => undefined);
    await options.cleanUp().catch(() => undefined);
    const reason = stopReason ?? (isSpawnError(error) ? 'spawn' : 'handshake');
    throw new McpServerStartError({
      server: options.server,
      command: options.commandLine,
      reason,
      detail: reason === 'timeout' ? `no answer within ${timeoutMs} ms` : describeThrown(error),
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    abortSignal?.removeEventListener('abort', onAbort);
  }
}

function isSpawnError(error: unknown): boolean {
  const syscall = (error as { syscall?: unknown } | null)?.syscall;
  return typeof syscall === 'string' && syscall.startsWith('spawn');
}

/**
 * The client's server's instructions, else its serverInfo description or title (a given client
 * may have neither). Only a line of the inventory (C23) depends on it, so a client whose fields
 * cannot be read (a getter or Proxy trap that throws) binds with no description rather than
 * failing as if its server had not started.
 */
function describeServer(client: Partial<Pick<MCPClient, 'instructions' | 'serverInfo'>>): string | undefined {
  const read = (get: () => unknown): unknown => {
    try {
      return get();
    } catch {
      return undefined;
    }
  };
  const info = read(() => client.serverInfo) as { description?: unknown; title?: unknown } | undefined;
  for (const get of [() => client.instructions, () => info?.description, () => info?.title]) {
    const text = read(get);
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return undefined;
}
