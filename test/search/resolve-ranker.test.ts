import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, InvalidOptionError, type RankerDocument, type ToolRanker } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

const tools = {
  github_create_issue: tool({
    description: 'Create a new issue in a GitHub repository.',
    inputSchema: z.object({ repo: z.string().describe('owner/name of the repository'), title: z.string() }),
    execute: async () => 'created',
  }),
  slack_post_message: tool({
    description: 'Post a message to a Slack channel.',
    inputSchema: z.object({ channel: z.string() }),
    execute: async () => 'posted',
  }),
};

describe('options.ranker', () => {
  it("defaults to the hybrid ranker, built over the deferred tools' names, descriptions, groups and parameters", () => {
    let seen: readonly RankerDocument[] = [];
    const runtime = createToolSearchRuntime({
      tools,
      ranker: (documents) => {
        seen = documents;
        return { name: 'spy', rank: () => [] };
      },
    });
    expect(runtime.ranker.name).toBe('spy');
    expect(seen).toEqual([
      { name: 'github_create_issue', description: 'Create a new issue in a GitHub repository.', group: 'other', parameters: [{ name: 'repo', description: 'owner/name of the repository' }, { name: 'title', description: '' }] },
      { name: 'slack_post_message', description: 'Post a message to a Slack channel.', group: 'other', parameters: [{ name: 'channel', description: '' }] },
    ]);
    expect(createToolSearchRuntime({ tools }).ranker.name).toBe('hybrid');
    expect(createToolSearchRuntime({ tools, ranker: 'hybrid' }).ranker.name).toBe('hybrid');
    expect(createToolSearchRuntime({ tools, ranker: 'fuse' }).ranker.name).toBe('fuse');
  });

  it('uses a caller ranker for tool_search, and still activates only bound deferred tools (C1)', async () => {
    const ranker: ToolRanker = {
      name: 'fixed',
      rank: () => [
        { name: 'not_bound', score: 3 },
        { name: 'slack_post_message', score: 2 },
      ],
    };
    const runtime = createToolSearchRuntime({ tools, ranker: () => ranker });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'anything' } }] }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    expect(result.activated).toEqual(['slack_post_message']);
  });

  it('takes a function that returns an asynchronous ranker or a promise of one, built once (C19)', async () => {
    let builds = 0;
    const asyncRanker = { name: 'async', rank: async () => [{ name: 'slack_post_message', score: 1 }] };
    const runtime = createToolSearchRuntime({ tools, ranker: () => (builds += 1, Promise.resolve(asyncRanker)) });
    for (const prompt of ['one', 'two']) {
      const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'post' } }] }, { text: 'done' }] });
      expect((await runtime.send({ model: scripted.model, prompt }).result).activated).toEqual(['slack_post_message']);
    }
    expect(builds).toBe(1);
    expect(runtime.ranker.name).toBe('async');
    expect(createToolSearchRuntime({ tools, ranker: () => asyncRanker }).ranker).toBe(asyncRanker);
  });

  it('makes a promise that resolves to no ranker a tool error naming the option, not a crash', async () => {
    const runtime = createToolSearchRuntime({ tools, ranker: (() => Promise.resolve({ rank: 'no' })) as unknown as () => ToolRanker });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'post' } }] }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    expect(result.status).toBe('completed');
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'error', output: expect.stringMatching(/Option `ranker`.*expected the ranker function to return/) });
  });

  it('rejects an unknown ranker name or a function that returns no ranker', () => {
    expect(() => createToolSearchRuntime({ tools, ranker: 'bm25' as 'hybrid' })).toThrow(InvalidOptionError);
    expect(() => createToolSearchRuntime({ tools, ranker: (() => undefined) as unknown as () => ToolRanker })).toThrow(
      /Option `ranker`.*expected the ranker function to return/,
    );
  });

  it('says what to write for a ranker name in another case or a ranker object given itself', () => {
    expect(() => createToolSearchRuntime({ tools, ranker: 'Hybrid ' as 'hybrid' })).toThrow('Option `ranker` is "Hybrid "; expected \'hybrid\' (names are lower case, without spaces).');
    const ranker: ToolRanker = { name: 'mine', rank: () => [] };
    expect(() => createToolSearchRuntime({ tools, ranker: ranker as unknown as () => ToolRanker })).toThrow(
      'Option `ranker` is object; expected a function that returns this ranker: ranker: () => ranker',
    );
    expect(createToolSearchRuntime({ tools, ranker: () => ranker }).ranker.name).toBe('mine');
  });
});
