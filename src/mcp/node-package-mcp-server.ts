import { createRequire } from 'node:module';
import type { McpServerConfig } from './mcp-server-config.js';

const require = createRequire(import.meta.url);

/**
 * The config of an MCP server shipped as an npm package's script: resolves `entry` (a module
 * specifier such as `'@modelcontextprotocol/server-filesystem/dist/index.js'`) and runs it with
 * the current Node executable, so it works without `npx`, without a shell and without the
 * network. `entry` is resolved from `resolveFrom`, then from turnscope's own `node_modules`.
 *
 * @param options.entry the module specifier of the server's entry file.
 * @param options.args arguments after the entry file. Default `[]`.
 * @param options.resolveFrom a directory whose `node_modules` to look in first. Default:
 *   `process.cwd()` (your project when you run from its root).
 * @param options.env, options.cwd, options.stderr passed through (see {@link McpServerConfig}).
 * @throws {Error} with `code: 'MODULE_NOT_FOUND'` and a message saying what to install or name
 *   when the entry is found in neither place.
 */
export function nodePackageMcpServer(
  options: { readonly entry: string; readonly args?: readonly string[]; readonly resolveFrom?: string } & Omit<McpServerConfig, 'command' | 'args'>,
): McpServerConfig {
  const { entry, args = [], resolveFrom = process.cwd(), ...rest } = options;
  return { ...rest, command: process.execPath, args: [resolveEntry(entry, resolveFrom), ...args] };
}

function resolveEntry(entry: string, from: string): string {
  try {
    return require.resolve(entry, { paths: [from] });
  } catch {
    try {
      return require.resolve(entry);
    } catch (cause) {
      const error = new Error(
        `nodePackageMcpServer: cannot find ${JSON.stringify(entry)} from ${from} or from turnscope's own dependencies. ` +
          "Install the server's package, and name its entry file (e.g. '@modelcontextprotocol/server-memory/dist/index.js'): " +
          'a bare package name only works when the package exports its main module.',
        { cause },
      );
      throw Object.assign(error, { code: 'MODULE_NOT_FOUND' });
    }
  }
}
