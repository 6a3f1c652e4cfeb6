import { tool, type ToolSet } from 'ai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, InvalidOptionError } from '../../src/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { EXEC_TOOL_NAME } from '../../src/code-mode/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { summarizeTrace } from '../../src/report/summarize-trace.js';
import { startFakeAnthropicServer } from '../helpers/fake-anthropic-server.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';
import { startFakeOpenAIResponsesServer } from '../helpers/fake-openai-responses-server.js';
import type { FakeProviderServer } from '../helpers/fake-provider-server.js';
import type { ExecutionLog } from '../helpers/sample-tools.js';

const servers: FakeProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Names that are members of every plain object: a `{}` keyed by them loses or misreads them. */
const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/**
 * A tool per hostile name, built as JSON or `Object.fromEntries` build them (own keys, even
 * `__proto__`), each with a distinct description and a required `note` parameter.
 */
function hostileTools(log: ExecutionLog, names: readonly string[] = HOSTILE): ToolSet {
  return Object.fromEntries(
    names.map((name) => [
      name,
      tool({
        description: `The ${name} tool: records a note.`,
        inputSchema: z.object({ note: z.string() }),
        execute: async (input: { note: string }) => {
          log.push({ toolName: name, input });
          return `${name} noted ${input.note}`;
        },
      }),
    ]),
  ) as ToolSet;
}

const callEach = (names: readonly string[]) => names.map((name) => ({ toolName: name, input: { note: name } }));

