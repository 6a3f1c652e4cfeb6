import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import { sharedNamePrefix } from '../../src/catalog/shared-name-prefix.js';
import { shortNameAliases } from '../../src/catalog/short-name-aliases.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import type { RecordedRequest } from '../../src/testing/index.js';

// C23: the inventory may say a group's shared name prefix once; the model can still call the exact canonical name.

const ACTIONS = ['create_issue', 'list_issues', 'get_issue', 'update_issue', 'add_comment', 'list_pull_requests', 'merge_pull_request', 'get_file_contents'];

const JIRA_ACTIONS = ['create_ticket', 'close_ticket', 'assign_ticket', 'comment_on_ticket', 'list_tickets', 'get_ticket', 'move_ticket', 'link_tickets'];

/** Tools of MCP servers named the way bindMcpTools names them (`mcp__server__tool`), each recording its calls. */
function mcpTools(servers: readonly string[], calls: string[] = []): { tools: ToolSet; groups: Record<string, string[]> } {
  const tools: ToolSet = {};
  const groups: Record<string, string[]> = {};
  for (const server of servers) {
    groups[server] = [];
    for (const action of server === 'jira' ? JIRA_ACTIONS : ACTIONS) {
      const name = `mcp__${server}__${action}`;
      groups[server].push(name);
      tools[name] = tool({
        description: `${action.replaceAll('_', ' ')} on ${server}`,
        inputSchema: z.object({ target: z.string() }),
        execute: async () => {
          calls.push(name);
          return 'ok';
        },
      });
    }
  }
  return { tools, groups };
}

/** A budget one character short of the full listing (as sent: a line break counts 2), so only a shorter level fits. */
function justBelowFull(tools: ToolSet, groups: Record<string, string[]>): number {
  return JSON.stringify(createToolCatalog({ tools, groups, inventory: { maxChars: 1_000_000 } }).inventory).length - 3;
}

describe('sharedNamePrefix (C23)', () => {
  it('finds the namespace every name of a group shares, ending at a separator, and keeps a shared verb or a lone name', () => {
    expect(sharedNamePrefix('github', ['mcp__github__create_issue', 'mcp__github__list_issues'])).toBe('mcp__github__');
    expect(sharedNamePrefix('github', ['mcp__github__create_issue', 'mcp__github__create_pull_request'])).toBe('mcp__github__');
    expect(sharedNamePrefix('slack', ['slack_post_message', 'slack_add_reaction'])).toBe('slack_');
    expect(sharedNamePrefix('fs', ['fs.read', 'fs.write'])).toBe('fs.');
    expect(sharedNamePrefix('github', ['list_issues', 'list_labels'])).toBeUndefined();
    expect(sharedNamePrefix('github', ['mcp__github__create_issue'])).toBeUndefined();
    expect(sharedNamePrefix('x', ['ab_c', 'ab_d'])).toBeUndefined();
    // a rest must start with a letter or digit and must not be empty: the prefix is cut back to where it does
    expect(sharedNamePrefix('a', ['mcp__a__', 'mcp__a__b'])).toBe('mcp__');
    expect(sharedNamePrefix('a', ['mcp___x', 'mcp___y'])).toBe('mcp___');
    expect(sharedNamePrefix('a', ['mcp___x', 'mcp____y'])).toBeUndefined();
    expect(sharedNamePrefix('__proto__', ['__proto__', '__proto__x'])).toBeUndefined();
    expect(sharedNamePrefix('constructor', ['mcp__constructor__toString', 'mcp__constructor__valueOf'])).toBe('mcp__constructor__');
  });

  it('gives a short name as an alias only when no other tool ends with it and it is no other name or alias', () => {
    const { tools, groups } = mcpTools(['github', 'gitlab']);
    const solo = tool({ description: 'get a file', inputSchema: z.object({}), execute: async () => 'ok' });
    const catalog = createToolCatalog({ tools: { ...tools, get_file_contents: solo, mcp__jira__create_ticket: solo, mcp__jira__close_ticket: solo }, groups: { ...groups, jira: ['mcp__jira__create_ticket', 'mcp__jira__close_ticket'] }, aliases: { mcp__jira__close_ticket: ['close'] } });
    const aliases = shortNameAliases(catalog.entries);
    // both servers have create_issue, and a bound tool is named get_file_contents: none of these is an alias
    expect([...aliases.keys()].filter((name) => name.startsWith('mcp__git'))).toEqual([]);
    expect(aliases.get('mcp__jira__create_ticket')).toBe('create_ticket');
    expect(aliases.get('mcp__jira__close_ticket')).toBe('close_ticket');
  });
});

