import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect, sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';

const deferredNames = ['browser_click', 'browser_snapshot', 'github_create_issue', 'github_list_pull_requests', 'slack_post_message'];

function runtimeWithLog() {
  const log: ExecutionLog = [];
  const { tools, groups } = sampleTools(log);
  return { runtime: createToolSearchRuntime({ tools, groups }), log };
}

describe('send(): what each step makes visible', () => {
  it('S1: step 0 carries the direct tools and tool_search, and no deferred definition', async () => {
    const { runtime } = runtimeWithLog();
    const scripted = createScriptedModel({ steps: [{ text: 'hello' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'hi' }).result;

    expect(result.status).toBe('completed');
    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
    for (const name of deferredNames) {
      expect(JSON.stringify(scripted.requests[0]!.tools)).not.toContain(`"name":"${name}"`);
    }
  });

  it('S2: the inventory in tool_search lists only the bound deferred names, grouped, without descriptions', async () => {
    const { runtime } = runtimeWithLog();
    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    await runtime.send({ model: scripted.model, prompt: 'hi' }).result;

    const description = scripted.requests[0]!.tools.find((tool) => tool.name === 'tool_search')!.description!;
    expect(description).toContain(
      'browser:\n- browser_click\n- browser_snapshot\ngithub:\n- github_create_issue\n- github_list_pull_requests\nother:\n- slack_post_message\n',
    );
    expect(description).not.toContain('- Read');
    expect(description).not.toContain('- Bash');
    expect(description).not.toContain('Post a message to a Slack channel');
    expect(runtime.inventory).toBe(
      'browser:\n- browser_click\n- browser_snapshot\ngithub:\n- github_create_issue\n- github_list_pull_requests\nother:\n- slack_post_message\n',
    );
  });

  it('S3, S4: a search activates only bound deferred tools and its result has names and no schema', async () => {
    const { runtime } = runtimeWithLog();
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'github issue read file', limit: 10 } }] }, { text: 'done' }],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'file an issue' });
    const parts = await collect(turn.stream);
    const result = await turn.result;

    const search = parts.find((part) => part.type === 'search');
    expect(search?.type === 'search' && search.activated).toContain('github_create_issue');
    for (const name of result.activated) expect(deferredNames).toContain(name);
    const searchResult = result.steps[0]!.toolResults[0]!;
    expect(searchResult.outcome).toBe('ok');
    expect(Object.keys(searchResult.output as object)).toEqual(['activated']);
    expect(JSON.stringify(searchResult.output)).not.toContain('inputSchema');
    expect(JSON.stringify(searchResult.output)).not.toContain('properties');
  });

  it('S5: a search in step n exposes its matches in step n+1 and not in step n', async () => {
    const { runtime } = runtimeWithLog();
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'github_create_issue' } }] }, { text: 'done' }],
    });
    await runtime.send({ model: scripted.model, prompt: 'file an issue' }).result;

    expect(scripted.requests[0]!.toolNames).not.toContain('github_create_issue');
    expect(scripted.requests[1]!.toolNames).toContain('github_create_issue');
    const definition = scripted.requests[1]!.tools.find((tool) => tool.name === 'github_create_issue');
    expect(definition?.inputSchema).toMatchObject({ properties: { repo: { type: 'string' }, title: { type: 'string' } } });
  });

  it('S6: repeated and parallel searches accumulate one deduplicated active set', async () => {
    const { runtime } = runtimeWithLog();
    const scripted = createScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } },
            { toolName: 'tool_search', input: { query: 'browser_click', limit: 1 } },
            { toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } },
          ],
        },
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'browser_click', limit: 1 } }] },
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'slack_post_message', limit: 1 } }] },
        { text: 'done' },
      ],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'go' });
    const parts = await collect(turn.stream);
    const result = await turn.result;

    const searched = parts.flatMap((part) => (part.type === 'search' ? part.activated : []));
    expect(result.activated).toEqual([...new Set(searched)]);
    expect(new Set(result.activated).size).toBe(result.activated.length);
    expect(result.activated.slice(0, 2)).toEqual(['github_create_issue', 'browser_click']);
    expect(result.activated).toContain('slack_post_message');
    expect(scripted.requests[1]!.toolNames.slice(0, 5)).toEqual(['Bash', 'Read', 'tool_search', 'github_create_issue', 'browser_click']);
    const last = scripted.requests[3]!.toolNames;
    expect(last).toEqual(['Bash', 'Read', 'tool_search', ...result.activated]);
    expect(new Set(last).size).toBe(last.length);
  });

  it('C20: each step\'s tool list starts with the previous step\'s list in the same order', async () => {
    const { runtime } = runtimeWithLog();
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'slack_post_message', limit: 1 } }] },
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'browser_click', limit: 1 } }] },
        { text: 'done' },
      ],
    });
    await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    for (let index = 1; index < scripted.requests.length; index++) {
      const previous = scripted.requests[index - 1]!.toolNames;
      expect(scripted.requests[index]!.toolNames.slice(0, previous.length)).toEqual(previous);
    }
    expect(scripted.requests[2]!.toolNames).toEqual(['Bash', 'Read', 'tool_search', 'slack_post_message', 'browser_click']);
  });

  it('S7: a hidden tool called in the same step as the search that activates it is rejected, not executed; next step it runs', async () => {
    const { runtime, log } = runtimeWithLog();
    const scripted = createScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } },
            { toolName: 'github_create_issue', input: { repo: 'a/b', title: 'too early' } },
          ],
        },
        { toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'on time' } }] },
        { text: 'filed #42' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'file an issue' }).result;

    const rejected = result.steps[0]!.toolResults[1]!;
    expect(rejected.outcome).toBe('rejected-hidden');
    expect(rejected.output).toMatch(/next step/);
    expect(result.steps[1]!.toolResults[0]!.outcome).toBe('ok');
    expect(log).toEqual([{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'on time' } }]);
    expect(result.text).toBe('filed #42');
  });

  it('C14: a deferred tool never searched for is rejected with a message that says to search first', async () => {
    const { runtime, log } = runtimeWithLog();
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'slack_post_message', input: { channel: '#x', text: 'hi' } }] }, { text: 'ok' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'post' }).result;

    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-hidden', output: expect.stringMatching(/tool_search/) });
    expect(log).toEqual([]);
    expect(result.status).toBe('completed');
  });
});
