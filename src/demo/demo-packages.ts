/**
 * The optional peer dependencies the demo (`turnscope demo`, `turnscope visualize --live`) needs,
 * which `npm install turnscope` does not install: `imports`, the MCP client (`@ai-sdk/mcp`) it
 * binds the servers with, and `servers`, the entry scripts of the two MCP servers it runs as child
 * processes (module specifiers, resolved with `nodePackageMcpServer`).
 */
export const DEMO_PACKAGES = {
  imports: ['@ai-sdk/mcp'],
  servers: {
    filesystem: '@modelcontextprotocol/server-filesystem/dist/index.js',
    memory: '@modelcontextprotocol/server-memory/dist/index.js',
  },
} as const;