describe('tools named like Object.prototype members (C2, C3)', () => {
  it('direct: every definition reaches the request, the request equals steps[i].visible, and each call runs its own execute', async () => {
    const log: ExecutionLog = [];
    const runtime = createToolSearchRuntime({ tools: hostileTools(log), direct: HOSTILE });
    const scripted = createScriptedModel({ steps: [{ toolCalls: callEach(HOSTILE) }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'note' }).result;

    expect(result.status).toBe('completed');
    expect(scripted.requests[0]!.toolNames).toEqual(HOSTILE);
    expect(result.steps[0]!.visible).toEqual(HOSTILE);
    const proto = scripted.requests[0]!.tools.find((definition) => definition.name === '__proto__');
    expect(proto?.description).toBe('The __proto__ tool: records a note.');
    expect(proto?.inputSchema).toMatchObject({ properties: { note: { type: 'string' } }, required: ['note'] });
    expect(result.steps[0]!.toolResults.map((call) => [call.toolName, call.outcome, call.output])).toEqual(
      HOSTILE.map((name) => [name, 'ok', `${name} noted ${name}`]),
    );
    expect(log.map((entry) => entry.toolName)).toEqual(HOSTILE);
  });

  it('deferred: listed in the inventory, found by exact name and by select:, activated, sent next step and run', async () => {
    const log: ExecutionLog = [];
    const runtime = createToolSearchRuntime({ tools: hostileTools(log), direct: [] });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: '__proto__' } }, { toolName: 'tool_search', input: { query: 'select:constructor,toString,hasOwnProperty,valueOf' } }] },
        { toolCalls: callEach(HOSTILE) },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'note' }).result;

    expect(runtime.inventory).toBe('other:\n- __proto__\n- constructor\n- hasOwnProperty\n- toString\n- valueOf\n');
    expect(result.steps[0]!.toolResults.map((call) => call.output)).toEqual([
      { activated: ['__proto__'] },
      { activated: ['constructor', 'toString', 'hasOwnProperty', 'valueOf'] },
    ]);
    expect(scripted.requests[0]!.toolNames).toEqual(['tool_search']);
    expect(scripted.requests[1]!.toolNames).toEqual(['tool_search', ...HOSTILE]);
    expect(result.steps[1]!.visible).toEqual(scripted.requests[1]!.toolNames);
    expect(scripted.requests[1]!.tools.find((definition) => definition.name === '__proto__')?.inputSchema).toMatchObject({ required: ['note'] });
    expect(result.steps[1]!.toolResults.map((call) => call.outcome)).toEqual(HOSTILE.map(() => 'ok'));
    expect(result.activated).toEqual(HOSTILE);
  });

  it('client tools: a client tool named __proto__ is searchable, sent once activated and run', async () => {
    const log: ExecutionLog = [];
    const { Read } = { Read: tool({ description: 'Read a file.', inputSchema: z.object({ path: z.string() }), execute: async () => 'text' }) };
    const runtime = createToolSearchRuntime({ tools: { Read } });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'select:__proto__,constructor' } }] }, { toolCalls: callEach(['__proto__', 'constructor']) }, { text: 'done' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'note', clientTools: hostileTools(log, ['__proto__', 'constructor']), clientId: 'ui' }).result;

    const description = String(scripted.requests[0]!.tools.find((definition) => definition.name === 'tool_search')?.description);
    expect(description).toContain('ui:\n- __proto__\n- constructor\n');
    expect(scripted.requests[1]!.toolNames).toEqual(['Read', 'tool_search', '__proto__', 'constructor']);
    expect(result.steps[1]!.visible).toEqual(scripted.requests[1]!.toolNames);
    expect(result.steps[1]!.toolResults.map((call) => [call.toolName, call.output])).toEqual([
      ['__proto__', '__proto__ noted __proto__'],
      ['constructor', 'constructor noted constructor'],
    ]);
  });

  it('code mode: exec calls tools.__proto__ and tools.constructor by name, and Object.keys(tools) lists them', async () => {
    const log: ExecutionLog = [];
    const runtime = createToolSearchRuntime({ tools: hostileTools(log), direct: HOSTILE, toolMode: 'code' });
    const code = [
      'const a = await tools["__proto__"]({ note: "a" });',
      'const b = await tools.constructor({ note: "b" });',
      'const c = await tools.toString({ note: "c" });',
      'return { a, b, c, keys: Object.keys(tools) };',
    ].join('\n');
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: EXEC_TOOL_NAME, input: { code } }] }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'note' }).result;

    expect(scripted.requests[0]!.toolNames).toEqual([...HOSTILE, EXEC_TOOL_NAME]);
    const exec = result.steps[0]!.toolResults[0]!;
    expect(exec.outcome).toBe('ok');
    expect((exec.output as { result: unknown }).result).toEqual({
      a: '__proto__ noted a',
      b: 'constructor noted b',
      c: 'toString noted c',
      keys: HOSTILE,
    });
    expect(log.map((entry) => entry.toolName)).toEqual(['__proto__', 'constructor', 'toString']);
  });

  it('telemetry and the report: schemaChars holds __proto__ as a key, and a name absent from a step counts 0, not Object.prototype.constructor', async () => {
    const records: TelemetryRecord[] = [];
    const runtime = createToolSearchRuntime({ tools: hostileTools([], ['__proto__', 'constructor']), direct: ['__proto__'], telemetry: callbackSink((record) => void records.push(record)) });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'constructor' } }] }, { text: 'done' }] });
    await runtime.send({ model: scripted.model, prompt: 'note' }).result;

    const starts = records.filter((record) => record.type === 'step.start');
    const protoChars = runtime.catalog.get('__proto__')!.schemaChars;
    const constructorChars = runtime.catalog.get('constructor')!.schemaChars;
    expect(Object.keys(starts[0]!.schemaChars)).toEqual(['__proto__', 'tool_search']);
    expect(JSON.parse(JSON.stringify(starts[0]!.schemaChars)).__proto__).toBe(protoChars);
    // through JSON, as `turnscope report` reads a trace
    const parsed = records.map((record) => JSON.parse(JSON.stringify(record)) as TelemetryRecord);
    const summary = summarizeTrace({ records: parsed });
    // nothing but tool_search was called: __proto__ is unused on both steps, constructor on step 1 only
    expect(summary.turns[0]!.exposedUnused.chars).toBe(2 * protoChars + constructorChars);
  });

  it('configuration: a source and a profile override for constructor apply to that tool only; a preset named constructor is a typed error', async () => {
    const log: ExecutionLog = [];
    const runtime = createToolSearchRuntime({
      tools: hostileTools(log, ['constructor', 'toString']),
      sources: { toString: 'formatter' },
      direct: [],
      profiles: { notes: { tools: ['constructor', 'toString'], overrides: { constructor: { description: 'Builds a note.' } } } },
    });
    expect(runtime.inventory).toBe('formatter:\n- toString\nother:\n- constructor\n');
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'select:constructor,toString' } }] }, { text: 'done' }] });
    await runtime.send({ model: scripted.model, prompt: 'note', profile: 'notes' }).result;
    const sent = scripted.requests[1]!.tools;
    expect(sent.find((definition) => definition.name === 'constructor')?.description).toBe('Builds a note.');
    expect(sent.find((definition) => definition.name === 'toString')?.description).toBe('The toString tool: records a note.');

    expect(() => runtime.send({ model: scripted.model, prompt: 'x', requiredTools: 'constructor' as never })).toThrow(InvalidOptionError);
  });

  type WireTool = { name: string; parameters: unknown };
  it.each([
    ['OpenAI Chat', startFakeOpenAIServer, (baseURL: string): LanguageModel => createOpenAI({ baseURL, apiKey: 'test-key' }).chat('fake-model'), (body: Record<string, unknown>): WireTool[] => (body.tools as { function: { name: string; parameters: unknown } }[]).map((entry) => ({ name: entry.function.name, parameters: entry.function.parameters }))],
    ['OpenAI Responses', startFakeOpenAIResponsesServer, (baseURL: string): LanguageModel => createOpenAI({ baseURL, apiKey: 'test-key' }).responses('fake-model'), (body: Record<string, unknown>): WireTool[] => (body.tools as { name: string; parameters: unknown }[]).map((entry) => ({ name: entry.name, parameters: entry.parameters }))],
    ['Anthropic Messages', startFakeAnthropicServer, (baseURL: string): LanguageModel => createAnthropic({ baseURL, apiKey: 'test-key' })('claude-sonnet-4-5'), (body: Record<string, unknown>): WireTool[] => (body.tools as { name: string; input_schema: unknown }[]).map((entry) => ({ name: entry.name, parameters: entry.input_schema }))],
  ])('on the %s wire: the __proto__ definition is in the request body and its call runs', async (_wire, start, modelOf, toolsOf) => {
    const server = await start([{ toolCalls: [{ name: '__proto__', arguments: '{"note":"wire"}' }] }, { text: 'done' }]);
    servers.push(server);
    const log: ExecutionLog = [];
    const runtime = createToolSearchRuntime({ tools: hostileTools(log, ['__proto__', 'constructor']), direct: ['__proto__', 'constructor'] });
    const result = await runtime.send({ model: modelOf(server.baseURL), prompt: 'note' }).result;

    expect(result.status).toBe('completed');
    const sent = toolsOf(server.bodies[0]!);
    expect(sent.map((entry) => entry.name)).toEqual(['__proto__', 'constructor']);
    expect(sent[0]!.parameters).toMatchObject({ properties: { note: { type: 'string' } } });
    expect(server.rawBodies[0]).toContain('"name":"__proto__"');
    expect(result.steps[0]!.toolResults.map((call) => [call.toolName, call.outcome, call.output])).toEqual([['__proto__', 'ok', '__proto__ noted wire']]);
  });
});
