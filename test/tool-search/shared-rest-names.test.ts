import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

// C9, C23: a whole query that is the rest (the name without its group's prefix) of several
// tools of the turn loads all of them up to the limit, by name order, and the reason names them.

const ACTIONS = ['create_issue', 'list_issues', 'get_issue', 'add_comment'];

function namedTools(names: readonly string[]): ToolSet {
  return Object.fromEntries(names.map((name) => [name, tool({ description: `${name.replaceAll('_', ' ')} tool`, inputSchema: z.object({ target: z.string() }), execute: async () => 'ok' })]));
}

function servers(prefixOf: (server: string) => string, names: readonly string[]): { tools: ToolSet; groups: Record<string, string[]> } {
  const groups = Object.fromEntries(names.map((server) => [server, ACTIONS.map((action) => `${prefixOf(server)}${action}`)]));
  return { tools: namedTools(Object.values(groups).flat()), groups };
}

async function search(
  runtime: ReturnType<typeof createToolSearchRuntime>,
  input: { query: string; limit?: number },
  send: Partial<Parameters<ReturnType<typeof createToolSearchRuntime>['send']>[0]> = {},
): Promise<{ activated: string[]; reason?: string }> {
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input }] }, { text: 'done' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go', ...send }).result;
  return result.steps[0]!.toolResults[0]!.output as { activated: string[]; reason?: string };
}

