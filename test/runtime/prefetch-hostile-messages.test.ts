import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect, sampleTools } from '../helpers/sample-tools.js';

// C25 with latest messages no test wrote before: huge, empty, files and images around the text,
// a transcript that ends in tool results, query forms typed by a user, a limit past maxLimit.

async function prefetchOf(messages: ModelMessage[], prefetch: { limit: number } = { limit: 2 }) {
  const { tools, groups } = sampleTools([]);
  const runtime = createToolSearchRuntime({ tools, groups, prefetch });
  const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
  const turn = runtime.send({ model: scripted.model, messages });
  const searches = (await collect(turn.stream)).flatMap((part) => (part.type === 'search' ? [part] : []));
  const result = await turn.result;
  return { searches, step0: scripted.requests[0]!.toolNames, result };
}

const SLACK = 'Post a message to the Slack channel #ops';

describe('prefetch of hostile latest messages (C25)', () => {
  it('searches a huge message by its first search.maxQueryChars characters, and the turn goes on', async () => {
    const { searches, step0, result } = await prefetchOf([{ role: 'user', content: `${SLACK} ${'and more words '.repeat(20_000)}` }]);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.origin).toBe('prefetch');
    expect(searches[0]!.query.length).toBeLessThanOrEqual(2_000);
    expect(searches[0]!.query.startsWith(SLACK)).toBe(true);
    expect(step0).toContain('slack_post_message');
    expect(result.status).toBe('completed');
  });

  it('never cuts a message inside a character: a cut at search.maxQueryChars that splits an emoji drops its first half', async () => {
    const { searches, result } = await prefetchOf([{ role: 'user', content: `x${'\u{1F600}'.repeat(1_500)} ${SLACK}` }]);
    expect(searches[0]!.query).toBe(`x${'\u{1F600}'.repeat(999)}`);
    expect(searches[0]!.query).not.toMatch(/[\uD800-\uDBFF]$/u);
    expect(result.status).toBe('completed');
  });

  it('a message that starts with more blank space than search.maxQueryChars is searched by its words, not by the blank space', async () => {
    for (const blank of [' '.repeat(2_001), '\n'.repeat(3_000), '\t \r\n'.repeat(700)]) {
      const { searches, step0 } = await prefetchOf([{ role: 'user', content: [{ type: 'text', text: blank }, { type: 'text', text: SLACK }] }]);
      expect(searches.map((search) => search.query), JSON.stringify(blank.slice(0, 4))).toEqual([SLACK]);
      expect(step0).toContain('slack_post_message');
    }
  });

  it('is skipped for an empty or blank message, and for files and images without text', async () => {
    for (const content of ['', '  \n\t ', [{ type: 'text' as const, text: '   ' }], [{ type: 'file' as const, data: new Uint8Array([1, 2]), mediaType: 'application/pdf' }], [{ type: 'image' as const, image: new Uint8Array([1]) }]]) {
      const { searches, step0 } = await prefetchOf([{ role: 'user', content } as ModelMessage]);
      expect(searches, JSON.stringify(content)).toEqual([]);
      expect(step0).toEqual(['Bash', 'Read', 'tool_search']);
    }
  });

  it('searches only the text parts of a message with files and images around them', async () => {
    const { searches, step0 } = await prefetchOf([
      {
        role: 'user',
        content: [
          { type: 'image', image: new Uint8Array([1]) },
          { type: 'text', text: 'Post a message' },
          { type: 'file', data: new Uint8Array([1]), mediaType: 'application/pdf' },
          { type: 'text', text: 'to the Slack channel #ops' },
        ],
      },
    ]);
    expect(searches[0]!.query).toBe('Post a message\nto the Slack channel #ops');
    expect(step0).toContain('slack_post_message');
  });

  it('takes the latest user message when the transcript ends in an assistant call and its tool result', async () => {
    const { searches } = await prefetchOf([
      { role: 'user', content: 'Click the button on the browser page' },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'Read', input: { path: 'slack.md' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'Read', output: { type: 'text', value: 'post to slack channel ops message' } }] },
    ]);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.query).toBe('Click the button on the browser page');
  });

  it('clamps a limit past search.maxLimit like any search (C10), and loads no more than the limit', async () => {
    const { searches, step0 } = await prefetchOf([{ role: 'user', content: SLACK }], { limit: 1_000 });
    expect(searches[0]!.requestedLimit).toBe(1_000);
    expect(searches[0]!.effectiveLimit).toBe(20);
    const single = await prefetchOf([{ role: 'user', content: SLACK }], { limit: 1 });
    expect(single.searches[0]!.activated).toEqual(['slack_post_message']);
    expect(single.step0).toEqual(['Bash', 'Read', 'tool_search', 'slack_post_message']);
    expect(step0.length).toBeGreaterThanOrEqual(4);
  });

  it('a user message written as a query form is read as tool_search reads it: group:WORD is a listing that loads nothing (recorded), select: of an unbound name loads nothing', async () => {
    // before: `group:slack` was ranked as the words `group slack` and loaded slack_post_message
    for (const content of ['group:slack', 'GROUP:Slack', '  ｇｒｏｕｐ：slack', '+group:slack post a message', 'group:']) {
      const group = await prefetchOf([{ role: 'user', content }]);
      expect(group.searches, content).toHaveLength(1);
      expect(group.searches[0], content).toMatchObject({ origin: 'prefetch', ranked: [], activated: [], skipped: [], schemaCharsActivated: 0, requestedLimit: 2 });
      expect(group.searches[0], content).not.toHaveProperty('failure');
      expect(group.step0, content).toEqual(['Bash', 'Read', 'tool_search']);
      expect(group.result.status).toBe('completed');
    }
    // the same words without the form are a search
    expect((await prefetchOf([{ role: 'user', content: 'group slack' }])).step0).toContain('slack_post_message');
    const unbound = await prefetchOf([{ role: 'user', content: 'select:rm_rf_everything' }]);
    expect(unbound.searches[0]!.activated).toEqual([]);
    expect(unbound.step0).toEqual(['Bash', 'Read', 'tool_search']);
  });
});
