import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodePackageMcpServer } from '../../src/mcp/index.js';

const MEMORY_ENTRY = '@modelcontextprotocol/server-memory/dist/index.js';

describe('nodePackageMcpServer', () => {
  let project: string;

  beforeAll(async () => {
    // a user's project with its own copy of a server package
    project = await realpath(await mkdtemp(join(tmpdir(), 'turnscope-project-')));
    await mkdir(join(project, 'node_modules', 'my-mcp-server'), { recursive: true });
    await writeFile(join(project, 'node_modules', 'my-mcp-server', 'package.json'), JSON.stringify({ name: 'my-mcp-server', version: '1.0.0' }));
    await writeFile(join(project, 'node_modules', 'my-mcp-server', 'server.js'), '');
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  it("runs the entry with this Node, resolved from the caller's project first", () => {
    const config = nodePackageMcpServer({ entry: 'my-mcp-server/server.js', args: ['--flag'], resolveFrom: project, env: { A: '1' } });
    expect(config).toEqual({ command: process.execPath, args: [join(project, 'node_modules', 'my-mcp-server', 'server.js'), '--flag'], env: { A: '1' } });
  });

  it("falls back to turnscope's own dependencies, and says MODULE_NOT_FOUND when neither has it", () => {
    const config = nodePackageMcpServer({ entry: MEMORY_ENTRY, resolveFrom: project });
    expect(config.args).toEqual([createRequire(import.meta.url).resolve(MEMORY_ENTRY)]);
    expect(() => nodePackageMcpServer({ entry: 'no-such-mcp-server/index.js', resolveFrom: project })).toThrow(
      expect.objectContaining({ code: 'MODULE_NOT_FOUND', message: expect.stringMatching(/^nodePackageMcpServer: cannot find "no-such-mcp-server\/index\.js" from .*name its entry file/) }),
    );
  });
});
