import { createOpenAI } from '@ai-sdk/openai';
import type { ModelMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolSearchRuntime, TOOL_SEARCH_WIRE_ALIAS } from '../../src/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';
import { startFakeOpenAIResponsesServer } from '../helpers/fake-openai-responses-server.js';
import type { FakeProviderServer } from '../helpers/fake-provider-server.js';
import { sampleTools } from '../helpers/sample-tools.js';
import { chatTools, deferredDescriptions, expectWireContract, responsesTools, runWireTurns, wireTurnReplies } from '../helpers/wire-turns.js';

// The real @ai-sdk/openai Responses client (`openai(id)`, `openai.responses(id)`: provider
// `openai.responses`) against a local server speaking the Responses streaming protocol. There
// `tool_search` is OpenAI's own hosted tool, so the runtime's goes out as turnscope_tool_search.

const servers: FakeProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  globalThis.AI_SDK_DEFAULT_PROVIDER = undefined;
});

async function responsesServer(turns: number) {
  const server = await startFakeOpenAIResponsesServer(Array.from({ length: turns }, () => wireTurnReplies(TOOL_SEARCH_WIRE_ALIAS)).flat());
  servers.push(server);
  return { server, openai: createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' }) };
}

type InputItem = { type?: string; role?: string; name?: string; call_id?: string; output?: string };
const inputOf = (body: Record<string, unknown>) => body.input as InputItem[];
const toolCallNames = (messages: readonly ModelMessage[]) =>
  messages.flatMap((message) =>
    message.role === 'assistant' && typeof message.content !== 'string' ? message.content.flatMap((part) => (part.type === 'tool-call' ? [part.toolName] : [])) : [],
  );

describe('the real @ai-sdk/openai Responses client against a local server', () => {
  it('S1, S5, C13, C20 on the bytes: step 0 has no deferred definition, step n+1 carries what step n activated, the tool list only appends', async () => {
    const { server, openai } = await responsesServer(1);
    const { turns, log, tools } = await runWireTurns({ server, model: openai('fake-model'), turns: 1 });
    const [turn] = turns;

    expect(turn!.result).toMatchObject({ status: 'completed', text: 'Filed issue #42 and took a snapshot.' });
    expect(server.paths).toEqual(['/v1/responses', '/v1/responses', '/v1/responses', '/v1/responses']);
    expect(turn!.bodies.map((body) => responsesTools(body).map((tool) => tool.name))).toEqual([
      ['Bash', 'Read', TOOL_SEARCH_WIRE_ALIAS],
      ['Bash', 'Read', TOOL_SEARCH_WIRE_ALIAS, 'github_create_issue'],
      ['Bash', 'Read', TOOL_SEARCH_WIRE_ALIAS, 'github_create_issue', 'browser_snapshot', 'browser_click'],
      ['Bash', 'Read', TOOL_SEARCH_WIRE_ALIAS, 'github_create_issue', 'browser_snapshot', 'browser_click'],
    ]);
    expectWireContract({ ...turn!, toolsOf: responsesTools, searchName: TOOL_SEARCH_WIRE_ALIAS, deferred: deferredDescriptions(tools) });
    const issueTool = (turn!.bodies[1]!.tools as { name: string; type: string; parameters: unknown }[]).find((tool) => tool.name === 'github_create_issue');
    expect(issueTool).toMatchObject({ type: 'function', parameters: { required: ['repo', 'title'] } });
    expect(log).toEqual([
      { toolName: 'github_create_issue', input: { repo: 'a/b', title: 'on time' } },
      { toolName: 'browser_snapshot', input: {} },
    ]);
  });

  it('C20: the same bound set sends identical tool bytes on every request of a second turn (prompt-cache friendly)', async () => {
    const { server, openai } = await responsesServer(2);
    const { turns } = await runWireTurns({ server, model: openai.responses('fake-model'), turns: 2 });

    expect(turns.map((turn) => turn.result.status)).toEqual(['completed', 'completed']);
    const toolBytes = turns.map((turn) => turn.bodies.map((body) => JSON.stringify(body.tools)));
    expect(toolBytes[1]).toEqual(toolBytes[0]);
    expect(new Set(toolBytes[0]).size).toBe(3); // steps 0, 1 and 2 differ; 3 repeats 2
  });

  it(`sends tool_search as ${TOOL_SEARCH_WIRE_ALIAS} and maps its calls back: stream parts, telemetry and the transcript say tool_search`, async () => {
    const { server, openai } = await responsesServer(1);
    const records: TelemetryRecord[] = [];
    const { turns } = await runWireTurns({ server, model: openai('fake-model'), turns: 1, runtimeOptions: { telemetry: callbackSink((record) => void records.push(record)) } });
    const [turn] = turns;

    // on the wire: the alias, in the definition, its description, the replayed call and never the reserved name
    const searchTool = (turn!.bodies[0]!.tools as { name: string; description: string }[])[2]!;
    expect(searchTool.name).toBe(TOOL_SEARCH_WIRE_ALIAS);
    expect(searchTool.description).toContain(`call ${TOOL_SEARCH_WIRE_ALIAS}, wait for its result`);
    for (const raw of turn!.rawBodies) expect(raw).not.toMatch(/"name":"tool_search"/);
    const replayedCall = inputOf(turn!.bodies[1]!).find((item) => item.type === 'function_call' && item.call_id === 'call_0_0');
    expect(replayedCall).toMatchObject({ name: TOOL_SEARCH_WIRE_ALIAS, arguments: '{"query":"create a github issue","limit":1}' });
    const searchOutput = inputOf(turn!.bodies[1]!).find((item) => item.type === 'function_call_output' && item.call_id === 'call_0_0');
    expect(searchOutput?.output).toBe('{"activated":["github_create_issue"]}');

    // everywhere else: the canonical name
    const calls = turn!.parts.filter((part) => part.type === 'tool-call');
    expect(calls.map((part) => part.toolName)).toEqual(['tool_search', 'github_create_issue', 'github_create_issue', 'tool_search', 'browser_snapshot']);
    expect(turn!.parts.flatMap((part) => (part.type === 'tool-input-start' ? [part.toolName] : []))).toEqual(calls.map((part) => part.toolName));
    expect(turn!.parts.filter((part) => part.type === 'search').map((part) => part.query)).toEqual(['create a github issue', 'browser page snapshot']);
    expect(turn!.parts.find((part) => part.type === 'step-start')).toMatchObject({ visible: ['Bash', 'Read', 'tool_search'] });
    const results = turn!.parts.filter((part) => part.type === 'tool-result');
    expect(results.filter((part) => part.toolName === 'tool_search').map((part) => part.outcome)).toEqual(['ok', 'ok']);
    expect(records.filter((record) => record.type === 'tool.execution.end').map((record) => (record as { toolName: string }).toolName)).toContain('tool_search');
    expect(records.filter((record) => record.type === 'search.end')).toHaveLength(2);
    expect(JSON.stringify(records)).not.toContain(TOOL_SEARCH_WIRE_ALIAS);
    expect(JSON.stringify(turn!.result.messages)).not.toContain(TOOL_SEARCH_WIRE_ALIAS);
    expect(turn!.result.steps[0]!.visible).toEqual(['Bash', 'Read', 'tool_search']);
  });

  it('a transcript continues on either wire: canonical in result.messages, aliased only in a Responses request', async () => {
    const { server, openai } = await responsesServer(1);
    const { turns } = await runWireTurns({ server, model: openai('fake-model'), turns: 1 });
    const history: ModelMessage[] = [...turns[0]!.result.messages, { role: 'user', content: 'And now?' }];
    expect(toolCallNames(history)).toEqual(['tool_search', 'github_create_issue', 'github_create_issue', 'tool_search', 'browser_snapshot']);

    const chat = await startFakeOpenAIServer([{ text: 'on chat' }]);
    servers.push(chat);
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups });
    await runtime.send({ model: createOpenAI({ baseURL: chat.baseURL, apiKey: 'test-key' }).chat('fake-model'), messages: history }).result;
    const chatMessages = chat.bodies[0]!.messages as { role: string; tool_calls?: { function: { name: string } }[] }[];
    expect(chatMessages.flatMap((message) => message.tool_calls ?? []).map((call) => call.function.name)).toContain('tool_search');
    expect(chatTools(chat.bodies[0]!).map((tool) => tool.name)).toEqual(['Bash', 'Read', 'tool_search']);

    const again = await startFakeOpenAIResponsesServer([{ text: 'on responses' }]);
    servers.push(again);
    await runtime.send({ model: createOpenAI({ baseURL: again.baseURL, apiKey: 'test-key' }).responses('fake-model'), messages: history }).result;
    const replayed = inputOf(again.bodies[0]!).filter((item) => item.type === 'function_call').map((item) => item.name);
    expect(replayed).toEqual([TOOL_SEARCH_WIRE_ALIAS, 'github_create_issue', 'github_create_issue', TOOL_SEARCH_WIRE_ALIAS, 'browser_snapshot']);
  });

  it('a model that calls tool_search itself on this wire still reaches the search', async () => {
    const server = await startFakeOpenAIResponsesServer([
      { toolCalls: [{ name: 'tool_search', arguments: '{"query":"create a github issue","limit":1}' }] },
      { text: 'found it' },
    ]);
    servers.push(server);
    const { tools, groups } = sampleTools();
    const turn = await createToolSearchRuntime({ tools, groups }).send({ model: createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' })('fake-model'), prompt: 'find it' }).result;

    expect(turn.status).toBe('completed');
    expect(turn.activated).toEqual(['github_create_issue']);
    expect(responsesTools(server.bodies[1]!).map((tool) => tool.name)).toEqual(['Bash', 'Read', TOOL_SEARCH_WIRE_ALIAS, 'github_create_issue']);
  });

  it('a string model id resolved through the global provider gets the alias too', async () => {
    const { server, openai } = await responsesServer(1);
    globalThis.AI_SDK_DEFAULT_PROVIDER = openai;
    const { turns } = await runWireTurns({ server, model: 'fake-model', turns: 1 });

    expect(turns[0]!.result.status).toBe('completed');
    expect(responsesTools(turns[0]!.bodies[0]!).map((tool) => tool.name)).toEqual(['Bash', 'Read', TOOL_SEARCH_WIRE_ALIAS]);
    expect(turns[0]!.parts.filter((part) => part.type === 'search')).toHaveLength(2);
  });
});
