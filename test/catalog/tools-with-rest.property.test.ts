import { tool, type ToolSet } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import { toolsWithRest } from '../../src/catalog/tools-with-rest.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

// C23: "the model can still call the exact canonical name" — every name the inventory shows,
// under a ceiling or not, resolves with select: to exactly the tool it stands for.

const solo = tool({ description: 'a tool', inputSchema: z.object({}), execute: async () => 'ok' });

/** What the inventory shows: each `- name` line with the canonical name it stands for (its group's prefix said once, or none). */
function shownNames(inventory: string): { shown: string; canonical: string }[] {
  const found: { shown: string; canonical: string }[] = [];
  let prefix = '';
  for (const line of inventory.split('\n')) {
    const header = /^.*: (\S+) \+ one of:$/.exec(line);
    if (header !== null) prefix = header[1]!;
    else if (line.startsWith('- ')) found.push({ shown: line.slice(2), canonical: prefix + line.slice(2) });
    else if (line.endsWith(':')) prefix = '';
  }
  return found;
}

/** One turn whose first step runs `select:` of each query in parallel; the outputs in query order. */
async function selectEach(
  runtime: ReturnType<typeof createToolSearchRuntime>,
  queriesOf: (description: string) => string[],
  send: { profile?: string; clientTools?: ToolSet; clientId?: string },
): Promise<{ queries: string[]; outputs: { activated: string[]; reason?: string }[] }> {
  let queries: string[] = [];
  const scripted = createScriptedModel({
    steps: [
      (request) => {
        queries = queriesOf(request.tools.find((definition) => definition.name === 'tool_search')?.description ?? '');
        return queries.length === 0 ? { text: 'nothing shown' } : { toolCalls: queries.map((query) => ({ toolName: 'tool_search', input: { query } })) };
      },
      { text: 'done' },
    ],
  });
  const result = await runtime.send({ model: scripted.model, prompt: 'go', ...send }).result;
  return { queries, outputs: (result.steps[0]?.toolResults ?? []).map((entry) => entry.output as { activated: string[]; reason?: string }) };
}

const PADDING = Array.from({ length: 10 }, (_, index) => `mcp__padding__summarize_the_quarterly_report_${index}`);

const server = fc.constantFrom('github', 'git', 'gitlab', '__proto__', 'constructor', 'a-b');
// rests equal to a group name (`github`), prefixes of one another (`list`, `list_issues`), hostile keys
const action = fc.constantFrom('create_issue', 'Create_Issue', 'issue', 'list', 'list_issues', 'github', 'git', '__proto__', 'constructor', 'toString', 'x_issue');
const shape = fc.record({
  prefixed: fc.uniqueArray(fc.tuple(server, action, fc.boolean()), { minLength: 2, maxLength: 16, selector: ([s, a]) => `${s}|${a}` }),
  bare: fc.uniqueArray(fc.constantFrom('create_issue', 'issue', 'github', 'constructor'), { maxLength: 2 }),
  ceiling: fc.option(fc.array(fc.nat(), { minLength: 1, maxLength: 10 }), { nil: undefined }),
  client: fc.uniqueArray(fc.constantFrom('ui__create_issue', 'ui__list', 'ui__github', 'ui__constructor'), { maxLength: 2 }),
});

