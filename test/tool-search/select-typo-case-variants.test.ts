import type { ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { describedTool } from '../helpers/described-tool.js';

// A mistyped select: entry that the typo corrector resolves to one of two names differing only
// in case: the corrector's pick between them is a guess, so it is ambiguous as select:FOO is.

function tools(): ToolSet {
  return {
    Foo: describedTool('Foo in capitals.'),
    foo: describedTool('foo in lower case.'),
    github_create_issue: describedTool('Create a new issue in a GitHub repository.'),
    slack_send_message: describedTool('Send a message to a Slack channel.'),
  };
}

async function searchOnce(query: string, options: { aliases?: Record<string, string[]> } = {}) {
  const runtime = createToolSearchRuntime({ tools: tools(), direct: [], ...(options.aliases === undefined ? {} : { aliases: options.aliases }) });
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  return { output: result.steps[0]!.toolResults[0]!.output as { activated: string[]; reason?: string }, scripted };
}

describe('tool_search select: of a mistyping of names that differ only in case (C9, C11)', () => {
  it.each(['foo_', 'Foo_', 'fooo'])('select:%s for tools Foo and foo loads neither and lists both, as select:FOO does', async (entry) => {
    const { output, scripted } = await searchOnce(`select:${entry}`);
    expect(output).toEqual({
      activated: [],
      reason: `Ambiguous: "${entry}" could be Foo or foo (names are case-sensitive). Nothing was loaded for it: select the exact name, e.g. select:Foo.`,
    });
    expect(scripted.requests[1]!.toolNames).toEqual(['tool_search']);
  });

  it('beside another mistyped entry that names one tool: that one loads, the ambiguous one loads nothing', async () => {
    const { output, scripted } = await searchOnce('select:foo_,githb_create_issue');
    expect(output.activated).toEqual(['github_create_issue']);
    expect(output.reason).toBe('Ambiguous: "foo_" could be Foo or foo (names are case-sensitive). Nothing was loaded for it: select the exact name, e.g. select:Foo.');
    expect(scripted.requests[1]!.toolNames).toEqual(['tool_search', 'github_create_issue']);
  });

  it('an entry spelling one of them exactly next to the mistyping loads that one; the mistyping is named with both as closest', async () => {
    const { output } = await searchOnce('select:foo_,foo');
    expect(output).toEqual({
      activated: ['foo'],
      reason: 'No tool is named "foo_" (closest: foo, Foo); nothing was loaded for it. Select a name from the inventory or a closest one, or search with words for what it does.',
    });
  });

  it('an alias of Foo that a mistyping of foo would look like is meant, not mistyped: it loads Foo', async () => {
    expect((await searchOnce('select:foo_', { aliases: { Foo: ['foo_'] } })).output).toEqual({ activated: ['Foo'] });
  });
});
