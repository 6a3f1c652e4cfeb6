import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { bindMcpTools, type McpClientConfig } from '../../src/mcp/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

/** A client as `createMCPClient` gives one, listing `names`, with `about`'s properties (`instructions`, `serverInfo`) as they are defined (getters kept). */
function fakeClient(about: object, names: readonly string[]): McpClientConfig {
  const tools = (): Promise<ToolSet> => Promise.resolve(Object.fromEntries(names.map((name) => [name, tool({ description: `The ${name} tool.`, inputSchema: z.object({}), execute: async () => name })])));
  const client = Object.defineProperties({ tools, close: () => Promise.resolve() }, Object.getOwnPropertyDescriptors(about));
  return { client: client as unknown as McpClientConfig['client'] };
}

async function inventoryOf(servers: Record<string, McpClientConfig>): Promise<string> {
  const mcp = await bindMcpTools({ servers });
  try {
    const runtime = createToolSearchRuntime({ tools: mcp.tools, groups: mcp.groups, sources: mcp.sources, aliases: mcp.aliases, direct: [], inventory: { groupDescriptions: mcp.groupDescriptions } });
    return runtime.inventory;
  } finally {
    await mcp.close();
  }
}

describe('MCP instructions as inventory group lines (C23)', () => {
  it('gives the same bytes for the same servers and tools, whatever order the servers and their tools are listed in', async () => {
    const first = await inventoryOf({ alpha: fakeClient({ instructions: 'Alpha: files.' }, ['read_one', 'write_one']), beta: fakeClient({ instructions: 'Beta: mail.' }, ['send_mail']) });
    const second = await inventoryOf({ beta: fakeClient({ instructions: 'Beta: mail.' }, ['send_mail']), alpha: fakeClient({ instructions: 'Alpha: files.' }, ['write_one', 'read_one']) });
    expect(second).toBe(first);
    expect(first).toBe('alpha — Alpha: files.:\n- mcp__alpha__read_one\n- mcp__alpha__write_one\nbeta — Beta: mail.:\n- mcp__beta__send_mail\n');
  });

  it('reads instructions that change on every read once per binding: the runtime keeps its bytes for every turn, a new binding shows the new line', async () => {
    let reads = 0;
    const changing = { get instructions() {
      reads += 1;
      return `Session ${reads}: files.`;
    } };
    const mcp = await bindMcpTools({ servers: { alpha: fakeClient(changing, ['read_one']) } });
    expect(reads).toBe(1);
    const runtime = createToolSearchRuntime({ tools: mcp.tools, groups: mcp.groups, direct: [], inventory: { groupDescriptions: mcp.groupDescriptions } });
    const descriptions: string[] = [];
    for (let turn = 0; turn < 2; turn += 1) {
      const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
      await runtime.send({ model: scripted.model, prompt: 'go' }).result;
      descriptions.push(String(scripted.requests[0]!.tools.find((definition) => definition.name === 'tool_search')?.description));
    }
    await mcp.close();
    expect(descriptions[1]).toBe(descriptions[0]);
    expect(descriptions[0]).toContain('alpha — Session 1: files.:');
    // a new binding is a new bound set as far as its servers' words go: its line is the server's new one
    expect(await inventoryOf({ alpha: fakeClient(changing, ['read_one']) })).toBe('alpha — Session 2: files.:\n- mcp__alpha__read_one\n');
  });

  it('binds a client whose instructions or serverInfo cannot be read, with no line for it, instead of failing its start', async () => {
    const throwing = { get instructions(): string {
      throw new Error('revoked');
    }, serverInfo: { get title(): string {
      throw new Error('revoked');
    } } };
    const mcp = await bindMcpTools({ servers: { alpha: fakeClient(throwing, ['read_one']), beta: fakeClient({ serverInfo: { title: 'Beta: mail.' } }, ['send_mail']) } });
    await mcp.close();
    expect(mcp.groupDescriptions).toEqual({ beta: 'Beta: mail.' });
    expect(Object.keys(mcp.tools)).toEqual(['mcp__alpha__read_one', 'mcp__beta__send_mail']);
  });
});