describe('every name the inventory shows resolves (C9, C23)', () => {
  it('select: of a shown name, its rest alone or its canonical name, loads exactly that tool, with and without a ceiling; a rest several tools have loads none of the others', async () => {
    await fc.assert(
      fc.asyncProperty(shape, async ({ prefixed, bare, ceiling, client }) => {
        const tools = Object.create(null) as ToolSet;
        const groups = Object.create(null) as Record<string, string[]>;
        for (const [serverName, actionName, mcp] of prefixed) {
          // MCP-style `mcp__server__x` names, or plain group-prefixed `server_x`
          const name = mcp ? `mcp__${serverName}__${actionName}` : `${serverName}_${actionName}`;
          if (Object.hasOwn(tools, name)) continue;
          tools[name] = solo;
          (groups[serverName] ??= []).push(name);
        }
        for (const name of bare) if (!Object.hasOwn(tools, name)) tools[name] = solo;
        const names = Object.keys(tools).sort();
        // a long-named group in every turn, so a listing one character short is over the budget's minimum (300)
        for (const name of PADDING) tools[name] = solo;
        groups.padding = [...PADDING];
        const inCeiling = [...(ceiling === undefined ? names : new Set(ceiling.map((index) => names[index % names.length]!))), ...PADDING];
        const clientTools = Object.fromEntries(client.map((name) => [name, solo])) as ToolSet;
        // the turn's tools as one catalog: a budget one character short of their full listing shortens what it can
        const turnGroups = Object.fromEntries(Object.entries(groups).map(([group, members]) => [group, members.filter((name) => inCeiling.includes(name))]).filter(([, members]) => (members ?? []).length > 0));
        const turnCatalog = createToolCatalog({
          tools: Object.fromEntries([...inCeiling.map((name) => [name, solo]), ...client.map((name) => [name, solo])]),
          groups: { ...turnGroups, ...(client.length === 0 ? {} : { ui: client }) },
          direct: [],
          inventory: { maxChars: 1_000_000 },
        });
        const maxChars = JSON.stringify(turnCatalog.inventory).length - 3;
        const runtime = createToolSearchRuntime({
          tools,
          groups,
          direct: [],
          inventory: { maxChars },
          ...(ceiling === undefined ? {} : { profiles: { p: { tools: inCeiling } } }),
        });
        const turnNames = [...inCeiling, ...client];
        const { queries, outputs } = await selectEach(
          runtime,
          (description) => shownNames(description).flatMap(({ shown, canonical }) => [...new Set([`select:${shown}`, `select:${canonical}`])]),
          { ...(ceiling === undefined ? {} : { profile: 'p' }), ...(client.length === 0 ? {} : { clientTools, clientId: 'ui' }) },
        );
        expect(outputs.length).toBe(queries.length);
        queries.forEach((query, index) => {
          const entry = query.slice('select:'.length);
          const output = outputs[index]!;
          if (turnNames.includes(entry)) {
            // a canonical name: exactly that tool
            expect(output.activated, query).toEqual([entry]);
            return;
          }
          // a shown rest: exactly its tool when no other tool of the turn has that rest; else
          // nothing (never another tool), the reason naming its tool
          const lower = entry.toLowerCase();
          const owners = turnNames.filter((name) => name.toLowerCase() === lower || (name.toLowerCase().endsWith(lower) && '_-'.includes(name.charAt(name.length - lower.length - 1))));
          const canonical = queries[index + 1]!.slice('select:'.length);
          if (owners.length === 1) expect(output.activated, query).toEqual([canonical]);
          else {
            expect([[], [canonical]], query).toContainEqual(output.activated);
            // the reason lists 5 names at most, then counts the others
            if (output.activated.length === 0) expect(output.reason, query).toContain(owners.length <= 5 ? canonical : ' more.');
          }
        });
      }),
      { numRuns: 60 },
    );
  });
});

