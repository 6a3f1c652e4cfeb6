import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * How the CLI reaches the optional peer dependencies some commands need (`turnscope demo`'s MCP
 * client and servers, `--model`'s provider packages, `turnscope eval`'s MiniSearch baseline):
 * `npm install turnscope` does not install them. Injected through `runCli`'s `packages` so a test
 * can stand in for a package that is missing.
 */
export interface OptionalPackages {
  /** Imports `specifier` like `import(specifier)`; rejects (code `ERR_MODULE_NOT_FOUND`) when it is not installed. */
  import(specifier: string): Promise<unknown>;
  /**
   * The file of `specifier` (e.g. `'@modelcontextprotocol/server-memory/dist/index.js'`, a script
   * run as a child process), from the current directory's `node_modules`, then from turnscope's
   * own, as `nodePackageMcpServer` resolves it; throws (code `MODULE_NOT_FOUND`) when neither has it.
   */
  resolve(specifier: string): string;
}

/** The packages as installed: Node's `import()` and `require.resolve`. */
export const NODE_OPTIONAL_PACKAGES: OptionalPackages = {
  import: (specifier) => import(specifier),
  resolve(specifier) {
    try {
      return require.resolve(specifier, { paths: [process.cwd()] });
    } catch {
      return require.resolve(specifier);
    }
  },
};
