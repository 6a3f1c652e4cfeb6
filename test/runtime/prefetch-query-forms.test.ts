import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect, sampleTools } from '../helpers/sample-tools.js';

// C25: a `+` in the user's message is a word (`+1`), not tool_search's required-word mark for
// the model; and a prefetch loads in confirm mode too.

async function prefetchOf(prompt: string, options: { readonly limit?: number; readonly mode?: 'load' | 'confirm' } = {}) {
  const { tools, groups } = sampleTools();
  const runtime = createToolSearchRuntime({ tools, groups, prefetch: { limit: options.limit ?? 1 }, search: { mode: options.mode ?? 'load' } });
  const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
  const turn = runtime.send({ model: scripted.model, prompt });
  const parts = await collect(turn.stream);
  const result = await turn.result;
  const search = parts.find((part) => part.type === 'search');
  return { stepZero: scripted.requests[0]!.toolNames, search: search?.type === 'search' ? search : undefined, result };
}

describe('options.prefetch reads + as the user wrote it, and loads in confirm mode (C25)', () => {
  it("searches a user's +1 as a word, not as a required word: the message's tool is visible from step 0", async () => {
    const { stepZero, search } = await prefetchOf('+1 please post a message to the Slack channel');
    expect(stepZero).toEqual(['Bash', 'Read', 'tool_search', 'slack_post_message']);
    expect(search).toMatchObject({ origin: 'prefetch', query: '1 please post a message to the Slack channel', activated: ['slack_post_message'] });
    expect(search).not.toHaveProperty('failure');
  });

  it('skips a message of + signs and whitespace, and runs emoji-only text to no match', async () => {
    const signs = await prefetchOf('+ ++ \n +');
    expect(signs.search).toBeUndefined();
    expect(signs.stepZero).toEqual(['Bash', 'Read', 'tool_search']);

    const emoji = await prefetchOf('😀🎉🔥');
    expect(emoji.search).toMatchObject({ origin: 'prefetch', activated: [] });
    expect(emoji.search).not.toHaveProperty('failure');
    expect(emoji.result.status).toBe('completed');
  });

  it("loads its matches in confirm mode too: no model sees a prefetch's candidates, so they are visible from step 0", async () => {
    const { stepZero, search } = await prefetchOf('Post a message to the Slack channel #ops', { mode: 'confirm' });
    expect(stepZero).toEqual(['Bash', 'Read', 'tool_search', 'slack_post_message']);
    expect(search).toMatchObject({ origin: 'prefetch', activated: ['slack_post_message'] });
  });

  it('never fails on a + sign, whatever the message (property, 60 runs)', async () => {
    const piece = fc.constantFrom('+', '++', '+1', ' +', 'group:', ',', '`', '"', ' ', '\n', '😀', '\u200b', '\u202e', 'slack', 'github_create_issue', '+slack', '__proto__', 'x');
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.array(fc.constantFrom('+', '++', ' ', '\n'), { minLength: 1, maxLength: 4 }), fc.array(piece, { minLength: 1, maxLength: 12 })).map((pieces) => pieces.join('')), async (prompt) => {
        const { search, result } = await prefetchOf(prompt, { limit: 2 });
        expect(result.status).toBe('completed');
        if (search !== undefined) expect(search, JSON.stringify(prompt)).not.toHaveProperty('failure');
      }),
      { numRuns: 60, seed: 2_026_120_103 },
    );
  });
});