describe('a whole query that is a rest several tools share (C9, C23)', () => {
  it("loads a turn's client tool and an MCP tool that share the rest, in name order, and says the name is shared", async () => {
    const { tools, groups } = servers((server) => `mcp__${server}__`, ['github']);
    const runtime = createToolSearchRuntime({ tools, groups, direct: [] });
    const clientTools = namedTools(['ui__create_issue']);
    for (const query of ['create_issue', 'Create_Issue', '`create_issue`']) {
      const output = await search(runtime, { query }, { clientTools, clientId: 'ui' });
      // before: only mcp__github__create_issue, by the short-name alias the catalog built alone
      expect(output.activated).toEqual(['mcp__github__create_issue', 'ui__create_issue']);
      expect(output.reason).toBe(
        `${query.replaceAll('`', '')} is the name, without its group's prefix, of 2 tools: mcp__github__create_issue, ui__create_issue. Call the one you need by its full name.`,
      );
    }
  });

  it('loads every MCP server\'s tool with that rest, and plain group-prefixed names too, up to the limit; the reason names the rest', async () => {
    const mcp = servers((server) => `mcp__${server}__`, ['github', 'gitlab', 'jira']);
    const mcpRuntime = createToolSearchRuntime({ ...mcp, direct: [] });
    expect((await search(mcpRuntime, { query: 'create_issue' })).activated).toEqual(['mcp__github__create_issue', 'mcp__gitlab__create_issue', 'mcp__jira__create_issue']);
    const limited = await search(mcpRuntime, { query: 'create_issue', limit: 2 });
    expect(limited).toEqual({
      activated: ['mcp__github__create_issue', 'mcp__gitlab__create_issue'],
      reason:
        "create_issue is the name, without its group's prefix, of 3 tools: mcp__github__create_issue, mcp__gitlab__create_issue, mcp__jira__create_issue. " +
        'Not loaded (past the limit): mcp__jira__create_issue; search with select: and the full names of those you need.',
    });
    const plain = servers((server) => `${server}_`, ['github', 'gitlab']);
    const plainRuntime = createToolSearchRuntime({ ...plain, direct: [] });
    expect((await search(plainRuntime, { query: 'list_issues' })).activated).toEqual(['github_list_issues', 'gitlab_list_issues']);
  });

  it('a rest shared by a direct and a deferred tool loads the deferred one and says the direct one is callable', async () => {
    const { tools, groups } = servers((server) => `mcp__${server}__`, ['github', 'gitlab']);
    const runtime = createToolSearchRuntime({ tools, groups, direct: ['mcp__gitlab__create_issue'] });
    const output = await search(runtime, { query: 'create_issue' });
    expect(output.activated).toEqual(['mcp__github__create_issue']);
    expect(output.reason).toContain('mcp__gitlab__create_issue is already callable on this step');
    expect(output.reason).toContain("create_issue is the name, without its group's prefix, of 2 tools: mcp__github__create_issue, mcp__gitlab__create_issue.");
  });

  it('a select: of a rest shared by a direct and a deferred tool loads the deferred one and says the direct one is callable', async () => {
    const { tools, groups } = servers((server) => `mcp__${server}__`, ['github', 'gitlab']);
    const runtime = createToolSearchRuntime({ tools, groups, direct: ['mcp__gitlab__create_issue'] });
    // before: mcp__github__create_issue loaded, no reason: the direct one was not mentioned
    for (const query of ['select:create_issue', 'select:Create_Issue,list_issues']) {
      const output = await search(runtime, { query, limit: 5 });
      expect(output.activated, query).toContain('mcp__github__create_issue');
      expect(output.reason, query).toContain('mcp__gitlab__create_issue is already callable on this step: call it directly, no search needed.');
    }
    // a rest only a direct tool has: that tool is callable, not an unknown name
    const onlyDirect = createToolSearchRuntime({ tools, groups, direct: ['mcp__gitlab__add_comment', 'mcp__github__add_comment'] });
    expect(await search(onlyDirect, { query: 'select:add_comment' })).toEqual({
      activated: [],
      reason: 'mcp__github__add_comment, mcp__gitlab__add_comment are already callable on this step: call them directly, no search needed.',
    });
  });

  it('a tool named the rest, in any case, or with it as an alias, is what the query names; a longer name ending with it is no sharer', async () => {
    const { tools, groups } = servers((server) => `mcp__${server}__`, ['github', 'gitlab']);
    const named = createToolSearchRuntime({ tools: { ...tools, ...namedTools(['Create_Issue']) }, groups, direct: [] });
    expect((await search(named, { query: 'create_issue' })).activated[0]).toBe('Create_Issue');
    const aliased = createToolSearchRuntime({ tools: { ...tools, ...namedTools(['jira_new_ticket']) }, groups, direct: [], aliases: { jira_new_ticket: ['create_issue'] } });
    expect((await search(aliased, { query: 'create_issue' })).activated[0]).toBe('jira_new_ticket');
    const longer = servers((server) => `mcp__${server}__`, ['github']);
    const bulk = createToolSearchRuntime({ tools: { ...longer.tools, ...namedTools(['mcp__github__bulk_create_issue', 'mcp__gitlab__create_issue', 'mcp__gitlab__list_issues']) }, groups: { github: [...longer.groups.github!, 'mcp__github__bulk_create_issue'], gitlab: ['mcp__gitlab__create_issue', 'mcp__gitlab__list_issues'] }, direct: [] });
    expect(await search(bulk, { query: 'create_issue' })).toMatchObject({ activated: ['mcp__github__create_issue', 'mcp__gitlab__create_issue'] });
  });
});

describe('a shared rest in confirm mode (C24)', () => {
  it('offers every tool with the rest as candidates, loads none, and says to select them by full name', async () => {
    const { tools, groups } = servers((server) => `mcp__${server}__`, ['github', 'gitlab']);
    const runtime = createToolSearchRuntime({ tools, groups, direct: [], search: { mode: 'confirm' } });
    const output = (await search(runtime, { query: 'create_issue' })) as { activated: string[]; candidates?: { name: string }[]; reason?: string };
    expect(output.activated).toEqual([]);
    expect(output.candidates?.map((candidate) => candidate.name)).toEqual(['mcp__github__create_issue', 'mcp__gitlab__create_issue']);
    expect(output.reason).toContain("create_issue is the name, without its group's prefix, of 2 tools: mcp__github__create_issue, mcp__gitlab__create_issue. Select the ones you need by their full names.");
  });
});
