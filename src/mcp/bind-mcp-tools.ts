import type { Tool, ToolSet } from 'ai';
import { nameKeyedRecord } from '../catalog/name-keyed-record.js';
import { groupDescriptionLine } from '../catalog/group-description-line.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { McpClientConfig, McpServerConfig } from './mcp-server-config.js';
import { nameMcpTools } from './name-mcp-tools.js';
import { startMcpServer, type StartedMcpServer } from './start-mcp-server.js';
import { describeThrown } from '../errors/describe-thrown.js';

/** Options of {@link bindMcpTools}. */
export interface BindMcpToolsOptions {
  /**
   * The servers to bind, keyed by server name: a stdio command to start
   * (`{ command, args?, env?, cwd?, stderr? }`), or a client you already created with
   * `@ai-sdk/mcp`'s `createMCPClient` over any transport (`{ client, keepOpen? }`). The key
   * becomes the middle of every canonical name (`mcp__<server>__<tool>`) and the tools' group
   * and source. Servers start, and clients list their tools, in parallel.
   */
  readonly servers: Readonly<Record<string, McpServerConfig | McpClientConfig>>;
  /**
   * Milliseconds each server gets to spawn, finish the MCP handshake and list its tools (a
   * given client: to list its tools). Default 15000.
   */
  readonly startTimeoutMs?: number;
  /** Aborting it while servers start closes them and throws `McpServerStartError` (`aborted`). */
  readonly abortSignal?: AbortSignal;
}

/**
 * The bound MCP tools, ready for `createToolSearchRuntime({ tools, groups, sources, inventory:
 * { groupDescriptions } })`. Each tool keeps the `_meta` its server listed, so its hints count (C26).
 */
export interface BoundMcpTools {
  /**
   * Every tool of every server, keyed by canonical name, in server order then each server's
   * listing order: the `@ai-sdk/mcp` tools (JSON-schema input, `execute` calls the server and
   * resolves with its `CallToolResult`, `isError: true` when the tool failed). When the server
   * cannot answer — it died, or its client was closed — `execute` rejects with an error naming
   * the server, which a turn gives the model as a tool error; the turn goes on.
   */
  readonly tools: ToolSet;
  /**
   * Group → canonical names, in listing order: the server name, or the upstream server a gateway
   * tool's name carries (`github` for `github.create_issue` or `github/create_issue`). Every
   * server has a group, empty when all its tools went to upstream groups.
   */
  readonly groups: Record<string, string[]>;
  /** Canonical name → the server name that offered it (the gateway, for a gateway's tools). */
  readonly sources: Record<string, string>;
  /**
   * Canonical name → the names a search also finds it by (C9), for tools whose canonical name
   * is not the listed one: the listed name (`github.create_issue`), and for a gateway name both
   * spellings (`github.create_issue`, `github/create_issue`). Pass it as
   * `createToolSearchRuntime({ aliases })`. Tools listed under an accepted name have no entry.
   */
  readonly aliases: Record<string, string[]>;
  /**
   * Server name → one line about it, for `createToolSearchRuntime({ inventory: { groupDescriptions } })`
   * (C23): the first line that says something (`groupDescriptionLine`) of the server's MCP `instructions`, else of its `serverInfo`
   * description or title, at most 100 characters. Servers that say nothing are left out.
   */
  readonly groupDescriptions: Record<string, string>;
  /**
   * Closes every server's client, which stops its child process, and every given client not
   * marked `keepOpen`. Idempotent: later calls resolve at once. Never rejects; close errors
   * are ignored because the process is gone. The tools must not be called after this.
   */
  close(): Promise<void>;
}

/** Default for {@link BindMcpToolsOptions.startTimeoutMs}, in milliseconds. */
export const DEFAULT_MCP_START_TIMEOUT_MS = 15_000;

