import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOptionalPackages } from '../../src/cli/load-optional-packages.js';
import { NODE_OPTIONAL_PACKAGES, type OptionalPackages } from '../../src/cli/optional-packages.js';
import { runCli } from '../../src/cli/run-cli.js';
import { MissingPeerDependencyError } from '../../src/errors/missing-peer-dependency-error.js';

/**
 * The packages as installed, except `missing`: importing or resolving one of them fails the way
 * Node fails for a package that is not in node_modules (the errors' code and message shape).
 */
function installedExcept(...missing: string[]): OptionalPackages & { readonly asked: string[] } {
  const asked: string[] = [];
  const isMissing = (specifier: string) => missing.some((name) => specifier === name || specifier.startsWith(`${name}/`));
  return {
    asked,
    async import(specifier) {
      asked.push(specifier);
      if (isMissing(specifier)) {
        throw Object.assign(new Error(`Cannot find package '${specifier}' imported from /project/node_modules/turnscope/dist/src/cli/optional-packages.js`), { code: 'ERR_MODULE_NOT_FOUND' });
      }
      return NODE_OPTIONAL_PACKAGES.import(specifier);
    },
    resolve(specifier) {
      asked.push(specifier);
      if (isMissing(specifier)) throw Object.assign(new Error(`Cannot find module '${specifier}'\nRequire stack:\n- /project/x.js`), { code: 'MODULE_NOT_FOUND' });
      return NODE_OPTIONAL_PACKAGES.resolve(specifier);
    },
  };
}

