import type { LanguageModel } from 'ai';
import { expect } from 'vitest';
import { createToolSearchRuntime, type ToolSearchRuntimeOptions } from '../../src/index.js';
import type { TurnStreamPart } from '../../src/runtime/turn-stream-part.js';
import type { FakeProviderServer, FakeReply } from './fake-provider-server.js';
import { collect, sampleTools, type ExecutionLog } from './sample-tools.js';

/** One tool definition of a request: its name and its bytes as they went out. */
export interface WireTool {
  readonly name: string;
  readonly bytes: string;
}

/** Reads the tool definitions of one API's request body, in request order. */
export type ToolsOf = (body: Record<string, unknown>) => WireTool[];

const serialized = (tools: unknown, nameOf: (tool: Record<string, unknown>) => unknown): WireTool[] =>
  ((tools as Record<string, unknown>[] | undefined) ?? []).map((tool) => ({ name: String(nameOf(tool)), bytes: JSON.stringify(tool) }));

/** Chat Completions: `tools: [{ type: 'function', function: { name, description, parameters } }]`. */
export const chatTools: ToolsOf = (body) => serialized(body.tools, (tool) => (tool.function as { name: string }).name);
/** Responses: `tools: [{ type: 'function', name, description, parameters, strict }]`. */
export const responsesTools: ToolsOf = (body) => serialized(body.tools, (tool) => tool.name);
/** Anthropic Messages: `tools: [{ name, description, input_schema }]`. */
export const anthropicTools: ToolsOf = (body) => serialized(body.tools, (tool) => tool.name);

/**
 * The replies of one scripted turn, with `tool_search` called under `searchName` (its name on
 * that wire):
 * - request 0: a search that activates `github_create_issue`, and a same-step call to it (rejected, C14);
 * - request 1: the call again (it runs) and a second search, for the browser tools;
 * - request 2: a call to `browser_snapshot`;
 * - request 3: the answer.
 */
export function wireTurnReplies(searchName: string): FakeReply[] {
  return [
    {
      toolCalls: [
        { name: searchName, arguments: '{"query":"create a github issue","limit":1}' },
        { name: 'github_create_issue', arguments: '{"repo":"a/b","title":"early"}' },
      ],
    },
    {
      toolCalls: [
        { name: 'github_create_issue', arguments: '{"repo":"a/b","title":"on time"}' },
        { name: searchName, arguments: '{"query":"browser page snapshot","limit":2}' },
      ],
    },
    { toolCalls: [{ name: 'browser_snapshot', arguments: '{}' }] },
    { text: 'Filed issue #42 and took a snapshot.' },
  ];
}

export const WIRE_TURN_REQUESTS = 4;

/**
 * Runs `turns` turns of {@link wireTurnReplies} on one runtime over the sample tools (direct:
 * `Bash`, `Read`; the rest deferred) with the given model, and returns each turn's result,
 * stream parts and the requests it sent.
 */
export async function runWireTurns(options: {
  readonly server: FakeProviderServer;
  readonly model: LanguageModel;
  readonly turns: number;
  readonly runtimeOptions?: Partial<ToolSearchRuntimeOptions>;
}) {
  const log: ExecutionLog = [];
  const { tools, groups } = sampleTools(log);
  const runtime = createToolSearchRuntime({ tools, groups, ...options.runtimeOptions });
  const turns = [];
  for (let turn = 0; turn < options.turns; turn += 1) {
    const handle = runtime.send({ model: options.model, prompt: 'File an issue in a/b, then snapshot the page' });
    const parts = await collect<TurnStreamPart>(handle.stream);
    const result = await handle.result;
    const first = turn * WIRE_TURN_REQUESTS;
    turns.push({
      result,
      parts,
      bodies: options.server.bodies.slice(first, first + WIRE_TURN_REQUESTS),
      rawBodies: options.server.rawBodies.slice(first, first + WIRE_TURN_REQUESTS),
    });
  }
  return { turns, log, tools };
}

/**
 * The contract on the bytes of one turn's requests (S1, S5, C13, C20):
 * - every `tools` array re-serializes to bytes found verbatim in the request body;
 * - request 0 carries the direct tools and the search tool, and no deferred definition (its
 *   description appears nowhere in the body);
 * - the names a search activated in step n are in request n+1 and not in request n;
 * - each request's tool definitions start with the previous request's, byte for byte.
 */
export function expectWireContract(options: {
  readonly bodies: readonly Record<string, unknown>[];
  readonly rawBodies: readonly string[];
  readonly toolsOf: ToolsOf;
  readonly parts: readonly TurnStreamPart[];
  /** The name the search tool goes out under. */
  readonly searchName: string;
  readonly deferred: Readonly<Record<string, string>>;
}): void {
  const requests = options.bodies.map(options.toolsOf);
  requests.forEach((tools, index) => {
    expect(options.rawBodies[index]).toContain(JSON.stringify(options.bodies[index]!.tools));
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
  });

  expect(requests[0]!.map((tool) => tool.name)).toEqual(['Bash', 'Read', options.searchName]);
  for (const [name, description] of Object.entries(options.deferred)) {
    expect(options.rawBodies[0], `request 0 carries ${name}'s definition`).not.toContain(description);
  }

  const activations = options.parts.filter((part) => part.type === 'activation');
  expect(activations.length).toBeGreaterThan(0);
  for (const { stepIndex, names } of activations) {
    const sent = requests[stepIndex]!.map((tool) => tool.name);
    const next = requests[stepIndex + 1]!.map((tool) => tool.name);
    for (const name of names) {
      expect(sent, `request ${stepIndex} must not carry ${name}, activated in that step`).not.toContain(name);
      expect(next, `request ${stepIndex + 1} must carry ${name}, activated in step ${stepIndex}`).toContain(name);
      expect(options.rawBodies[stepIndex + 1]).toContain(options.deferred[name]);
    }
  }

  for (let index = 1; index < requests.length; index += 1) {
    const previous = requests[index - 1]!.map((tool) => tool.bytes);
    expect(requests[index]!.slice(0, previous.length).map((tool) => tool.bytes), `request ${index} starts with request ${index - 1}'s tools`).toEqual(previous);
  }
}

/** Every deferred sample tool's name and description. */
export function deferredDescriptions(tools: Record<string, { description?: unknown }>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tools)
      .filter(([name]) => name !== 'Bash' && name !== 'Read')
      .map(([name, tool]) => [name, String(tool.description)]),
  );
}
