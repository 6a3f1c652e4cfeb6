/**
 * turnscope's optional peer dependencies and their version ranges, as in package.json
 * `peerDependencies` (test/package-exports.test.ts keeps the two equal): the packages only
 * some entries and commands need, which `npm install turnscope` does not install.
 * {@link MissingPeerDependencyError} names the range in its install command.
 */
export const OPTIONAL_PEER_DEPENDENCIES: ReadonlyMap<string, string> = new Map([
  ['@ai-sdk/anthropic', '^4.0.105'],
  ['@ai-sdk/mcp', '^2.0.99'],
  ['@ai-sdk/openai', '^4.0.118'],
  ['@modelcontextprotocol/server-filesystem', '^2026.8.31'],
  ['@modelcontextprotocol/server-memory', '^2026.8.31'],
  ['@opentelemetry/api', '^1.9.0'],
  ['minisearch', '^7.2.0'],
  ['@restatedev/restate-sdk', '^1.17.2'],
]);
