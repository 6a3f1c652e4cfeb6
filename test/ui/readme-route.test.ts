import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// README "Use with useChat": the Next.js route block, exactly as written, is compiled by tsc
// against the installed `ai` and `@ai-sdk/openai` types and turnscope/ui's source. `@/lib/runtime`
// and `@/lib/chats` are test/ui/next-app/lib/*.ts.

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function routeBlock(): string {
  const section = readme.slice(readme.indexOf('## Use with useChat'));
  const match = /```ts\n(\/\/ app\/api\/chat\/route\.ts\n[\s\S]*?)```/.exec(section);
  if (match === null) throw new Error('README › Use with useChat has no app/api/chat/route.ts block');
  return match[1]!;
}

/**
 * Type-checks each source as app/api/chat/route.ts of its own Next.js-style app (Next's
 * compiler settings: module ESNext, moduleResolution Bundler, strict), in one tsc run; the
 * compiler's messages for each.
 */
async function typeCheckRoutes(sources: Record<string, string>): Promise<Record<string, string[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'turnscope-route-'));
  dirs.push(dir);
  const files = Object.entries(sources).map(([app, source]) => {
    mkdirSync(join(dir, app, 'app/api/chat'), { recursive: true });
    writeFileSync(join(dir, app, 'app/api/chat/route.ts'), source);
    return `${app}/app/api/chat/route.ts`;
  });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM'], strict: true,
      skipLibCheck: true, noEmit: true, isolatedModules: true, types: ['node'],
      paths: { 'turnscope/ui': [join(root, 'src/ui/index.ts')], '@/lib/*': [join(root, 'test/ui/next-app/lib/*')] },
    },
    files,
  }));
  const output = await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { cwd: dir }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => String(error.stdout ?? error),
  );
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  return Object.fromEntries(Object.keys(sources).map((app) => [app, lines.filter((line) => line.startsWith(`${app}/`))]).concat([['other', lines.filter((line) => !Object.keys(sources).some((app) => line.startsWith(`${app}/`)))]]));
}

describe('README › Use with useChat', () => {
  it('the app/api/chat/route.ts block type-checks against the real ai types, and the check catches a wrong option', { timeout: 300_000 }, async () => {
    const source = routeBlock();
    expect(source).toContain('createTurnUIMessageStreamResponse');
    const messages = await typeCheckRoutes({ readme: source, broken: source.replace('uiMessages: messages', 'uiMessage: messages') });

    expect(messages.readme).toEqual([]);
    expect(messages.other).toEqual([]);
    // the same block with one misspelt option does not compile: the check is not vacuous
    expect(messages.broken!.join('\n')).toContain("'uiMessage' does not exist");
  });
});
