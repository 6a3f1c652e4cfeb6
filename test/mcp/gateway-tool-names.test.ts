import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { bindMcpTools, type BoundMcpTools } from '../../src/mcp/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { resultText } from './mcp-test-helpers.js';

// A real MCP server over stdio that serves tools the way a gateway names them
// (`github.create_issue`, `gitlab/create_issue`, …), bound with bindMcpTools and searched
// through the runtime with the default ranker.

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

let bound: BoundMcpTools;
beforeAll(async () => {
  bound = await bindMcpTools({ servers: { gateway: { command: process.execPath, args: [fixture('gateway-server.mjs')] } } });
});
afterAll(async () => {
  await bound?.close();
});

function gatewayRuntime() {
  return createToolSearchRuntime({ tools: bound.tools, groups: bound.groups, sources: bound.sources, aliases: bound.aliases, direct: [] });
}

/** The names the first search of a one-search turn activated, in rank order. */
async function searchOnce(query: string, limit = 3): Promise<string[]> {
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query, limit } }] }, { text: 'done' }] });
  const result = await gatewayRuntime().send({ model: scripted.model, prompt: 'file an issue' }).result;
  return (result.steps[0]!.toolResults[0]!.output as { activated: string[] }).activated;
}

describe('bindMcpTools: tools behind an MCP gateway', () => {
  it('binds gateway names under readable canonical names, grouped by the upstream server they name', () => {
    expect(Object.keys(bound.tools)).toEqual([
      'mcp__gateway__github_create_issue',
      'mcp__gateway__github_list_issues',
      'mcp__gateway__gitlab_create_issue',
      'mcp__gateway__jira_create_issue',
      'mcp__gateway__linear_create_issue',
      'mcp__gateway__slack_post_message',
      'mcp__gateway__create_issue',
    ]);
    expect({ ...bound.groups }).toEqual({
      gateway: ['mcp__gateway__create_issue'],
      github: ['mcp__gateway__github_create_issue', 'mcp__gateway__github_list_issues'],
      gitlab: ['mcp__gateway__gitlab_create_issue'],
      jira: ['mcp__gateway__jira_create_issue'],
      linear: ['mcp__gateway__linear_create_issue'],
      slack: ['mcp__gateway__slack_post_message'],
    });
    expect(new Set(Object.values(bound.sources))).toEqual(new Set(['gateway']));
    expect(bound.aliases['mcp__gateway__github_create_issue']).toEqual(['github.create_issue', 'github/create_issue']);
    expect(bound.aliases['mcp__gateway__gitlab_create_issue']).toEqual(['gitlab/create_issue', 'gitlab.create_issue']);
    expect(Object.hasOwn(bound.aliases, 'mcp__gateway__create_issue')).toBe(false);
  });

  it('lists the tools in the inventory under their upstream servers', () => {
    expect(gatewayRuntime().inventory).toBe(
      'gateway:\n- mcp__gateway__create_issue\n' +
        'github:\n- mcp__gateway__github_create_issue\n- mcp__gateway__github_list_issues\n' +
        'gitlab:\n- mcp__gateway__gitlab_create_issue\n' +
        'jira:\n- mcp__gateway__jira_create_issue\n' +
        'linear:\n- mcp__gateway__linear_create_issue\n' +
        'slack:\n- mcp__gateway__slack_post_message\n',
    );
  });

  it.each([
    ['github.create_issue', 'mcp__gateway__github_create_issue'],
    ['github/create_issue', 'mcp__gateway__github_create_issue'],
    ['gitlab/create_issue', 'mcp__gateway__gitlab_create_issue'],
    ['gitlab.create_issue', 'mcp__gateway__gitlab_create_issue'],
    ['`linear.create_issue`', 'mcp__gateway__linear_create_issue'],
    ['JIRA/CREATE_ISSUE', 'mcp__gateway__jira_create_issue'],
    ['create_issue github', 'mcp__gateway__github_create_issue'],
    ['create an issue on github', 'mcp__gateway__github_create_issue'],
    ['create_issue in jira', 'mcp__gateway__jira_create_issue'],
    ['please file it with github/create_issue now', 'mcp__gateway__github_create_issue'],
    ['use slack.post_message to tell the team', 'mcp__gateway__slack_post_message'],
  ])('a search for %j finds %s first', async (query, expected) => {
    expect((await searchOnce(query))[0]).toBe(expected);
  });

  it('select: takes the listed gateway names', async () => {
    expect(await searchOnce('select:jira/create_issue,github.list_issues')).toEqual(['mcp__gateway__jira_create_issue', 'mcp__gateway__github_list_issues']);
  });

  it('a found gateway tool is called next step under its canonical name and reaches the upstream tool by its listed name', async () => {
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'github.create_issue', limit: 1 } }] },
        { toolCalls: [{ toolName: 'mcp__gateway__github_create_issue', input: { title: 'flaky test' } }] },
        { text: 'filed' },
      ],
    });
    const result = await gatewayRuntime().send({ model: scripted.model, prompt: 'file an issue' }).result;

    expect(scripted.requests[1]!.toolNames).toEqual(['tool_search', 'mcp__gateway__github_create_issue']);
    const call = result.steps[1]!.toolResults[0]!;
    expect(call.outcome).toBe('ok');
    expect(resultText(call.output)).toBe('github.create_issue ran with {"title":"flaky test"}');
  });
});
