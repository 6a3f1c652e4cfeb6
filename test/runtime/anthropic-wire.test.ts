import { createAnthropic } from '@ai-sdk/anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicServer } from '../helpers/fake-anthropic-server.js';
import type { FakeProviderServer } from '../helpers/fake-provider-server.js';
import { anthropicTools, deferredDescriptions, expectWireContract, runWireTurns, wireTurnReplies } from '../helpers/wire-turns.js';

// The real @ai-sdk/anthropic client (provider `anthropic.messages`) against a local server
// speaking the Messages streaming protocol. Anthropic's own search tools are named
// tool_search_tool_regex / tool_search_tool_bm25, so tool_search goes out under its own name.

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the real @ai-sdk/anthropic client against a local server', () => {
  it('S1, S5, C13, C20 on the bytes: step 0 has no deferred definition, step n+1 carries what step n activated, the tool list only appends', async () => {
    server = await startFakeAnthropicServer(wireTurnReplies('tool_search'));
    const anthropic = createAnthropic({ baseURL: server.baseURL, apiKey: 'test-key' });
    const model = anthropic('claude-sonnet-4-5');
    expect(model.provider).toBe('anthropic.messages');
    const { turns, tools, log } = await runWireTurns({ server, model, turns: 1 });
    const [turn] = turns;

    expect(turn!.result).toMatchObject({ status: 'completed', text: 'Filed issue #42 and took a snapshot.' });
    expect(server.paths.every((path) => path === '/v1/messages')).toBe(true);
    expect(turn!.bodies.map((body) => anthropicTools(body).map((tool) => tool.name))).toEqual([
      ['Bash', 'Read', 'tool_search'],
      ['Bash', 'Read', 'tool_search', 'github_create_issue'],
      ['Bash', 'Read', 'tool_search', 'github_create_issue', 'browser_snapshot', 'browser_click'],
      ['Bash', 'Read', 'tool_search', 'github_create_issue', 'browser_snapshot', 'browser_click'],
    ]);
    expectWireContract({ ...turn!, toolsOf: anthropicTools, searchName: 'tool_search', deferred: deferredDescriptions(tools) });
    const issueTool = (turn!.bodies[1]!.tools as { name: string; input_schema: unknown }[]).find((tool) => tool.name === 'github_create_issue');
    expect(issueTool?.input_schema).toMatchObject({ required: ['repo', 'title'] });
    expect(log.map((entry) => entry.toolName)).toEqual(['github_create_issue', 'browser_snapshot']);

    // the step-1 request replays step 0: the search's thin result and the same-step rejection (C11, C14)
    const messages = turn!.bodies[1]!.messages as { role: string; content: { type: string; tool_use_id?: string; name?: string; content?: unknown }[] }[];
    const toolUses = messages.flatMap((message) => message.content).filter((block) => block.type === 'tool_use');
    expect(toolUses.map((block) => block.name)).toEqual(['tool_search', 'github_create_issue']);
    const results = messages.flatMap((message) => message.content).filter((block) => block.type === 'tool_result');
    expect(results.map((block) => block.tool_use_id)).toEqual(['toolu_0_0', 'toolu_0_1']);
    expect(JSON.stringify(results[0]!.content)).toContain('{\\"activated\\":[\\"github_create_issue\\"]}');
    expect(JSON.stringify(results[1]!.content)).toContain('not callable until your next step');
  });

  it('C20: the same bound set sends identical tool bytes on every request of a second turn (prompt-cache friendly)', async () => {
    server = await startFakeAnthropicServer([...wireTurnReplies('tool_search'), ...wireTurnReplies('tool_search')]);
    const anthropic = createAnthropic({ baseURL: server.baseURL, apiKey: 'test-key' });
    const { turns } = await runWireTurns({ server, model: anthropic('claude-sonnet-4-5'), turns: 2 });

    expect(turns.map((turn) => turn.result.status)).toEqual(['completed', 'completed']);
    const toolBytes = turns.map((turn) => turn.bodies.map((body) => JSON.stringify(body.tools)));
    expect(toolBytes[1]).toEqual(toolBytes[0]);
    expect(new Set(toolBytes[0]).size).toBe(3);
  });
});