describe('inventory with shared prefixes said once (C23)', () => {
  it('lists every name as its group prefix plus the rest when only that fits; the same bound set in another order gives the same bytes', () => {
    const { tools, groups } = mcpTools(['github', 'gitlab']);
    const maxChars = justBelowFull(tools, groups);
    const catalog = createToolCatalog({ tools, groups, inventory: { maxChars } });
    expect(catalog.inventory).toBe(
      ['github', 'gitlab'].map((server) => `${server}: mcp__${server}__ + one of:\n${[...ACTIONS].sort().map((action) => `- ${action}\n`).join('')}`).join(''),
    );
    const reversed = Object.fromEntries(Object.entries(tools).reverse());
    expect(createToolCatalog({ tools: reversed, groups, inventory: { maxChars } }).inventory).toBe(catalog.inventory);
    // with room for every full name, the full names are listed as before
    expect(createToolCatalog({ tools, groups }).inventory).toContain('github:\n- mcp__github__add_comment\n');
  });

  it('a model-shaped turn: the model reads a shortened line, loads the tool by prefix + rest (and by the rest alone where unambiguous) and calls the exact canonical name', async () => {
    const calls: string[] = [];
    // jira's rests are jira's alone (aliases); github and gitlab share theirs (not aliases)
    const { tools, groups } = mcpTools(['github', 'gitlab', 'jira'], calls);
    const runtime = createToolSearchRuntime({ tools, groups, direct: [], inventory: { maxChars: justBelowFull(tools, groups) } });

    /** The shortened lines of tool_search's description: group prefix → the rests listed under it. */
    const shownUnder = (request: RecordedRequest) => {
      const description = request.tools.find((definition) => definition.name === 'tool_search')!.description!;
      const shown = new Map<string, string[]>();
      let prefix: string | undefined;
      for (const line of description.split('\n')) {
        const header = /^\S+: (\S+) \+ one of:$/.exec(line);
        if (header !== null) shown.set((prefix = header[1]!), []);
        else if (line.startsWith('- ') && prefix !== undefined) shown.get(prefix)!.push(line.slice(2));
        else prefix = undefined;
      }
      return shown;
    };
    let seen: Map<string, string[]> | undefined;
    const scripted = createScriptedModel({
      steps: [
        (request) => {
          seen = shownUnder(request);
          const githubPrefix = [...seen.keys()].find((prefix) => prefix.includes('github'))!;
          const jiraPrefix = [...seen.keys()].find((prefix) => prefix.includes('jira'))!;
          return {
            toolCalls: [
              // prefix + rest: the canonical name; the rest alone, where no other tool ends with it
              { toolName: 'tool_search', input: { query: `select:${githubPrefix}${seen.get(githubPrefix)![0]!}` } },
              { toolName: 'tool_search', input: { query: `select:${seen.get(jiraPrefix)![0]!}` } },
              // the rest alone where two servers share it finds no wrong tool
              { toolName: 'tool_search', input: { query: `select:${seen.get(githubPrefix)![1]!}` } },
            ],
          };
        },
        (request) => ({
          toolCalls: request.toolNames.filter((name) => name !== 'tool_search').map((name) => ({ toolName: name, input: { target: 'x' } })),
        }),
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'file an issue on github and jira' }).result;

    expect(seen!.get('mcp__github__')).toEqual([...ACTIONS].sort());
    expect(seen!.get('mcp__jira__')).toEqual([...JIRA_ACTIONS].sort());
    const activated = result.steps[0]!.toolResults.map((entry) => (entry.output as { activated: string[] }).activated);
    expect(activated[0]).toEqual(['mcp__github__add_comment']);
    expect(activated[1]).toEqual(['mcp__jira__assign_ticket']);
    // `create_issue` ends github's and gitlab's names: select: takes it for neither
    expect(activated[2]).toEqual([]);
    expect(scripted.requests[1]!.toolNames).toEqual(['tool_search', 'mcp__github__add_comment', 'mcp__jira__assign_ticket']);
    expect(calls).toEqual(['mcp__github__add_comment', 'mcp__jira__assign_ticket']);
    expect(result.status).toBe('completed');
  });

  it('a model that calls a shortened name as a tool is told the full name, then loads and calls the canonical tool', async () => {
    const calls: string[] = [];
    const { tools, groups } = mcpTools(['github', 'jira'], calls);
    const runtime = createToolSearchRuntime({ tools, groups, direct: [], inventory: { maxChars: justBelowFull(tools, groups) } });
    expect(runtime.inventory).toContain('jira: mcp__jira__ + one of:\n');
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'close_ticket', input: { target: 'x' } }] },
        (request) => {
          const message = JSON.stringify(request.prompt);
          return { toolCalls: [{ toolName: 'tool_search', input: { query: /Did you mean \\"(\w+)\\"/.exec(message)![1]! } }] };
        },
        { toolCalls: [{ toolName: 'mcp__jira__close_ticket', input: { target: 'x' } }] },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'close the jira ticket' }).result;
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-unknown', output: expect.stringContaining('Did you mean "mcp__jira__close_ticket"?') });
    expect((result.steps[1]!.toolResults[0]!.output as { activated: string[] }).activated).toEqual(['mcp__jira__close_ticket']);
    expect(calls).toEqual(['mcp__jira__close_ticket']);
    expect(result.status).toBe('completed');
  });

  it("a turn's client tools listed without their group prefix are loaded by the rest alone where unambiguous, like the runtime's; a rest both show loads neither", async () => {
    const { tools, groups } = mcpTools(['github']);
    const clientTool = (description: string) => tool({ description, inputSchema: z.object({}) });
    const clientTools = { ui__show_chart: clientTool('show a chart'), ui__show_table: clientTool('show a table'), ui__create_issue: clientTool('draft an issue in the UI'), ui__pick_color: clientTool('pick a color') };
    const runtime = createToolSearchRuntime({ tools, groups, direct: [], inventory: { maxChars: 300 } });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: ['select:show_chart', 'select:pick_color', 'select:create_issue'].map((query) => ({ toolName: 'tool_search', input: { query } })) }, { text: 'done' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'chart it', clientTools, clientId: 'ui' }).result;
    const description = scripted.requests[0]!.tools.find((definition) => definition.name === 'tool_search')!.description!;
    expect(description).toContain('\nui: ui__ + one of:\n- create_issue\n- pick_color\n- show_chart\n- show_table\n');
    const activated = result.steps[0]!.toolResults.map((entry) => (entry.output as { activated: string[] }).activated);
    expect(activated[0]).toEqual(['ui__show_chart']);
    expect(activated[1]).toEqual(['ui__pick_color']);
    // the model was shown create_issue under github and under ui: select: takes it for neither
    // (before: github's, by the short-name alias the catalog built without the client tools)
    expect(activated[2]).toEqual([]);
    expect((result.steps[0]!.toolResults[2]!.output as { reason: string }).reason).toBe(
      "No tool is named create_issue: it ends the names of mcp__github__create_issue, ui__create_issue. Search with select: and the full name of the one you need (its group's prefix and this name).",
    );
  });

  it('select: of a rest two servers share loads neither and names both full names, so the next select: takes the one meant', async () => {
    const { tools, groups } = mcpTools(['github', 'gitlab']);
    const runtime = createToolSearchRuntime({ tools, groups, direct: [], inventory: { maxChars: justBelowFull(tools, groups) } });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'select:create_issue' } }] },
        (request) => {
          const named = /ends the names of (\w+), (\w+)\./.exec(JSON.stringify(request.prompt))!;
          return { toolCalls: [{ toolName: 'tool_search', input: { query: `select:${named[2]!}` } }] };
        },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'file it on gitlab' }).result;
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({
      activated: [],
      reason: 'No tool is named create_issue: it ends the names of mcp__github__create_issue, mcp__gitlab__create_issue. Search with select: and the full name of the one you need (its group\'s prefix and this name).',
    });
    expect((result.steps[1]!.toolResults[0]!.output as { activated: string[] }).activated).toEqual(['mcp__gitlab__create_issue']);
  });

  it('a group whose rest is another tool\'s name or alias, in any case, keeps its full names: no shown name reads as two tools', () => {
    const { tools, groups } = mcpTools(['github', 'gitlab']);
    const other = tool({ description: 'create a jira ticket', inputSchema: z.object({}), execute: async () => 'ok' });
    const cases: ReadonlyArray<readonly [string, Partial<Parameters<typeof createToolCatalog>[0]> & { tools: ToolSet }]> = [
      ['a tool named create_issue', { tools: { ...tools, create_issue: other }, groups: { ...groups, jira: ['create_issue'] } }],
      ['a tool named Create_Issue', { tools: { ...tools, Create_Issue: other }, groups }],
      ['a tool aliased create_issue', { tools: { ...tools, jira_new: other }, groups, aliases: { jira_new: ['create_issue'] } }],
    ];
    for (const [label, options] of cases) {
      const full = createToolCatalog({ ...options, inventory: { maxChars: 1_000_000 } }).inventory;
      // room for github's shortened lines, not its full ones
      const maxChars = JSON.stringify(full).length - 3;
      const inventory = createToolCatalog({ ...options, inventory: { maxChars } }).inventory;
      expect(inventory, label).not.toContain('mcp__github__ + one of:');
      expect(inventory.split('\n').filter((line) => /^- create_issue$/i.test(line)).length, label).toBeLessThanOrEqual(1);
    }
    // without the clash the same budget shortens github's lines
    const alone = createToolCatalog({ tools: { ...tools, jira_new: other }, groups, inventory: { maxChars: justBelowFull({ ...tools, jira_new: other }, groups) } }).inventory;
    expect(alone).toContain('github: mcp__github__ + one of:\n- add_comment\n');
  });

  it('a model-shaped turn over a shortened inventory: every rest shown under a prefix, selected alone, loads prefix + rest or nothing, never another tool', async () => {
    // before: github's and gitlab's lines showed `- create_issue` while a jira tool is named
    // create_issue, and select:create_issue, read under github's line, loaded jira's tool
    const { tools, groups } = mcpTools(['github', 'gitlab', 'jira']);
    const literal = tool({ description: 'create a ticket in the tracker', inputSchema: z.object({ target: z.string() }), execute: async () => 'ok' });
    const all = { ...tools, create_issue: literal };
    const allGroups = { ...groups, tracker: ['create_issue'] };
    const runtime = createToolSearchRuntime({ tools: all, groups: allGroups, direct: [], inventory: { maxChars: justBelowFull(all, allGroups) } });
    const shown: { prefix: string; rest: string }[] = [];
    let prefix: string | undefined;
    for (const line of runtime.inventory.split('\n')) {
      const header = /^\S+: (\S+) \+ one of:$/.exec(line);
      if (header !== null) prefix = header[1]!;
      else if (line.startsWith('- ') && prefix !== undefined) shown.push({ prefix, rest: line.slice(2) });
      else prefix = undefined;
    }
    expect(shown.map(({ prefix: shownPrefix }) => shownPrefix)).toContain('mcp__jira__');
    for (const { prefix: shownPrefix, rest } of shown) {
      const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: `select:${rest}` } }] }, { text: 'done' }] });
      const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
      const { activated } = result.steps[0]!.toolResults[0]!.output as { activated: string[] };
      expect(activated.every((name) => name === shownPrefix + rest), `${shownPrefix} + ${rest} → ${activated.join(', ')}`).toBe(true);
    }
  });
});
