import { mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnscopeError } from '../../src/errors/turnscope-error.js';
import { bindMcpTools, type BoundMcpTools } from '../../src/mcp/bind-mcp-tools.js';
import { McpServerStartError } from '../../src/mcp/mcp-server-start-error.js';
import { nodePackageMcpServer } from '../../src/mcp/node-package-mcp-server.js';
import { callTool, resultText, waitForExit } from './mcp-test-helpers.js';

const FILESYSTEM_ENTRY = '@modelcontextprotocol/server-filesystem/dist/index.js';
const MEMORY_ENTRY = '@modelcontextprotocol/server-memory/dist/index.js';
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

let tempDir: string;
let workspace: string;

beforeAll(async () => {
  tempDir = await realpath(await mkdtemp(join(tmpdir(), 'turnscope-mcp-test-')));
  workspace = join(tempDir, 'workspace');
  await mkdir(workspace);
});

afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

describe('bindMcpTools with the real filesystem and memory servers', () => {
  let bound: BoundMcpTools;

  beforeAll(async () => {
    bound = await bindMcpTools({
      servers: {
        filesystem: nodePackageMcpServer({ entry: FILESYSTEM_ENTRY, args: [workspace] }),
        memory: nodePackageMcpServer({ entry: MEMORY_ENTRY, env: { MEMORY_FILE_PATH: join(tempDir, 'memory.jsonl') } }),
      },
    });
  }, 30_000);

  afterAll(async () => {
    await bound?.close();
  });

  it('binds every listed tool under mcp__<server>__<tool>, grouped by server', () => {
    expect(bound.groups.filesystem).toEqual(expect.arrayContaining([
      'mcp__filesystem__write_file',
      'mcp__filesystem__read_text_file',
      'mcp__filesystem__list_directory',
    ]));
    expect(bound.groups.memory).toEqual(expect.arrayContaining(['mcp__memory__create_entities', 'mcp__memory__read_graph']));
    expect(Object.keys(bound.tools)).toEqual([...bound.groups.filesystem!, ...bound.groups.memory!]);
    expect(bound.sources['mcp__filesystem__write_file']).toBe('filesystem');
    expect(bound.sources['mcp__memory__read_graph']).toBe('memory');
    expect(Object.keys(bound.sources).sort()).toEqual(Object.keys(bound.tools).sort());
  });

  it('writes a file with write_file and reads it back with read_text_file', async () => {
    const path = join(workspace, 'hello.txt');
    const written = await callTool(bound.tools, 'mcp__filesystem__write_file', { path, content: 'hello from turnscope' });
    expect(resultText(written)).toContain('Successfully wrote');
    expect(await readFile(path, 'utf8')).toBe('hello from turnscope');

    const read = await callTool(bound.tools, 'mcp__filesystem__read_text_file', { path });
    expect(resultText(read)).toBe('hello from turnscope');
  });

  it('stores an entity in the memory server and finds it in the graph file', async () => {
    await callTool(bound.tools, 'mcp__memory__create_entities', {
      entities: [{ name: 'turnscope', entityType: 'project', observations: ['binds MCP tools'] }],
    });
    const graph = await callTool(bound.tools, 'mcp__memory__read_graph', {});
    expect(resultText(graph)).toContain('"name": "turnscope"');
    expect(await readFile(join(tempDir, 'memory.jsonl'), 'utf8')).toContain('binds MCP tools');
  });

  it('passes a failed call through as the server reports it: isError with the reason', async () => {
    const outside = join(tempDir, 'outside.txt');
    const result = await callTool(bound.tools, 'mcp__filesystem__read_text_file', { path: outside });
    expect((result as { isError?: boolean }).isError).toBe(true);
    expect(resultText(result)).toContain('Access denied');
  });
});

