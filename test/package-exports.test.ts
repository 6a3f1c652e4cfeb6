import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPTIONAL_PEER_DEPENDENCIES } from '../src/errors/optional-peer-dependencies.js';

// Imports the package by its own name, so this runs the built `dist/` through package.json `exports`
// the way a user's code does (`npm ci` builds it through the `prepare` script).

const root = fileURLToPath(new URL('../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; import: string }>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  files: string[];
  bin: Record<string, string>;
};
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The README's entry table (Usage): per import specifier, the names in its `exports` cell. */
function readmeEntries(): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  for (const line of readme.split('\n')) {
    const match = /^\| `(turnscope(?:\/[a-z-]+)?)` \| (.+?) \| .* \|$/.exec(line);
    if (match === null) continue;
    entries.set(match[1]!, [...match[2]!.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)].map((name) => name[1]!));
  }
  return entries;
}

const SUBPATHS = Object.keys(pkg.exports).filter((key) => key !== './package.json');
const ENTRIES = SUBPATHS.map((subpath) => (subpath === '.' ? 'turnscope' : `turnscope/${subpath.slice(2)}`));

function targetOf(subpath: string): { types: string; import: string } {
  const target = pkg.exports[subpath];
  if (typeof target !== 'object') throw new Error(`exports[${subpath}] is not a { types, import } object`);
  return target;
}

/** The names a `.d.ts` entry exports (values and types), from its `export { … }` / `export type { … }` lists. */
function declaredNames(dtsFile: string): Set<string> {
  const text = readFileSync(join(root, dtsFile), 'utf8');
  const names = new Set<string>();
  for (const list of text.matchAll(/export (?:type )?\{([^}]*)\}/g)) {
    for (const item of list[1]!.split(',')) {
      const name = item.trim().replace(/^type /, '').split(/\s+as\s+/).at(-1)!.trim();
      if (name !== '') names.add(name);
    }
  }
  return names;
}

/** Every bare package a compiled module imports statically, following its relative imports. */
function staticPackageImports(entryFile: string): Map<string, string> {
  const packages = new Map<string, string>(); // package → first file importing it
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, file.slice(root.length));
      }
    }
  };
  visit(join(root, entryFile));
  return packages;
}

