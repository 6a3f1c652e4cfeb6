import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { describedTool } from '../helpers/described-tool.js';

async function listOnce(runtime: ReturnType<typeof createToolSearchRuntime>, query: string) {
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  return { output: result.steps[0]!.toolResults[0]!.output as { activated: string[]; listed: string[]; reason: string }, scripted };
}

/** A files group that is all direct, a github group that is half direct, a deferred slack group. */
function runtimeWithDirectGroups() {
  return createToolSearchRuntime({
    tools: {
      Read: describedTool('Read a file.'),
      Write: describedTool('Write a file.'),
      github_get_me: describedTool('The signed-in GitHub user.'),
      github_create_issue: describedTool('Create a new issue in a GitHub repository.'),
      slack_send: describedTool('Send a Slack message.'),
    },
    groups: { files: ['Read', 'Write'], github: ['github_get_me', 'github_create_issue'], slack: ['slack_send'] },
    direct: ['Read', 'Write', 'github_get_me'],
  });
}

describe('tool_search group:NAME of direct tools (C23)', () => {
  it('a group whose tools are all direct is named, with its tools, as callable already; nothing is loaded', async () => {
    const runtime = runtimeWithDirectGroups();
    const { output, scripted } = await listOnce(runtime, 'group:files');
    expect(output).toEqual({
      activated: [],
      listed: ['Read', 'Write'],
      reason: 'The 2 tools of group files are direct, callable on this step already: Read, Write. Call them directly; there is nothing to search for or load.',
    });
    expect(scripted.requests[1]!.toolNames).toEqual(scripted.requests[0]!.toolNames);
    // as a deferred group is found: ignoring case, and narrowed by a word
    expect((await listOnce(runtime, 'group:FILES wri')).output).toEqual({
      activated: [],
      listed: ['Write'],
      reason: 'The 2 tools of group files are direct, callable on this step already: Write. Call them directly; there is nothing to search for or load.',
    });
  });

  it('a group with deferred and direct tools lists the deferred ones and names the direct ones', async () => {
    const { output } = await listOnce(runtimeWithDirectGroups(), 'group:github');
    expect(output).toEqual({
      activated: [],
      listed: ['github_create_issue'],
      reason:
        'Group github has 1 tool; listed 1 name. Nothing was loaded: search with a listed name to load that tool. ' +
        'Also in the group, direct (callable already, not listed): github_get_me.',
    });
  });

  it('a listing of group names lists the groups of direct tools last, marked direct', async () => {
    const runtime = runtimeWithDirectGroups();
    expect((await listOnce(runtime, 'group:')).output).toEqual({
      activated: [],
      listed: ['github (1 tool)', 'slack (1 tool)', 'files (2 tools, direct)'],
      reason: 'Groups: 3 groups, largest first, then 1 group of direct tools (callable already). Nothing was loaded: list one with group:NAME, or search by what you need.',
    });
    expect((await listOnce(runtime, 'group:fil')).output.listed).toEqual(['files (2 tools, direct)']);
  });

  it('a group no tool of the turn is in still says no group has that name', async () => {
    const { output } = await listOnce(runtimeWithDirectGroups(), 'group:jira');
    expect(output.listed).toEqual([]);
    expect(output.reason).toMatch(/^No group is named "jira"/);
  });
});
