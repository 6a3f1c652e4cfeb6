import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { listGroup } from '../../src/tool-search/list-group.js';
import { syntheticCatalog } from '../helpers/synthetic-catalog.js';

async function searchOnce(runtime: ReturnType<typeof createToolSearchRuntime>, query: string) {
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  return { output: result.steps[0]!.toolResults[0]!.output as { activated: string[]; listed: string[]; reason: string }, result, scripted };
}

describe('tool_search group:NAME (C23)', () => {
  it('lists the canonical names of a group the inventory only counts, and loads nothing', async () => {
    const runtime = createToolSearchRuntime(syntheticCatalog(10_000, 50));
    expect(runtime.inventory).toContain('server7 (200 tools)');
    const { output, result, scripted } = await searchOnce(runtime, 'group:server7');
    expect(output.activated).toEqual([]);
    expect(output.listed.length).toBeGreaterThan(50);
    expect(output.listed.every((name) => name.startsWith('mcp__server7__'))).toBe(true);
    expect(output.listed).toEqual([...output.listed].sort());
    expect(output.reason).toMatch(/^Group server7 has 200 tools; listed \d+ names \(\d+ more: add a word after the group name to narrow the list\)\. Nothing was loaded/);
    expect(JSON.stringify(output.listed).length).toBeLessThanOrEqual(6_000);
    expect(result.activated).toEqual([]);
    expect(scripted.requests[1]!.toolNames).toEqual(scripted.requests[0]!.toolNames);
  });

  it('narrows a group by words, and a listed name found by search is the exact tool', async () => {
    const runtime = createToolSearchRuntime(syntheticCatalog(10_000, 50));
    const { output } = await searchOnce(runtime, 'group:server7 delete BRANCH');
    expect(output.listed.length).toBeGreaterThan(0);
    expect(output.listed.every((name) => /^mcp__server7__delete_branch_\d+$/.test(name))).toBe(true);
    expect(output.reason).toContain('whose names contain "delete" and "branch"');
    // what a model does next: search with a listed name, exactly as shown
    const shown = output.listed[0]!;
    const next = await searchOnce(runtime, shown);
    expect(next.output.activated[0]).toBe(shown);
  });

  it('answers an unknown or empty group name with the group names that contain it, largest first', () => {
    const groups = new Map<string, string[]>([['github', ['a', 'b', 'c']], ['gitlab', ['d']], ['slack', ['e', 'f']], ['__proto__', ['g']]]);
    const git = listGroup({ rest: 'git', groups, maxChars: 6_000 });
    expect(git.listed).toEqual(['github (3 tools)', 'gitlab (1 tool)']);
    expect(git.reason).toMatch(/^No group is named "git"; groups whose name contains it: 2 groups, largest first\. Nothing was loaded/);
    expect(listGroup({ rest: '', groups, maxChars: 6_000 }).listed).toEqual(['github (3 tools)', 'slack (2 tools)', '__proto__ (1 tool)', 'gitlab (1 tool)']);
    expect(listGroup({ rest: '__proto__', groups, maxChars: 6_000 }).listed).toEqual(['g']);
    expect(listGroup({ rest: 'GitHub', groups, maxChars: 6_000 }).listed).toEqual(['a', 'b', 'c']);
    const tight = listGroup({ rest: '', groups, maxChars: 40 });
    expect(tight.listed).toEqual(['github (3 tools)', 'slack (2 tools)']);
    expect(tight.reason).toContain('2 not listed');
  });

  it('says no group name contains a word that none does, and how to list them all, instead of "0 groups, largest first"', () => {
    const groups = new Map<string, string[]>([['github', ['a']], ['slack', ['b']]]);
    const none = listGroup({ rest: 'jira', groups, maxChars: 6_000 });
    expect(none.listed).toEqual([]);
    expect(none.reason).toBe('No group is named "jira", and no group\'s name contains it. Nothing was loaded: list the groups with group: alone, or search by what you need.');
  });

  it('finds a group whose name has spaces, prefixes another or differs only in case, and narrows it by the words after its name', async () => {
    const groups = new Map<string, string[]>([
      ['my server', ['srv_create_page', 'srv_delete_page', 'srv_list']],
      ['my server two', ['two_create_page']],
      ['git', ['git_commit']],
      ['GitHub', ['gh_a']],
      ['github', ['gh_b']],
      ['🚀 rockets 🚀', ['launch_rocket', 'land_rocket']],
    ]);
    const list = (rest: string) => listGroup({ rest, groups, maxChars: 6_000 });
    expect(list('my server page').listed).toEqual(['srv_create_page', 'srv_delete_page']);
    expect(list('my server page').reason).toContain('Group my server has 3 tools; listed 2 names whose names contain "page"');
    expect(list('my server two').listed).toEqual(['two_create_page']);
    expect(list('my server two create').listed).toEqual(['two_create_page']);
    expect(list('MY SERVER delete').listed).toEqual(['srv_delete_page']);
    expect(list('git commit').listed).toEqual(['git_commit']);
    expect(list('github').listed).toEqual(['gh_b']);
    expect(list('GitHub').listed).toEqual(['gh_a']);
    // two groups match ignoring case: neither is guessed, the groups are offered
    expect(list('GITHUB').listed).toEqual(['GitHub (1 tool)', 'github (1 tool)']);
    expect(list('🚀 rockets 🚀 land').listed).toEqual(['land_rocket']);
    // a group name with spaces around or doubled inside is found as a model retypes it
    const spaced = new Map<string, string[]>([[' padded ', ['pad_a']], ['two  spaces', ['two_a', 'two_b']]]);
    expect(listGroup({ rest: 'padded', groups: spaced, maxChars: 6_000 }).listed).toEqual(['pad_a']);
    expect(listGroup({ rest: 'two spaces b', groups: spaced, maxChars: 6_000 }).listed).toEqual(['two_b']);
    expect(listGroup({ rest: 'two  spaces', groups: spaced, maxChars: 6_000 }).listed).toEqual(['two_a', 'two_b']);

    const shared = Object.values(syntheticCatalog(1, 1).tools)[0]!;
    const tools = Object.fromEntries([...groups.values()].flat().map((name) => [name, shared]));
    const runtime = createToolSearchRuntime({ tools, groups: Object.fromEntries(groups) });
    expect((await searchOnce(runtime, 'group:my server page')).output.listed).toEqual(['srv_create_page', 'srv_delete_page']);
  });
});
