import type { ToolSet } from 'ai';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { McpServerConfig } from './mcp-server-config.js';
import { nameMcpTools } from './name-mcp-tools.js';
import { startMcpServer, type StartedMcpServer } from './start-mcp-server.js';

/** Options of {@link bindMcpTools}. */
export interface BindMcpToolsOptions {
  /**
   * The servers to start, keyed by server name. The key becomes the middle of every canonical
   * name (`mcp__<server>__<tool>`) and the tools' group and source. Servers start in parallel.
   */
  readonly servers: Readonly<Record<string, McpServerConfig>>;
  /**
   * Milliseconds each server gets to spawn, finish the MCP handshake and list its tools.
   * Default 15000.
   */
  readonly startTimeoutMs?: number;
  /** Aborting it while servers start closes them and throws `McpServerStartError` (`aborted`). */
  readonly abortSignal?: AbortSignal;
}

/** The bound MCP tools, ready for `createToolSearchRuntime({ tools, groups, sources })`. */
export interface BoundMcpTools {
  /**
   * Every tool of every server, keyed by canonical name, in server order then each server's
   * listing order: the `@ai-sdk/mcp` tools unchanged (JSON-schema input, `execute` calls the
   * server and resolves with its `CallToolResult`, `isError: true` when the tool failed).
   */
  readonly tools: ToolSet;
  /** Server name → the canonical names of its tools, in listing order. */
  readonly groups: Record<string, string[]>;
  /** Canonical name → the server name that offered it. */
  readonly sources: Record<string, string>;
  /**
   * Closes every server's client, which stops its child process. Idempotent: later calls
   * resolve at once. Never rejects; close errors are ignored because the process is gone.
   * The tools must not be called after this.
   */
  close(): Promise<void>;
}

/** Default for {@link BindMcpToolsOptions.startTimeoutMs}, in milliseconds. */
export const DEFAULT_MCP_START_TIMEOUT_MS = 15_000;

/**
 * Starts MCP servers over stdio with `@ai-sdk/mcp` and binds all their tools under canonical
 * names `mcp__<server>__<tool>` (shortened deterministically when a provider would refuse the
 * name, see `canonicalMcpToolName`).
 *
 * To run a server from an npm package without `npx` or the network, resolve its entry file and
 * run it with `process.execPath`, e.g.
 * `{ command: process.execPath, args: [createRequire(import.meta.url).resolve('@modelcontextprotocol/server-memory/dist/index.js')] }`.
 *
 * @throws {InvalidOptionError} `servers` is not an object, a server has no `command` string, or
 *   `startTimeoutMs` is not a number of milliseconds > 0 — before anything is started.
 * @throws {McpServerStartError} a server failed to spawn, to answer the handshake, to list
 *   its tools, or to do so within `startTimeoutMs`; every other server has been closed.
 *   When several fail, the first in `servers` order is thrown.
 * @throws {McpToolNameCollisionError} two tools map to one canonical name; every server has
 *   been closed.
 */
export async function bindMcpTools(options: BindMcpToolsOptions): Promise<BoundMcpTools> {
  const timeoutMs = options.startTimeoutMs ?? DEFAULT_MCP_START_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    throw new InvalidOptionError({ option: 'startTimeoutMs', value: timeoutMs, expected: 'a number of milliseconds > 0' });
  }
  if (typeof options.servers !== 'object' || options.servers === null) {
    throw new InvalidOptionError({ option: 'servers', value: options.servers, expected: 'an object of server name → { command, args?, env?, cwd? }' });
  }
  const entries = Object.entries(options.servers);
  for (const [server, config] of entries) {
    if (typeof config?.command !== 'string' || config.command === '') {
      throw new InvalidOptionError({ option: `servers.${server}.command`, value: config?.command, expected: 'the executable to run, a non-empty string' });
    }
  }
  const settled = await Promise.allSettled(
    entries.map(([server, config]) =>
      startMcpServer({
        server,
        config,
        timeoutMs,
        ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
      }),
    ),
  );
  const started = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const close = closeOnce(started);
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure !== undefined) {
    await close();
    throw failure.reason;
  }

  try {
    return { ...bindTools(started), close };
  } catch (error) {
    await close();
    throw error;
  }
}

function bindTools(started: readonly StartedMcpServer[]): Omit<BoundMcpTools, 'close'> {
  const named = nameMcpTools(started.map(({ server, tools }) => ({ server, tools: Object.keys(tools) })));
  const toolsByServer = new Map(started.map(({ server, tools }) => [server, tools]));
  const tools: ToolSet = {};
  const groups: Record<string, string[]> = {};
  const sources: Record<string, string> = {};
  for (const { server } of started) groups[server] = [];
  for (const { canonicalName, server, tool } of named) {
    tools[canonicalName] = toolsByServer.get(server)![tool]!;
    groups[server]!.push(canonicalName);
    sources[canonicalName] = server;
  }
  return { tools, groups, sources };
}

function closeOnce(started: readonly StartedMcpServer[]): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= Promise.allSettled(started.map(({ client }) => client.close())).then(() => undefined);
    return closing;
  };
}
