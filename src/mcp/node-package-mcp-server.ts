import { createRequire } from 'node:module';
import type { McpServerConfig } from './mcp-server-config.js';

const require = createRequire(import.meta.url);

/**
 * The config of an MCP server shipped as an npm package's script: resolves `entry` (a module
 * specifier such as `'@modelcontextprotocol/server-filesystem/dist/index.js'`) from this
 * package's `node_modules` and runs it with the current Node executable, so it works without
 * `npx`, without a shell and without the network.
 *
 * @param options.entry the module specifier of the server's entry file.
 * @param options.args arguments after the entry file. Default `[]`.
 * @param options.env, options.cwd, options.stderr passed through (see {@link McpServerConfig}).
 * @throws {Error} with `code: 'MODULE_NOT_FOUND'` when the package is not installed.
 */
export function nodePackageMcpServer(
  options: { readonly entry: string; readonly args?: readonly string[] } & Omit<McpServerConfig, 'command' | 'args'>,
): McpServerConfig {
  const { entry, args = [], ...rest } = options;
  return { ...rest, command: process.execPath, args: [require.resolve(entry), ...args] };
}
