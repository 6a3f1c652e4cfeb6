import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, InvalidOptionError, UnboundToolError } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';

function codingTools(log: ExecutionLog) {
  const { tools, groups } = sampleTools(log);
  const simple = (name: string, description: string) =>
    tool({ description, inputSchema: z.object({ path: z.string() }), execute: async ({ path }) => (log.push({ toolName: name, input: { path } }), `${name} ${path}`) });
  return {
    tools: { ...tools, Write: simple('Write', 'Write a file.'), Edit: simple('Edit', 'Edit a file.'), Glob: simple('Glob', 'Find files.'), Grep: simple('Grep', 'Search files.') },
    groups,
  };
}

describe('S10, C6: send({ boundTools }) is an exact ceiling that search cannot widen', () => {
  it('only the ceiling is visible, listed, searchable and executable', async () => {
    const log: ExecutionLog = [];
    const { tools, groups } = sampleTools(log);
    const runtime = createToolSearchRuntime({ tools, groups });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'github issue slack browser', limit: 20 } }, { toolName: 'Bash', input: { command: 'ls' } }] },
        {
          toolCalls: [
            { toolName: 'github_create_issue', input: { repo: 'a/b', title: 't' } },
            { toolName: 'slack_post_message', input: { channel: '#a', text: 'x' } },
          ],
        },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go', boundTools: ['Read', 'github_create_issue', 'github_list_pull_requests'] }).result;

    expect(scripted.requests[0]!.toolNames).toEqual(['Read', 'tool_search']);
    const description = scripted.requests[0]!.tools.find((definition) => definition.name === 'tool_search')!.description!;
    expect(description).toContain('github:\n- github_create_issue\n- github_list_pull_requests\n');
    expect(description).not.toContain('slack_post_message');
    expect(description).not.toContain('browser_click');
    expect(result.activated).toEqual(['github_create_issue', 'github_list_pull_requests']);
    expect(scripted.requests[1]!.toolNames).toEqual(['Read', 'tool_search', 'github_create_issue', 'github_list_pull_requests']);
    expect(result.steps[0]!.toolResults[1]).toMatchObject({ toolName: 'Bash', outcome: 'rejected-unknown' });
    expect(result.steps[1]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['ok', 'rejected-unknown']);
    expect(log.map((entry) => entry.toolName)).toEqual(['github_create_issue']);
  });

  it('a ceiling naming a tool that is not bound is a typed error before anything runs', () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools });
    const { model } = createScriptedModel({ steps: [] });
    expect(() => runtime.send({ model, prompt: 'x', boundTools: ['Read', 'rm_rf'] })).toThrow(UnboundToolError);
    expect(() => runtime.send({ model, prompt: 'x', boundTools: ['Read', 'rm_rf'] })).toThrow('`boundTools` names "rm_rf"');
  });
});

describe('S10, C6: execution profiles', () => {
  it('headless-coding ships built in: Bash, Read, Write, Edit, Glob, Grep, and nothing else', async () => {
    const log: ExecutionLog = [];
    const runtime = createToolSearchRuntime(codingTools(log));
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 't' } }, { toolName: 'Grep', input: { path: 'src' } }] }, { text: 'ok' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'fix the bug', profile: 'headless-coding' }).result;

    expect(runtime.profiles).toContain('headless-coding');
    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'Write', 'Edit', 'Glob', 'Grep']);
    expect(result.steps[0]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['rejected-unknown', 'ok']);
    expect(log.map((entry) => entry.toolName)).toEqual(['Grep']);
  });

  it('a profile has instructions and per-tool description and schema overrides, used for the request and for validation', async () => {
    const log: ExecutionLog = [];
    const runtime = createToolSearchRuntime({
      ...codingTools(log),
      profiles: {
        'issue-triage': {
          tools: ['Read', 'github_create_issue', 'github_list_pull_requests'],
          instructions: 'You triage issues for acme/app only.',
          overrides: {
            github_create_issue: {
              description: 'Create an issue in acme/app.',
              inputSchema: z.object({ repo: z.literal('acme/app'), title: z.string() }),
            },
          },
        },
      },
    });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }] },
        { toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'evil/repo', title: 'x' } }] },
        { toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'acme/app', title: 'x' } }] },
        { text: 'filed' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'file it', instructions: 'Be brief.', profile: 'issue-triage' }).result;

    const sent = scripted.requests[1]!.tools.find((definition) => definition.name === 'github_create_issue')!;
    expect(sent.description).toBe('Create an issue in acme/app.');
    expect(sent.inputSchema).toMatchObject({ properties: { repo: { const: 'acme/app' } } });
    expect(JSON.stringify(scripted.requests[0]!.prompt[0])).toContain('You triage issues for acme/app only.\\n\\nBe brief.');
    expect(result.steps[1]!.toolResults[0]).toMatchObject({ outcome: 'invalid-input', output: expect.stringContaining('repo') });
    expect(result.steps[2]!.toolResults[0]!.outcome).toBe('ok');
    expect(log).toEqual([{ toolName: 'github_create_issue', input: { repo: 'acme/app', title: 'x' } }]);
    const searchResult = result.steps[0]!.toolResults[0]!;
    expect(searchResult.output).toEqual({ activated: ['github_create_issue'] });
  });

  it('boundTools narrows a profile and may not reach outside it; an unknown profile is a typed error', () => {
    const runtime = createToolSearchRuntime(codingTools([]));
    const { model } = createScriptedModel({ steps: [] });
    expect(() => runtime.send({ model, prompt: 'x', profile: 'headless-coding', boundTools: ['Read', 'github_create_issue'] })).toThrow(
      '`boundTools` names "github_create_issue", which is bound but outside the profile "headless-coding". ' +
        'Remove it from `boundTools`, or widen the profile "headless-coding" to include it.',
    );
    expect(() => runtime.send({ model, prompt: 'x', profile: 'headless-coding', boundTools: ['Read', 'deploy_prod'] })).toThrow(
      '`boundTools` names "deploy_prod", which is not a bound tool. Add it to `tools` or remove it from `boundTools`.',
    );
    expect(() => runtime.send({ model, prompt: 'x', boundTools: ['Read'], requiredTools: ['github_create_issue'] })).toThrow(
      '`requiredTools` names "github_create_issue", which is bound but outside this turn\'s ceiling (`boundTools` or `profile`).',
    );
    expect(() => runtime.send({ model, prompt: 'x', profile: 'nope' })).toThrow(InvalidOptionError);
    expect(() => runtime.send({ model, prompt: 'x', profile: 'nope' })).toThrow("one of the runtime's profiles: headless-coding");
  });

  it('a profile naming an unbound tool fails at construction', () => {
    expect(() => createToolSearchRuntime({ ...codingTools([]), profiles: { broken: { tools: ['Read', 'deploy_prod'] } } })).toThrow(
      '`profiles.broken.tools` names "deploy_prod"',
    );
  });
});
