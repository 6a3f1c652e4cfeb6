import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel, type ScriptedToolCall } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

// Hostile tool calls from the model, through the real runtime (C2, C4, C14): each gets a clear
// tool error the model can read, nothing hidden or unknown executes, and the turn goes on.
// (A lower-case 'read', 'teleport' and malformed JSON for Bash are in test/runtime/pipeline.test.ts.)

async function callStep(calls: ScriptedToolCall[], then: ScriptedToolCall[] = []) {
  const { tools, groups, log } = sampleTools();
  const runtime = createToolSearchRuntime({ tools, groups });
  const scripted = createScriptedModel({ steps: [{ toolCalls: calls }, ...(then.length > 0 ? [{ toolCalls: then }] : []), { text: 'carried on' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  expect(result).toMatchObject({ status: 'completed', text: 'carried on' });
  return { result, log, requests: scripted.requests };
}

describe('calls to names that are not visible are rejected and never run (C2, C14)', () => {
  it.each([
    ['a name with a trailing space', 'Read '],
    ['tool_search in capitals', 'TOOL_SEARCH'],
    ['a path-like name', '../../etc/passwd'],
    ['a 10,000-character name', 'x'.repeat(10_000)],
    ['a name with a zero-width space', 'Re\u200bad'],
    ['load_tools, the name of an old loader', 'load_tools'],
  ])('%s is rejected as unknown', async (_case, toolName) => {
    const { result, log } = await callStep([{ toolName, input: { path: '/etc/passwd' } }]);
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-unknown', output: expect.stringContaining('There is no tool named') });
    expect(log).toEqual([]);
  });

  it('a hidden tool in another case gets the canonical spelling, and is still not run', async () => {
    const { result, log } = await callStep([{ toolName: 'GITHUB_CREATE_ISSUE', input: { repo: 'a/b', title: 't' } }]);
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'rejected-unknown', output: expect.stringContaining('Did you mean "github_create_issue"?') });
    expect(log).toEqual([]);
  });

  it('a hidden tool called many times beside the search that activates it never runs in that step', async () => {
    const call = { toolName: 'github_create_issue', input: { repo: 'a/b', title: 'early' } };
    const { result, log } = await callStep(
      [call, { toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }, call, call],
      [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'on time' } }],
    );
    expect(result.steps[0]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['rejected-hidden', 'ok', 'rejected-hidden', 'rejected-hidden']);
    expect(log).toEqual([{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'on time' } }]);
  });
});

describe('malformed arguments are invalid input and never run (C4)', () => {
  it.each([
    ['truncated JSON for a discovered tool', 'github_create_issue', '{"repo": "a/b", "title": '],
    ['truncated JSON for tool_search', 'tool_search', '{"query": "github'],
    ['a JSON array instead of an object', 'Read', '["/etc/passwd"]'],
    ['a JSON string instead of an object', 'Read', '"/etc/passwd"'],
    ['JSON null', 'Read', 'null'],
    ['an empty argument string', 'Read', ''],
  ])('%s', async (_case, toolName, input) => {
    const { result, log } = await callStep(
      [{ toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }],
      [{ toolName, input }],
    );
    expect(result.steps[1]!.toolResults[0]).toMatchObject({ outcome: 'invalid-input', output: expect.stringMatching(new RegExp(`^Invalid input for ${toolName}`)) });
    expect(log).toEqual([]);
  });

  it('a wrongly typed field names the field for a direct and a discovered tool alike', async () => {
    const { result, log } = await callStep(
      [{ toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }, { toolName: 'Read', input: { path: ['a', 'b'] } }],
      [{ toolName: 'github_create_issue', input: { repo: 42, title: 't' } }],
    );
    expect(result.steps[0]!.toolResults[1]).toMatchObject({ outcome: 'invalid-input', output: expect.stringMatching(/^Invalid input for Read: path: /) });
    expect(result.steps[1]!.toolResults[0]).toMatchObject({ outcome: 'invalid-input', output: expect.stringMatching(/^Invalid input for github_create_issue: repo: /) });
    expect(log).toEqual([]);
  });
});

describe('two bound tools whose names differ only in case (C9, C14)', () => {
  it('an exact search activates the exact spelling only, and each call runs exactly the tool it names', async () => {
    const ran: string[] = [];
    const clickTool = (name: string, description: string) =>
      tool({ description, inputSchema: z.object({ ref: z.string() }), execute: async ({ ref }) => void ran.push(`${name} ${ref}`) });
    const runtime = createToolSearchRuntime({
      tools: { browser_click: clickTool('browser_click', 'Click an element on the page.'), Browser_Click: clickTool('Browser_Click', 'Click in the legacy browser.') },
      direct: [],
    });
    const click = (toolName: string, ref: string) => ({ toolName, input: { ref } });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'Browser_Click', limit: 1 } }] },
        { toolCalls: [click('Browser_Click', 'a'), click('browser_click', 'b')] },
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'browser_click', limit: 1 } }] },
        { toolCalls: [click('browser_click', 'c'), click('Browser_Click', 'd')] },
        { text: 'clicked' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'click' }).result;

    expect(result).toMatchObject({ status: 'completed', text: 'clicked', activated: ['Browser_Click', 'browser_click'] });
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({ activated: ['Browser_Click'] });
    expect(scripted.requests.map((request) => request.toolNames)).toEqual([
      ['tool_search'],
      ['tool_search', 'Browser_Click'],
      ['tool_search', 'Browser_Click'],
      ['tool_search', 'Browser_Click', 'browser_click'],
      ['tool_search', 'Browser_Click', 'browser_click'],
    ]);
    expect(result.steps[1]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['ok', 'rejected-hidden']);
    expect(result.steps[3]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['ok', 'ok']);
    expect([...ran].sort()).toEqual(['Browser_Click a', 'Browser_Click d', 'browser_click c']);
  });
});
