import { jsonSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

// C9, C23: the name of a tool without its group's prefix (`send` of `slack_send` in group
// `slack`) finds that tool alone or in select:, but inside a query it is an ordinary word: a
// grouping chosen for the inventory must not make "send an email" load the Slack tool.

const make = (description: string) => tool({ description, inputSchema: jsonSchema({ type: 'object', properties: {} }), execute: async () => 'ok' });
const TOOLS: ToolSet = {
  slack_send: make('Send a message to a Slack channel'),
  slack_read: make('Read the history of a Slack channel'),
  gmail_send_email: make('Send an email with Gmail'),
  gmail_search: make('Search Gmail messages'),
};
const GROUPS = { slack: ['slack_send', 'slack_read'], gmail: ['gmail_send_email', 'gmail_search'] };

async function activatedBy(queries: readonly string[], groups?: typeof GROUPS) {
  const runtime = createToolSearchRuntime({ tools: TOOLS, ...(groups === undefined ? {} : { groups }) });
  const scripted = createScriptedModel({ steps: [{ toolCalls: queries.map((query) => ({ toolName: 'tool_search', input: { query } })) }, { text: 'done' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  return result.steps[0]!.toolResults.map((entry) => (entry.output as { activated: string[] }).activated);
}

describe('one-word short names inside a query (C9, C23)', () => {
  it('"send an email" loads the Gmail tool first whether or not the tools are grouped, and grouping changes no such search', async () => {
    const queries = ['send an email', 'send an email to bob', 'search then send'];
    const grouped = await activatedBy(queries, GROUPS);
    expect(grouped[0]![0]).toBe('gmail_send_email');
    expect(grouped[1]![0]).toBe('gmail_send_email');
    expect(grouped).toEqual(await activatedBy(queries));
  });

  it('a one-word short name alone, or in select:, still loads its one tool; a two-word one names its tool inside a query', async () => {
    expect(await activatedBy(['send', 'select:read', 'select:send_email,search'], GROUPS)).toEqual([['slack_send'], ['slack_read'], ['gmail_send_email', 'gmail_search']]);
    const [inQuery] = await activatedBy(['please use send_email for this'], GROUPS);
    expect(inQuery![0]).toBe('gmail_send_email');
  });
});
