// turnscope/mcp: bind the tools of MCP servers (started over stdio, or clients you created) as
// deferred tools grouped by server (C8). Needs the optional peer dependency `@ai-sdk/mcp`.
export { bindMcpTools, DEFAULT_MCP_START_TIMEOUT_MS } from './bind-mcp-tools.js';
export type { BindMcpToolsOptions, BoundMcpTools } from './bind-mcp-tools.js';
export type { McpClientConfig, McpServerConfig } from './mcp-server-config.js';
export { canonicalMcpToolName } from './canonical-mcp-tool-name.js';
export { nodePackageMcpServer } from './node-package-mcp-server.js';
export { McpServerStartError } from './mcp-server-start-error.js';
export { McpToolNameCollisionError } from './mcp-tool-name-collision-error.js';