describe('bindMcpTools start failures', () => {
  it('throws McpServerStartError naming the server and command when the command does not exist, fast', async () => {
    const startedAt = Date.now();
    const error = await bindMcpTools({
      servers: { ghost: { command: 'turnscope-no-such-mcp-server', args: ['--stdio'] } },
    }).catch((caught: unknown) => caught);

    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(McpServerStartError);
    const startError = error as McpServerStartError;
    expect(TurnscopeError.isInstance(startError)).toBe(true);
    expect(startError.code).toBe('mcp-server-start-failed');
    expect(startError.server).toBe('ghost');
    expect(startError.reason).toBe('spawn');
    expect(startError.command).toEqual(['turnscope-no-such-mcp-server', '--stdio']);
    expect(startError.message).toContain('MCP server "ghost" failed to start (spawn)');
    expect(startError.message).toContain('Command: turnscope-no-such-mcp-server --stdio');
    expect(startError.message).toContain('ENOENT');
  });

  it('closes the servers that did start when another one fails', async () => {
    const pidFile = join(tempDir, 'memory.pid');
    const memory = nodePackageMcpServer({ entry: MEMORY_ENTRY, env: { MEMORY_FILE_PATH: join(tempDir, 'm2.jsonl') } });
    const error = await bindMcpTools({
      servers: {
        memory: { command: process.execPath, args: [fixture('record-pid-and-run.mjs'), pidFile, ...memory.args!], env: memory.env! },
        ghost: { command: join(tempDir, 'missing-binary') },
      },
    }).catch((caught: unknown) => caught);

    expect((error as McpServerStartError).server).toBe('ghost');
    await waitForExit(pidFile);
  });

  it('times out a server that never answers, stops its process and does not hang', async () => {
    const pidFile = join(tempDir, 'silent.pid');
    const startedAt = Date.now();
    const error = await bindMcpTools({
      servers: { silent: { command: process.execPath, args: [fixture('silent-server.mjs'), pidFile] } },
      // long enough for a loaded machine to start node and record the pid before the deadline
      startTimeoutMs: 2_000,
    }).catch((caught: unknown) => caught);

    expect(Date.now() - startedAt).toBeLessThan(6_000);
    expect(error).toBeInstanceOf(McpServerStartError);
    expect((error as McpServerStartError).reason).toBe('timeout');
    expect((error as McpServerStartError).message).toContain('no answer within 2000 ms');
    await waitForExit(pidFile);
  });

  it('stops starting and reports aborted when the abort signal has fired', async () => {
    const error = await bindMcpTools({
      servers: { memory: nodePackageMcpServer({ entry: MEMORY_ENTRY, env: { MEMORY_FILE_PATH: join(tempDir, 'm4.jsonl') } }) },
      abortSignal: AbortSignal.abort(),
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(McpServerStartError);
    expect((error as McpServerStartError).reason).toBe('aborted');
    expect((error as McpServerStartError).message).toContain('The caller aborted the start.');
  });

  it('reports a server that exits during the handshake', async () => {
    const error = await bindMcpTools({
      servers: { quitter: { command: process.execPath, args: ['-e', 'process.exit(3)'] } },
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(McpServerStartError);
    expect((error as McpServerStartError).reason).toBe('handshake');
    expect((error as McpServerStartError).server).toBe('quitter');
  });
});

describe('bindMcpTools options', () => {
  it('throws InvalidOptionError for a bad startTimeoutMs or a server without a command, before starting anything', async () => {
    await expect(bindMcpTools({ servers: {}, startTimeoutMs: 0 })).rejects.toMatchObject({
      code: 'invalid-option',
      option: 'startTimeoutMs',
    });
    await expect(bindMcpTools({ servers: { broken: { command: '' } } })).rejects.toMatchObject({
      code: 'invalid-option',
      option: 'servers.broken.command',
      message: expect.stringContaining('expected the executable to run, a non-empty string'),
    });
  });

  it('binds nothing for no servers', async () => {
    const bound = await bindMcpTools({ servers: {} });
    expect(bound).toMatchObject({ tools: {}, groups: {}, sources: {} });
    await bound.close();
  });
});

describe('BoundMcpTools.close', () => {
  it('stops every server process and can be called again', async () => {
    const pidFile = join(tempDir, 'close.pid');
    const memory = nodePackageMcpServer({ entry: MEMORY_ENTRY, env: { MEMORY_FILE_PATH: join(tempDir, 'm3.jsonl') } });
    const bound = await bindMcpTools({
      servers: { memory: { command: process.execPath, args: [fixture('record-pid-and-run.mjs'), pidFile, ...memory.args!], env: memory.env! } },
    });
    expect(resultText(await callTool(bound.tools, 'mcp__memory__read_graph', {}))).toContain('"entities"');

    await bound.close();
    await waitForExit(pidFile);
    await expect(bound.close()).resolves.toBeUndefined();
    await expect(callTool(bound.tools, 'mcp__memory__read_graph', {})).rejects.toThrow();
  });
});
