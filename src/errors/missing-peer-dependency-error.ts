import { OPTIONAL_PEER_DEPENDENCIES } from './optional-peer-dependencies.js';
import { TurnscopeError } from './turnscope-error.js';

/**
 * Something you asked for needs an optional peer dependency of turnscope that is not
 * installed: `openTelemetrySink()` needs `@opentelemetry/api`; on the command line,
 * `turnscope demo` needs `@ai-sdk/mcp` and the two MCP servers, `--model openai:<id>`
 * `@ai-sdk/openai`, `--model anthropic:<id>` `@ai-sdk/anthropic`, and `turnscope eval`'s
 * `minisearch-bm25` ranker `minisearch` (the CLI exits with status 2). Code
 * `missing-peer-dependency`. Fix: install the packages the message names, with the command it
 * gives (e.g. `npm install "@opentelemetry/api@^1.9.0"`), next to turnscope.
 */
export class MissingPeerDependencyError extends TurnscopeError {
  /** The missing packages' names (e.g. `['@ai-sdk/openai']`), in the order asked for. */
  readonly packages: readonly string[];
  /** What needs them, as the message says it (e.g. `'openTelemetrySink()'`, `'turnscope demo'`). */
  readonly neededBy: string;

  /**
   * @param options.packages package names, not deep specifiers (at least one).
   * @param options.cause the failed import or resolution, if any.
   */
  constructor(options: { readonly packages: readonly string[]; readonly neededBy: string; readonly cause?: unknown }) {
    const { packages, neededBy } = options;
    const one = packages.length === 1;
    const named = packages.length <= 1 ? packages.join('') : `${packages.slice(0, -1).join(', ')} and ${packages.at(-1)}`;
    const install = packages.map((name) => JSON.stringify(`${name}@${OPTIONAL_PEER_DEPENDENCIES.get(name) ?? 'latest'}`)).join(' ');
    super({
      code: 'missing-peer-dependency',
      message:
        `${neededBy} needs ${named}, ${one ? 'an optional peer dependency' : 'optional peer dependencies'} of turnscope ` +
        `that ${one ? 'is' : 'are'} not installed. Install ${one ? 'it' : 'them'} next to turnscope: npm install ${install}`,
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.packages = [...packages];
    this.neededBy = neededBy;
  }
}