/**
 * Starts MCP servers over stdio with `@ai-sdk/mcp`, takes MCP clients you already created,
 * and binds all their tools under canonical names `mcp__<server>__<tool>` (shortened
 * deterministically when a provider would refuse the name, see `canonicalMcpToolName`). A tool a
 * gateway names after its upstream server (`github.create_issue`, `github/create_issue`) is
 * bound as `mcp__<server>__github_create_issue` (unless another tool has that name), grouped
 * under `github`, and found by a search for its listed name through `aliases` (see `nameMcpTools`).
 *
 * To run a server from an npm package without `npx` or the network, resolve its entry file and
 * run it with `process.execPath`, e.g.
 * `{ command: process.execPath, args: [createRequire(import.meta.url).resolve('@modelcontextprotocol/server-memory/dist/index.js')] }`.
 *
 * @throws {InvalidOptionError} `servers` is not an object, a server has neither a `command`
 *   string nor a `client` with `tools()` and `close()`, or `startTimeoutMs` is not a number of
 *   milliseconds > 0 — before anything is started.
 * @throws {McpServerStartError} a server failed to spawn, to answer the handshake, to list
 *   its tools, or to do so within `startTimeoutMs` (a given client: to list its tools); every
 *   server has been closed (given clients too, unless `keepOpen`). When several fail, the
 *   first in `servers` order is thrown.
 * @throws {McpToolNameCollisionError} two tools map to one canonical name; every server has
 *   been closed (given clients too, unless `keepOpen`).
 */
export async function bindMcpTools(options: BindMcpToolsOptions): Promise<BoundMcpTools> {
  const timeoutMs = options.startTimeoutMs ?? DEFAULT_MCP_START_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    throw new InvalidOptionError({ option: 'startTimeoutMs', value: timeoutMs, expected: 'a number of milliseconds > 0' });
  }
  if (typeof options.servers !== 'object' || options.servers === null) {
    throw new InvalidOptionError({ option: 'servers', value: options.servers, expected: 'an object of server name → { command, args?, env?, cwd? } or { client }' });
  }
  const entries = Object.entries(options.servers);
  for (const [server, config] of entries) checkServerConfig(server, config);
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

function checkServerConfig(server: string, config: McpServerConfig | McpClientConfig | undefined): void {
  if (config !== null && typeof config === 'object' && 'client' in config) {
    const client = config.client as Partial<McpClientConfig['client']> | null;
    if (typeof client?.tools !== 'function' || typeof client.close !== 'function') {
      throw new InvalidOptionError({ option: `servers.${server}.client`, value: client, expected: "an MCP client from @ai-sdk/mcp's createMCPClient (with tools() and close())" });
    }
    return;
  }
  if (typeof config?.command !== 'string' || config.command === '') {
    throw new InvalidOptionError({ option: `servers.${server}.command`, value: config?.command, expected: 'the executable to run, a non-empty string' });
  }
}

function bindTools(started: readonly StartedMcpServer[]): Omit<BoundMcpTools, 'close'> {
  const named = nameMcpTools(started.map(({ server, tools }) => ({ server, tools: Object.keys(tools) })));
  const toolsByServer = new Map(started.map(({ server, tools }) => [server, tools]));
  // keyed by names a server chose: no prototype, so `__proto__` or `constructor` is a key like any other
  const tools: ToolSet = nameKeyedRecord<Tool>();
  const groups = nameKeyedRecord<string[]>(started.map(({ server }) => [server, []]));
  const sources = nameKeyedRecord<string>();
  const aliases = nameKeyedRecord<string[]>();
  const groupDescriptions = nameKeyedRecord<string>();
  for (const { server, description } of started) {
    const line = description === undefined ? '' : groupDescriptionLine(description);
    if (line !== '') groupDescriptions[server] = line;
  }
  for (const { canonicalName, server, tool, upstream, aliases: names } of named) {
    tools[canonicalName] = namingServerErrors(toolsByServer.get(server)![tool]!, server);
    (groups[upstream ?? server] ??= []).push(canonicalName);
    sources[canonicalName] = server;
    if (names.length > 0) aliases[canonicalName] = [...names];
  }
  return { tools, groups, sources, aliases, groupDescriptions };
}

/**
 * The tool with an `execute` whose rejections name the server. A tool that fails is an MCP
 * result with `isError: true`, never a rejection; a rejection means the server did not answer
 * (its process died, the connection closed), which the model should be told in those words.
 */
function namingServerErrors(tool: Tool, server: string): Tool {
  const execute = tool.execute;
  if (execute === undefined) return tool;
  return {
    ...tool,
    execute: async (input: unknown, options: Parameters<typeof execute>[1]) => {
      try {
        return await execute(input, options);
      } catch (error) {
        const message = describeThrown(error);
        throw new Error(`MCP server ${JSON.stringify(server)} did not answer (${message}); it may have stopped.`, { cause: error });
      }
    },
  } as Tool;
}

function closeOnce(started: readonly StartedMcpServer[]): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= Promise.allSettled(started.map((server) => server.close())).then(() => undefined);
    return closing;
  };
}
