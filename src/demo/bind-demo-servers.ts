import { join } from 'node:path';
import { bindMcpTools, type BoundMcpTools } from '../mcp/bind-mcp-tools.js';
import { nodePackageMcpServer } from '../mcp/node-package-mcp-server.js';
import { DEMO_PACKAGES } from './demo-packages.js';

/**
 * Starts the demo's two MCP servers over stdio — filesystem on `workspaceDir`, memory with its
 * file in `tempDir` — for `turnscope demo` and `turnscope chat`. `startTimeoutMs` and
 * `abortSignal` as in `bindMcpTools` (undefined: its defaults). Close the result when done.
 * @throws what `bindMcpTools` throws (a server that does not start).
 */
export function bindDemoServers(options: { readonly workspaceDir: string; readonly tempDir: string; readonly startTimeoutMs?: number | undefined; readonly abortSignal?: AbortSignal | undefined }): Promise<BoundMcpTools> {
  return bindMcpTools({
    servers: {
      filesystem: nodePackageMcpServer({ entry: DEMO_PACKAGES.servers.filesystem, args: [options.workspaceDir] }),
      memory: nodePackageMcpServer({ entry: DEMO_PACKAGES.servers.memory, env: { MEMORY_FILE_PATH: join(options.tempDir, 'memory.jsonl') } }),
    },
    ...(options.startTimeoutMs === undefined ? {} : { startTimeoutMs: options.startTimeoutMs }),
    ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
  });
}
