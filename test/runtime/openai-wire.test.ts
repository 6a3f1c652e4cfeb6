import { createOpenAI } from '@ai-sdk/openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';
import { chatTools, deferredDescriptions, expectWireContract, runWireTurns, wireTurnReplies } from '../helpers/wire-turns.js';

type WireTool = { type: string; function: { name: string; description?: string; parameters: unknown } };
const toolNames = (body: Record<string, unknown>) => ((body.tools as WireTool[] | undefined) ?? []).map((tool) => tool.function.name);

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('the real @ai-sdk/openai Chat Completions client against a local server', () => {
  it('S1, S5, S7: request bodies carry the step-start visible set; a search exposes its match on the next request only', async () => {
    const server = await startFakeOpenAIServer([
      {
        toolCalls: [
          { name: 'tool_search', arguments: '{"query":"create a github issue","limit":1}' },
          { name: 'github_create_issue', arguments: '{"repo":"a/b","title":"early"}' },
        ],
      },
      { toolCalls: [{ name: 'github_create_issue', arguments: '{"repo":"a/b","title":"on time"}' }] },
      { text: 'Filed issue #42.' },
    ]);
    close = server.close;
    const log: ExecutionLog = [];
    const { tools, groups } = sampleTools(log);
    const runtime = createToolSearchRuntime({ tools, groups });
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });

    const result = await runtime.send({ model: openai.chat('fake-model'), prompt: 'File an issue in a/b' }).result;

    expect(result).toMatchObject({ status: 'completed', text: 'Filed issue #42.' });
    expect(server.bodies.map(toolNames)).toEqual([
      ['Bash', 'Read', 'tool_search'],
      ['Bash', 'Read', 'tool_search', 'github_create_issue'],
      ['Bash', 'Read', 'tool_search', 'github_create_issue'],
    ]);
    const issueTool = (server.bodies[1]!.tools as WireTool[]).find((tool) => tool.function.name === 'github_create_issue');
    expect(issueTool?.function.parameters).toMatchObject({ required: ['repo', 'title'] });
    expect(log).toEqual([{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'on time' } }]);

    // the step-1 request carries the step-0 results the runtime produced, including the rejection
    const messages = server.bodies[1]!.messages as { role: string; content?: string; tool_call_id?: string }[];
    const toolMessages = messages.filter((message) => message.role === 'tool');
    expect(toolMessages.map((message) => message.tool_call_id)).toEqual(['call_0_0', 'call_0_1']);
    expect(toolMessages[0]!.content).toBe('{"activated":["github_create_issue"]}');
    expect(toolMessages[1]!.content).toContain('not callable until your next step');
  });

  it('S8: an HTTP 429 is retried by the machine, not by the SDK, with the same tools', async () => {
    const server = await startFakeOpenAIServer([
      { status: 429, body: '{"error":{"message":"slow down","type":"rate_limit"}}' },
      { text: 'ok' },
    ]);
    close = server.close;
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, retry: { initialDelayMs: 1 } });
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });

    const result = await runtime.send({ model: openai.chat('fake-model'), prompt: 'hi' }).result;

    expect(result).toMatchObject({ status: 'completed', text: 'ok' });
    expect(result.steps[0]!.attempts).toBe(2);
    expect(server.bodies.map(toolNames)).toEqual([
      ['Bash', 'Read', 'tool_search'],
      ['Bash', 'Read', 'tool_search'],
    ]);
  });

  it('S1, S5, C13, C20 on the bytes: step 0 has no deferred definition, step n+1 carries what step n activated, the tool list only appends', async () => {
    const server = await startFakeOpenAIServer(wireTurnReplies('tool_search'));
    close = server.close;
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });
    const { turns, tools } = await runWireTurns({ server, model: openai.chat('fake-model'), turns: 1 });
    const [turn] = turns;

    expect(turn!.result.status).toBe('completed');
    expect(server.paths.every((path) => path === '/v1/chat/completions')).toBe(true);
    expect(turn!.bodies.map((body) => chatTools(body).map((tool) => tool.name))).toEqual([
      ['Bash', 'Read', 'tool_search'],
      ['Bash', 'Read', 'tool_search', 'github_create_issue'],
      ['Bash', 'Read', 'tool_search', 'github_create_issue', 'browser_snapshot', 'browser_click'],
      ['Bash', 'Read', 'tool_search', 'github_create_issue', 'browser_snapshot', 'browser_click'],
    ]);
    expectWireContract({ ...turn!, toolsOf: chatTools, searchName: 'tool_search', deferred: deferredDescriptions(tools) });
  });

  it('C20: the same bound set sends identical tool bytes on every request of a second turn (prompt-cache friendly)', async () => {
    const server = await startFakeOpenAIServer([...wireTurnReplies('tool_search'), ...wireTurnReplies('tool_search')]);
    close = server.close;
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });
    const { turns } = await runWireTurns({ server, model: openai.chat('fake-model'), turns: 2 });

    expect(turns.map((turn) => turn.result.status)).toEqual(['completed', 'completed']);
    const toolBytes = turns.map((turn) => turn.bodies.map((body) => JSON.stringify(body.tools)));
    expect(toolBytes[1]).toEqual(toolBytes[0]);
    expect(new Set(toolBytes[0]).size).toBe(3);
  });
});