describe('toolsWithRest (C23)', () => {
  it("finds the names whose rest after their group's prefix is the text, in any case, safe for hostile keys", () => {
    const groups = new Map<string, readonly string[]>([
      ['github', ['mcp__github__bulk_create_issue', 'mcp__github__create_issue']],
      ['ui', ['ui__create_issue']],
      ['slack', ['slack_send']],
      ['other', ['create_issue', '__proto__']],
    ]);
    expect(toolsWithRest('create_issue', groups)).toEqual(['mcp__github__create_issue', 'ui__create_issue']);
    expect(toolsWithRest('CREATE_ISSUE', groups)).toEqual(['mcp__github__create_issue', 'ui__create_issue']);
    expect(toolsWithRest('send', groups)).toEqual(['slack_send']);
    expect(toolsWithRest('issue', groups)).toEqual([]);
    expect(toolsWithRest('__proto__', groups)).toEqual([]);
    expect(toolsWithRest('constructor', groups)).toEqual([]);
  });

  it('with base groups (the catalog\'s, for a turn with client tools) answers as without them, whatever the groups share', () => {
    const name = fc.tuple(fc.constantFrom('mcp__github__', 'mcp__gitlab__', 'ui__', 'slack_', ''), fc.constantFrom('create_issue', 'Create_Issue', 'send', '__proto__', 'list'));
    const groupsOf = fc.array(fc.tuple(fc.constantFrom('github', 'gitlab', 'ui', 'slack', 'other', '__proto__'), fc.uniqueArray(name.map(([prefix, rest]) => prefix + rest), { maxLength: 5 })), { maxLength: 6 });
    fc.assert(
      fc.property(groupsOf, groupsOf, fc.array(fc.nat(5), { maxLength: 6 }), (turnPairs, basePairs, copied) => {
        // a name is in one group, as inventoryGroups makes them
        const grouped = (pairs: typeof turnPairs) => {
          const seen = new Set<string>();
          return new Map<string, readonly string[]>(pairs.map(([group, names]) => [group, names.filter((one) => !seen.has(one) && seen.add(one)).sort()]));
        };
        const base = grouped(basePairs);
        // the turn repeats some of the base's groups (same array or an equal copy) and has its own
        const own = grouped(turnPairs);
        const repeated = [...base].filter((_, index) => copied.includes(index));
        const taken = new Set(repeated.flatMap(([, names]) => names));
        const turn = new Map<string, readonly string[]>([...own].map(([group, names]) => [group, names.filter((one) => !taken.has(one))]));
        for (const [index, [group, names]] of repeated.entries()) turn.set(group, index % 2 === 0 ? names : [...names]);
        const plain = new Map(turn);
        for (const rest of ['create_issue', 'CREATE_ISSUE', 'send', '__proto__', 'list', 'constructor']) {
          expect(toolsWithRest(rest, turn, base), rest).toEqual(toolsWithRest(rest, plain));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a rest shortened under a profile ceiling (C6, C23)', () => {
  it('select: of a rest unique in the ceiling but not in the catalog loads the tool the inventory showed it for', async () => {
    const tools = Object.fromEntries(['github', 'gitlab'].flatMap((server) => ['create_issue', 'list_issues', 'get_issue'].map((action) => [`mcp__${server}__${action}`, solo]))) as ToolSet;
    for (const name of PADDING) tools[name] = solo;
    const github = ['mcp__github__create_issue', 'mcp__github__get_issue', 'mcp__github__list_issues'];
    const runtime = createToolSearchRuntime({
      tools,
      groups: { github, gitlab: ['mcp__gitlab__create_issue', 'mcp__gitlab__get_issue', 'mcp__gitlab__list_issues'], padding: [...PADDING] },
      direct: [],
      inventory: { maxChars: 600 },
      profiles: { triage: { tools: [...github, ...PADDING] } },
    });
    const { outputs } = await selectEach(runtime, (description) => {
      expect(description).toContain('github: mcp__github__ + one of:\n- create_issue\n');
      return ['select:create_issue', 'select:Get_Issue,list_issues', 'create_issue'];
    }, { profile: 'triage' });
    // before: "No tool is named create_issue: it ends the names of mcp__github__create_issue" (the
    // catalog's short names leave create_issue out: gitlab's ends with it too), nothing loaded
    expect(outputs.map((output) => output.activated)).toEqual([['mcp__github__create_issue'], ['mcp__github__get_issue', 'mcp__github__list_issues'], ['mcp__github__create_issue']]);
    // the whole catalog: the rest is gitlab's too, and select: loads neither
    const whole = await selectEach(runtime, () => ['select:create_issue'], {});
    expect(whole.outputs[0]!.activated).toEqual([]);
  });
});

describe('a shown rest the ranker reads as another name (C9, C23)', () => {
  it('select: of the rest loads only its tool, not the tool whose words the ranker took it for', async () => {
    const tools = Object.fromEntries([...['github', 'gitlab'].flatMap((server) => ['create_issue', 'list_issues'].map((action) => `mcp__${server}__${action}`)), 'issue_create', ...PADDING].map((name) => [name, solo])) as ToolSet;
    const github = ['mcp__github__create_issue', 'mcp__github__list_issues'];
    const runtime = createToolSearchRuntime({
      tools,
      groups: { github, gitlab: ['mcp__gitlab__create_issue', 'mcp__gitlab__list_issues'], padding: [...PADDING] },
      direct: [],
      inventory: { maxChars: 500 },
      profiles: { triage: { tools: [...github, 'issue_create', ...PADDING] } },
    });
    const { outputs } = await selectEach(runtime, (description) => {
      expect(description).toContain('github: mcp__github__ + one of:\n- create_issue\n');
      return ['select:create_issue'];
    }, { profile: 'triage' });
    expect(outputs[0]!.activated).toEqual(['mcp__github__create_issue']);
  });
});
