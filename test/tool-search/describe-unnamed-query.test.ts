import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { describedTool } from '../helpers/described-tool.js';

const TOOLS = {
  gh_create_issue: describedTool('Create an issue.'),
  gh_delete_repo: describedTool('Delete a repository.'),
  gh_list_repos: describedTool('List repositories.'),
  slack_send: describedTool('Send a Slack message.'),
};

async function searchOnce(runtime: ReturnType<typeof createToolSearchRuntime>, query: string, boundTools?: string[]) {
  const { model } = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }] });
  const result = await runtime.send({ model, prompt: 'go', ...(boundTools === undefined ? {} : { boundTools }) }).result;
  return result.steps[0]!.toolResults[0]!.output as { activated: string[]; reason?: string };
}

describe('a whole query shaped like a name that names no tool says so (C9, C11)', () => {
  it('a name outside the turn\'s ceiling loads what matches its words, and the reason says no tool is named it', async () => {
    const runtime = createToolSearchRuntime({ tools: TOOLS });
    const output = await searchOnce(runtime, 'gh_delete_repo', ['gh_create_issue', 'slack_send']);
    // before: { activated: ['gh_create_issue'] } and nothing said
    expect(output).toEqual({ activated: ['gh_create_issue'], reason: 'No tool is named "gh_delete_repo": what was loaded matches its words, not its name.' });
  });

  it('a made-up name says so too; in confirm mode the candidates are the ones that match its words', async () => {
    expect((await searchOnce(createToolSearchRuntime({ tools: TOOLS }), 'gh_archive_repo')).reason).toContain('No tool is named "gh_archive_repo": what was loaded matches its words, not its name.');
    const confirm = await searchOnce(createToolSearchRuntime({ tools: TOOLS, search: { mode: 'confirm' } }), 'gh_archive_repo');
    expect(confirm.reason).toContain('No tool is named "gh_archive_repo": the candidates match its words, not its name.');
  });

  it('says nothing for a name the turn has, for its rest, for prose, or when nothing is loaded', async () => {
    const runtime = createToolSearchRuntime({ tools: TOOLS });
    const named = await searchOnce(runtime, 'gh_delete_repo');
    expect(named.activated).toEqual(['gh_delete_repo']);
    expect(named.reason ?? '').not.toContain('No tool is named');
    expect((await searchOnce(runtime, 'delete_repo')).reason ?? '').not.toContain('No tool is named');
    expect((await searchOnce(runtime, 'delete the repository')).reason ?? '').not.toContain('No tool is named');
    expect((await searchOnce(runtime, 'zz_qq')).reason ?? '').not.toContain('No tool is named "zz_qq": what');
  });

  it('a ranker that marks no named match (createFuseRanker) still reads an exact name as named', async () => {
    const runtime = createToolSearchRuntime({ tools: TOOLS, ranker: 'fuse' });
    const output = await searchOnce(runtime, 'gh_list_repos');
    expect(output.activated[0]).toBe('gh_list_repos');
    expect(output.reason ?? '').not.toContain('No tool is named');
  });
});
