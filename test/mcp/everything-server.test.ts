import { createMCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { bindMcpTools, type BoundMcpTools } from '../../src/mcp/bind-mcp-tools.js';
import { McpServerStartError } from '../../src/mcp/mcp-server-start-error.js';
import { nodePackageMcpServer } from '../../src/mcp/node-package-mcp-server.js';
import { callbackSink } from '../../src/telemetry/callback-sink.js';
import type { TelemetryRecord } from '../../src/telemetry/telemetry-record.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { callTool, resultText, waitForExit } from './mcp-test-helpers.js';

const EVERYTHING_ENTRY = '@modelcontextprotocol/server-everything/dist/index.js';
const MEMORY_ENTRY = '@modelcontextprotocol/server-memory/dist/index.js';
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

let tempDir: string;

beforeAll(async () => {
  tempDir = await realpath(await mkdtemp(join(tmpdir(), 'turnscope-mcp-everything-')));
});

afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

describe('bindMcpTools with the real @modelcontextprotocol/server-everything over stdio', () => {
  let bound: BoundMcpTools;

  beforeAll(async () => {
    bound = await bindMcpTools({ servers: { everything: nodePackageMcpServer({ entry: EVERYTHING_ENTRY, args: ['stdio'] }) }, startTimeoutMs: 30_000 });
  }, 40_000);

  afterAll(async () => {
    await bound?.close();
  });

  it('lists its tools under mcp__everything__<tool>, grouped and sourced by the server', () => {
    expect(bound.groups.everything).toEqual(
      expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum', 'mcp__everything__get-tiny-image', 'mcp__everything__get-structured-content']),
    );
    expect(Object.keys(bound.tools)).toEqual(bound.groups.everything);
    expect(new Set(Object.values(bound.sources))).toEqual(new Set(['everything']));
  });

  it('calls echo and get-sum for real', async () => {
    expect(resultText(await callTool(bound.tools, 'mcp__everything__echo', { message: 'hello turnscope' }))).toBe('Echo: hello turnscope');
    expect(resultText(await callTool(bound.tools, 'mcp__everything__get-sum', { a: 2, b: 3 }))).toBe('The sum of 2 and 3 is 5.');
  });

  it('in a turn: deferred behind tool_search, grouped by the server, found, called next step, its source recorded (C8)', async () => {
    const records: TelemetryRecord[] = [];
    const runtime = createToolSearchRuntime({ tools: bound.tools, sources: bound.sources, direct: [], telemetry: callbackSink((record) => void records.push(record)) });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'add two numbers and return their sum', limit: 1 } }] },
        { toolCalls: [{ toolName: 'mcp__everything__get-sum', input: { a: 20, b: 22 } }] },
        { text: '42' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'what is 20 + 22?' }).result;

    expect(runtime.inventory.startsWith('everything:\n- mcp__everything__echo\n')).toBe(true);
    expect(scripted.requests[0]!.toolNames).toEqual(['tool_search']);
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({ activated: ['mcp__everything__get-sum'] });
    expect(scripted.requests[1]!.toolNames).toEqual(['tool_search', 'mcp__everything__get-sum']);
    expect(result.steps[1]!.toolResults[0]).toMatchObject({ outcome: 'ok' });
    expect(resultText(result.steps[1]!.toolResults[0]!.output)).toBe('The sum of 20 and 22 is 42.');
    expect(records.filter((record) => record.type === 'tool.execution.end').map((record) => record.type === 'tool.execution.end' && record.source)).toEqual([
      undefined,
      'everything',
    ]);
  });
});

describe('bindMcpTools with clients created by the caller', () => {
  it('binds a created @ai-sdk/mcp client beside a started server: group and source are its key, close() closes both', async () => {
    const pidFile = join(tempDir, 'given-memory.pid');
    const memory = nodePackageMcpServer({ entry: MEMORY_ENTRY, env: { MEMORY_FILE_PATH: join(tempDir, 'given.jsonl') } });
    const client = await createMCPClient({
      transport: new StdioMCPTransport({ command: process.execPath, args: [fixture('record-pid-and-run.mjs'), pidFile, ...memory.args!], env: memory.env!, stderr: 'ignore' }),
    });
    const bound = await bindMcpTools({
      servers: { notes: { client }, everything: nodePackageMcpServer({ entry: EVERYTHING_ENTRY, args: ['stdio'] }) },
      startTimeoutMs: 30_000,
    });
    try {
      expect(bound.groups.notes).toEqual(expect.arrayContaining(['mcp__notes__create_entities', 'mcp__notes__read_graph']));
      expect(bound.sources['mcp__notes__read_graph']).toBe('notes');
      expect(bound.sources['mcp__everything__echo']).toBe('everything');
      expect(Object.keys(bound.tools)[0]).toBe(bound.groups.notes![0]);
      expect(resultText(await callTool(bound.tools, 'mcp__notes__read_graph', {}))).toContain('"entities"');
    } finally {
      await bound.close();
    }
    await waitForExit(pidFile);
  }, 40_000);

  it('keeps a client marked keepOpen open after close(): the caller closes it', async () => {
    const memory = nodePackageMcpServer({ entry: MEMORY_ENTRY, env: { MEMORY_FILE_PATH: join(tempDir, 'kept.jsonl') } });
    const client = await createMCPClient({
      transport: new StdioMCPTransport({ command: memory.command, args: [...memory.args!], env: memory.env!, stderr: 'ignore' }),
    });
    try {
      const bound = await bindMcpTools({ servers: { memory: { client, keepOpen: true } } });
      await bound.close();
      const stillOpen = await client.tools();
      expect(Object.keys(stillOpen)).toContain('read_graph');
    } finally {
      await client.close();
    }
  });

  it('a client whose tool listing fails is an McpServerStartError naming it; it is closed unless keepOpen', async () => {
    const failing = () => ({ tools: vi.fn(async () => Promise.reject(new Error('listing refused'))), close: vi.fn(async () => undefined) });
    const owned = failing();
    const error = await bindMcpTools({ servers: { remote: { client: owned as never } } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpServerStartError);
    expect(error).toMatchObject({ server: 'remote', reason: 'handshake', command: [] });
    expect((error as Error).message).toContain('failed to start (handshake): listing refused');
    expect((error as Error).message).toContain('Client: the @ai-sdk/mcp client given as servers.remote.client.');
    expect(owned.close).toHaveBeenCalledTimes(1);

    const kept = failing();
    await bindMcpTools({ servers: { remote: { client: kept as never, keepOpen: true } } }).catch(() => undefined);
    expect(kept.close).not.toHaveBeenCalled();
  });

  it('a client that never answers times out without hanging', async () => {
    const silent = { tools: () => new Promise<never>(() => {}), close: vi.fn(async () => undefined) };
    const startedAt = Date.now();
    const error = await bindMcpTools({ servers: { silent: { client: silent as never } }, startTimeoutMs: 300 }).catch((caught: unknown) => caught);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    expect(error).toMatchObject({ reason: 'timeout', server: 'silent' });
    expect(silent.close).toHaveBeenCalledTimes(1);
  });

  it('something that is not a client is an InvalidOptionError before anything starts', async () => {
    await expect(bindMcpTools({ servers: { broken: { client: {} as never } } })).rejects.toMatchObject({
      code: 'invalid-option',
      option: 'servers.broken.client',
    });
  });
});