async function run(argv: string[], options: { packages: OptionalPackages; env?: Record<string, string | undefined> }) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli({ argv, env: options.env ?? {}, packages: options.packages, stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

const DEMO_SERVERS = ['@modelcontextprotocol/server-filesystem', '@modelcontextprotocol/server-memory'];

describe('optional peer dependencies on the command line', () => {
  it('turnscope demo exits 2 before starting anything, naming every missing package and the npm install command', async () => {
    const packages = installedExcept('@ai-sdk/mcp', ...DEMO_SERVERS);
    const { code, stdout, stderr } = await run(['demo'], { packages });

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'turnscope: turnscope demo needs @ai-sdk/mcp, @modelcontextprotocol/server-filesystem and @modelcontextprotocol/server-memory, ' +
        'optional peer dependencies of turnscope that are not installed. Install them next to turnscope: ' +
        'npm install "@ai-sdk/mcp@^2.0.99" "@modelcontextprotocol/server-filesystem@^2026.8.31" "@modelcontextprotocol/server-memory@^2026.8.31"\n' +
        'Run `turnscope --help` for usage.',
    );
    // the servers' entry scripts are only resolved (importing one would start it)
    expect(packages.asked).toEqual([
      '@ai-sdk/mcp',
      '@modelcontextprotocol/server-filesystem/dist/index.js',
      '@modelcontextprotocol/server-memory/dist/index.js',
    ]);
  });

  it('turnscope demo names only the one server that is missing', async () => {
    const { code, stderr } = await run(['demo', '--code-mode'], { packages: installedExcept('@modelcontextprotocol/server-memory') });

    expect(code).toBe(2);
    expect(stderr).toContain(
      'turnscope demo needs @modelcontextprotocol/server-memory, an optional peer dependency of turnscope that is not installed. ' +
        'Install it next to turnscope: npm install "@modelcontextprotocol/server-memory@^2026.8.31"',
    );
  });

  it('--model openai:<id> and anthropic:<id> exit 2 naming their provider package when it is not installed', async () => {
    const packages = installedExcept('@ai-sdk/openai', '@ai-sdk/anthropic');
    const openai = await run(['demo', '--model', 'openai:gpt-4.1-mini'], { packages, env: { OPENAI_API_KEY: 'sk-test' } });
    const anthropic = await run(['demo', '--model', 'anthropic:claude-sonnet-4-5'], { packages, env: { ANTHROPIC_API_KEY: 'sk-test' } });

    expect(openai.code).toBe(2);
    expect(openai.stdout).toBe('');
    expect(openai.stderr).toContain(
      'turnscope: --model openai:gpt-4.1-mini needs @ai-sdk/openai, an optional peer dependency of turnscope that is not installed. ' +
        'Install it next to turnscope: npm install "@ai-sdk/openai@^4.0.118"',
    );
    expect(anthropic.code).toBe(2);
    expect(anthropic.stderr).toContain('--model anthropic:claude-sonnet-4-5 needs @ai-sdk/anthropic, an optional peer dependency');
    expect(anthropic.stderr).toContain('npm install "@ai-sdk/anthropic@^4.0.105"');
  });

  it('a missing API key is reported before the provider package is looked for', async () => {
    const packages = installedExcept('@ai-sdk/openai');
    const { code, stderr } = await run(['demo', '--model', 'openai:gpt-4.1-mini'], { packages, env: {} });

    expect(code).toBe(2);
    expect(stderr).toContain('--model openai:gpt-4.1-mini needs OPENAI_API_KEY in the environment');
    expect(packages.asked).toEqual([]);
  });

  it('turnscope visualize --live exits 2 naming the demo packages that are missing', async () => {
    const { code, stdout, stderr } = await run(['visualize', '--live', '--port', '0'], { packages: installedExcept('@ai-sdk/mcp') });

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('turnscope visualize --live needs @ai-sdk/mcp, an optional peer dependency of turnscope that is not installed.');
  });

  it('turnscope eval exits 2 when minisearch is missing for its minisearch-bm25 ranker, and runs without it when that ranker is left out', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'turnscope-optional-'));
    const catalog = join(directory, 'catalog.json');
    await writeFile(catalog, JSON.stringify([
      { name: 'send_email', description: 'Send an email message to a recipient.' },
      { name: 'get_weather', description: 'Get the weather forecast for a city.' },
    ]));
    const packages = installedExcept('minisearch');

    const withDefaults = await run(['eval', '--catalog', catalog], { packages });
    expect(withDefaults.code).toBe(2);
    expect(withDefaults.stdout).toBe('');
    expect(withDefaults.stderr).toContain(
      "turnscope eval's ranker minisearch-bm25 (or leave it out: --ranker turnscope,ai-sdk-tool-search,fuse-defaults) needs minisearch, " +
        'an optional peer dependency of turnscope that is not installed. Install it next to turnscope: npm install "minisearch@^7.2.0"',
    );

    const without = await run(['eval', '--catalog', catalog, '--ranker', 'turnscope,fuse-defaults', '--k', '1'], { packages });
    expect(without.code).toBe(0);
    expect(without.stdout).toContain('| turnscope |');
    expect(without.stdout).not.toContain('minisearch');
    expect(packages.asked).toEqual(['minisearch']);
  });

  it('a package that is installed but cannot load one of its own dependencies is not reported as missing (exit 1, the real error)', async () => {
    const broken: OptionalPackages = {
      import: async () => {
        throw Object.assign(new Error("Cannot find package 'pkce-challenge' imported from /project/node_modules/@ai-sdk/mcp/dist/index.mjs"), { code: 'ERR_MODULE_NOT_FOUND' });
      },
      resolve: NODE_OPTIONAL_PACKAGES.resolve,
    };
    const { code, stderr } = await run(['demo'], { packages: broken });

    expect(code).toBe(1);
    expect(stderr).toContain("Cannot find package 'pkce-challenge'");
    expect(stderr).not.toContain('optional peer dependency');
  });
});

describe('loadOptionalPackages with Node’s own import and resolve', () => {
  it('turns Node’s not-found errors for an absent package into MissingPeerDependencyError and returns the modules that load', async () => {
    const absent = '@turnscope-test/not-installed';
    const failure = await loadOptionalPackages({
      packages: NODE_OPTIONAL_PACKAGES,
      neededBy: 'this test',
      imports: ['minisearch', absent],
      entries: [`${absent}-server/dist/index.js`],
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MissingPeerDependencyError);
    expect((failure as MissingPeerDependencyError).code).toBe('missing-peer-dependency');
    expect((failure as MissingPeerDependencyError).packages).toEqual([absent, `${absent}-server`]);

    const [miniSearch] = await loadOptionalPackages({ packages: NODE_OPTIONAL_PACKAGES, neededBy: 'this test', imports: ['minisearch'] });
    expect(typeof (miniSearch as typeof import('minisearch')).default).toBe('function');
  });
});
