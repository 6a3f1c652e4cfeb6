import { describe, expect, it } from 'vitest';
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