describe('package.json exports', () => {
  it('turnscope exports the runtime and the typed errors', async () => {
    const turnscope = await import('turnscope');
    expect(typeof turnscope.createToolSearchRuntime).toBe('function');
    expect(turnscope.TOOL_SEARCH_NAME).toBe('tool_search');
    expect(new turnscope.ReservedToolNameError({ toolName: 'tool_search' }).code).toBe('reserved-tool-name');
    expect(new turnscope.MissingPeerDependencyError({ packages: ['@opentelemetry/api'], neededBy: 'openTelemetrySink()' }).message).toBe(
      'openTelemetrySink() needs @opentelemetry/api, an optional peer dependency of turnscope that is not installed. ' +
        'Install it next to turnscope: npm install "@opentelemetry/api@^1.9.0"',
    );
  });

  it('turnscope/testing exports the scripted model and turnscope/machines the turn machine', async () => {
    const testing = await import('turnscope/testing');
    const machines = await import('turnscope/machines');
    expect(typeof testing.createScriptedModel).toBe('function');
    expect(machines.turnMachine.id).toBe('turn');
    expect(Object.keys(machines.turnMachine.config.states ?? {})).toEqual([
      'awaitingStep', 'executingStep', 'settling', 'completed', 'failed', 'cancelled',
    ]);
  });

  it('turnscope/mcp, /telemetry, /report and /code-mode resolve from dist and work', async () => {
    const mcp = await import('turnscope/mcp');
    const telemetry = await import('turnscope/telemetry');
    const report = await import('turnscope/report');
    const codeMode = await import('turnscope/code-mode');

    expect(mcp.canonicalMcpToolName({ server: 'github', tool: 'create_issue' })).toBe('mcp__github__create_issue');
    const records: unknown[] = [];
    telemetry.callbackSink((record) => {
      records.push(record);
    }).record({ type: 'turn.start', turnId: 't', stepIndex: 0, timestamp: 1 } as never);
    expect(records).toHaveLength(1);
    expect(telemetry.TELEMETRY_RECORD_TYPES).toContain('search.end');
    expect(typeof telemetry.openTelemetrySink().record).toBe('function');
    expect(report.summarizeTrace({ records: report.parseTrace('{"not":"a record"}\n').records }).turns).toEqual([]);
    expect(report.parseTrace('{"not":"a record"}\n').warnings).toHaveLength(1);
    expect(codeMode.EXEC_TOOL_NAME).toBe('exec');
  });

  it('every entry has its types and module in dist, and exports every name the README lists for it', async () => {
    const listed = readmeEntries();
    expect([...listed.keys()].sort()).toEqual([...ENTRIES].sort());
    for (const [index, subpath] of SUBPATHS.entries()) {
      const target = targetOf(subpath);
      expect(existsSync(join(root, target.types)), target.types).toBe(true);
      expect(existsSync(join(root, target.import)), target.import).toBe(true);
      const entry = ENTRIES[index]!;
      const module = (await import(entry)) as Record<string, unknown>;
      const declared = declaredNames(target.types);
      const missing = listed.get(entry)!.filter((name) => !(name in module) && !declared.has(name));
      expect(missing, `${entry} lacks what the README lists`).toEqual([]);
    }
  });

  it('each optional entry exports exactly what the README lists, and the root none of their values but TOOL_SEARCH_NAME', async () => {
    const listed = readmeEntries();
    const rootValues = Object.keys(await import('turnscope'));
    for (const entry of ENTRIES.filter((name) => name !== 'turnscope')) {
      const target = targetOf(`./${entry.slice('turnscope/'.length)}`);
      const values = Object.keys((await import(entry)) as object);
      expect([...values, ...declaredNames(target.types)].filter((name, i, all) => all.indexOf(name) === i).sort(), entry).toEqual(
        expect.arrayContaining(listed.get(entry)!),
      );
      // values are listed one by one; types may be summarised ("each record type")
      expect(values.filter((name) => !listed.get(entry)!.includes(name)), `${entry} exports values the README does not list`).toEqual([]);
      expect(values.filter((name) => rootValues.includes(name) && name !== 'TOOL_SEARCH_NAME'), `${entry} values also in the root`).toEqual([]);
    }
    for (const internal of ['executeToolCall', 'bindMcpTools', 'openTelemetrySink', 'callbackSink', 'parseTrace', 'EXEC_TOOL_NAME']) {
      expect(rootValues).not.toContain(internal);
    }
    expect(declaredNames(targetOf('.').types).has('StepExecutionContext')).toBe(false);
  });

  it('what the root, /telemetry, /report, /code-mode, /testing, /machines and the CLI import statically is installed by `npm install turnscope ai zod`', () => {
    const installed = new Set([
      ...Object.keys(pkg.dependencies),
      ...Object.keys(pkg.peerDependencies).filter((name) => pkg.peerDependenciesMeta[name]?.optional !== true),
    ]);
    const entryFiles = [
      ...SUBPATHS.filter((subpath) => subpath !== './mcp' && subpath !== './restate').map((subpath) => targetOf(subpath).import),
      'dist/src/cli/main.js', // bin/turnscope.js in an installed package
    ];
    for (const file of entryFiles) {
      const notInstalled = [...staticPackageImports(file)].filter(([name]) => !installed.has(name));
      expect(notInstalled, `${file} imports packages a plain install lacks`).toEqual([]);
    }
    // turnscope/mcp needs its optional peer @ai-sdk/mcp and nothing else optional
    const mcp = [...staticPackageImports(targetOf('./mcp').import).keys()].filter((name) => !installed.has(name));
    expect(mcp).toEqual(['@ai-sdk/mcp']);
    // turnscope/restate needs its optional peer @restatedev/restate-sdk and nothing else optional
    const restate = [...staticPackageImports(targetOf('./restate').import).keys()].filter((name) => !installed.has(name));
    expect(restate).toEqual(['@restatedev/restate-sdk']);
  });

  it('the optional peer dependencies are marked optional, kept out of dependencies, and named with their ranges in install messages', () => {
    const optional = Object.keys(pkg.peerDependenciesMeta).filter((name) => pkg.peerDependenciesMeta[name]?.optional === true);
    expect(new Map(optional.map((name) => [name, pkg.peerDependencies[name]]))).toEqual(OPTIONAL_PEER_DEPENDENCIES);
    expect(optional.filter((name) => name in pkg.dependencies)).toEqual([]);
    expect(Object.keys(pkg.peerDependencies).filter((name) => !optional.includes(name)).sort()).toEqual(['ai', 'zod']);
  });

  it('ships every image the README shows', () => {
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((match) => match[1]!).filter((path) => !/^https?:/.test(path));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(existsSync(join(root, image)), image).toBe(true);
      expect(pkg.files.some((entry) => image === entry || image.startsWith(`${entry}/`)), `${image} in files`).toBe(true);
    }
  });
});
