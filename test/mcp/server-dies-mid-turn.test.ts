import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { bindMcpTools } from '../../src/mcp/bind-mcp-tools.js';
import { nodePackageMcpServer } from '../../src/mcp/node-package-mcp-server.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { resultText, waitForExit } from './mcp-test-helpers.js';

const EVERYTHING_ENTRY = '@modelcontextprotocol/server-everything/dist/index.js';
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

let tempDir: string;

beforeAll(async () => {
  tempDir = await realpath(await mkdtemp(join(tmpdir(), 'turnscope-mcp-dies-')));
});

afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

describe('an MCP server that dies mid-turn', () => {
  it('killed between steps: the next call is a tool error naming the server, the turn goes on and completes, close() still works', async () => {
    const pidFile = join(tempDir, 'everything.pid');
    const everything = nodePackageMcpServer({ entry: EVERYTHING_ENTRY, args: ['stdio'] });
    const bound = await bindMcpTools({
      servers: { everything: { command: process.execPath, args: [fixture('record-pid-and-run.mjs'), pidFile, ...everything.args!] } },
      startTimeoutMs: 30_000,
    });
    const pid = Number(await readFile(pidFile, 'utf8'));
    try {
      const runtime = createToolSearchRuntime({ tools: bound.tools, sources: bound.sources, direct: [] });
      const scripted = createScriptedModel({
        steps: [
          { toolCalls: [{ toolName: 'tool_search', input: { query: 'mcp__everything__echo', limit: 1 } }] },
          { toolCalls: [{ toolName: 'mcp__everything__echo', input: { message: 'before' } }] },
          () => {
            process.kill(pid, 'SIGKILL');
            // answer once the child is gone, so the call below meets a dead server
            return { toolCalls: [{ toolName: 'mcp__everything__echo', input: { message: 'after' } }], delayMs: 300 };
          },
          { text: 'the echo server stopped; I could echo only once' },
        ],
      });
      const startedAt = Date.now();
      const result = await runtime.send({ model: scripted.model, prompt: 'echo twice' }).result;

      expect(Date.now() - startedAt).toBeLessThan(10_000);
      expect(result).toMatchObject({ status: 'completed', reason: 'stop', text: 'the echo server stopped; I could echo only once' });
      expect(resultText(result.steps[1]!.toolResults[0]!.output)).toBe('Echo: before');
      const failed = result.steps[2]!.toolResults[0]!;
      expect(failed.outcome).toBe('error');
      expect(String(failed.output)).toMatch(/^mcp__everything__echo failed: MCP server "everything" did not answer \(.+\); it may have stopped\.$/);
      expect(scripted.requests[3]!.toolNames).toEqual(['tool_search', 'mcp__everything__echo']);
    } finally {
      const closing = Date.now();
      await bound.close();
      expect(Date.now() - closing).toBeLessThan(3_000);
    }
    await waitForExit(pidFile);
  }, 40_000);

  it('exits during a call: that call and later ones are tool errors at once (no hang), the turn completes, close() still works', async () => {
    const pidFile = join(tempDir, 'crashing.pid');
    const bound = await bindMcpTools({ servers: { crashy: { command: process.execPath, args: [fixture('crashing-server.mjs'), pidFile] } } });
    try {
      const runtime = createToolSearchRuntime({ tools: bound.tools, sources: bound.sources, direct: Object.keys(bound.tools), timeout: { toolMs: 20_000 } });
      const scripted = createScriptedModel({
        steps: [
          { toolCalls: [{ toolName: 'mcp__crashy__echo', input: { message: 'one' } }] },
          { toolCalls: [{ toolName: 'mcp__crashy__crash', input: {} }] },
          { toolCalls: [{ toolName: 'mcp__crashy__echo', input: { message: 'two' } }] },
          { text: 'the server crashed' },
        ],
      });
      const startedAt = Date.now();
      const result = await runtime.send({ model: scripted.model, prompt: 'echo, crash, echo' }).result;

      expect(Date.now() - startedAt).toBeLessThan(10_000);
      expect(result).toMatchObject({ status: 'completed', reason: 'stop' });
      expect(resultText(result.steps[0]!.toolResults[0]!.output)).toBe('echo: one');
      for (const step of [1, 2]) {
        const toolResult = result.steps[step]!.toolResults[0]!;
        expect(toolResult).toMatchObject({ outcome: 'error' });
        expect(toolResult.timedOut).toBeUndefined();
        expect(String(toolResult.output)).toContain('MCP server "crashy" did not answer');
      }
      await waitForExit(pidFile);
    } finally {
      await bound.close();
    }
  });
});
