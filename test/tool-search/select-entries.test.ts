import type { ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createHybridRanker, createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { describedTool } from '../helpers/described-tool.js';

/** Two tools that differ only in case, a third that shares a spelling with neither, and a GitHub pair. */
function caseTools(): ToolSet {
  return {
    Read: describedTool('Read a file.'),
    Foo: describedTool('Foo in capitals.'),
    foo: describedTool('foo in lower case.'),
    FOO_bar: describedTool('Another tool.'),
    github_create_issue: describedTool('Create a new issue in a GitHub repository.'),
    github_list_issues: describedTool('List the issues of a GitHub repository.'),
    slack_send_message: describedTool('Send a message to a Slack channel.'),
  };
}

/** One step that searches with `query` (and, when given, a second step that calls `call`), then text. */
async function searchOnce(query: string, options: { tools?: ToolSet; clientTools?: ToolSet; call?: string } = {}) {
  // the GitHub group shares the prefix github_, so its names' rests (create_issue) name them too (C23)
  const runtime = createToolSearchRuntime({ tools: options.tools ?? caseTools(), groups: { github: ['github_create_issue', 'github_list_issues'] } });
  const steps = [
    { toolCalls: [{ toolName: 'tool_search', input: { query } }] },
    ...(options.call === undefined ? [] : [{ toolCalls: [{ toolName: options.call, input: {} }] }]),
    { text: 'done' },
  ];
  const scripted = createScriptedModel({ steps });
  const result = await runtime.send({ model: scripted.model, prompt: 'go', ...(options.clientTools === undefined ? {} : { clientTools: options.clientTools }) }).result;
  const output = result.steps[0]!.toolResults[0]!.output as { activated: string[]; reason?: string };
  return { output, result, scripted };
}

describe('tool_search select: with names that differ only in case (C9, C11)', () => {
  it('select:FOO for tools Foo and foo loads neither and lists both as the ambiguity', async () => {
    const { output, scripted } = await searchOnce('select:FOO');
    expect(output).toEqual({
      activated: [],
      reason: 'Ambiguous: "FOO" could be Foo or foo (names are case-sensitive). Nothing was loaded for it: select the exact name, e.g. select:Foo.',
    });
    expect(scripted.requests[1]!.toolNames).toEqual(scripted.requests[0]!.toolNames);
  });

  it('an exact spelling loads that tool only, and an ambiguous entry beside a good one loads the good one', async () => {
    expect((await searchOnce('select:foo')).output).toEqual({ activated: ['foo'] });
    expect((await searchOnce('select:Foo')).output).toEqual({ activated: ['Foo'] });
    const mixed = await searchOnce('select:fOo,github_create_issue', { call: 'github_create_issue' });
    expect(mixed.output.activated).toEqual(['github_create_issue']);
    expect(mixed.output.reason).toBe('Ambiguous: "fOo" could be Foo or foo (names are case-sensitive). Nothing was loaded for it: select the exact name, e.g. select:Foo.');
    expect(mixed.result.steps[1]!.toolResults[0]!.outcome).toBe('ok');
  });

  it('a deferred tool and a direct one that differ only in case are ambiguous too; the direct one spelled exactly is callable', async () => {
    const tools = { ...caseTools(), READ: describedTool('Read, the deferred one.') };
    const { output } = await searchOnce('select:read', { tools });
    expect(output).toEqual({
      activated: [],
      reason: 'Ambiguous: "read" could be READ or Read (names are case-sensitive). Nothing was loaded for it: select the exact name, e.g. select:READ.',
    });
    expect((await searchOnce('select:Read', { tools })).output).toEqual({ activated: [], reason: 'Read is already callable on this step: call it directly, no search needed.' });
    expect((await searchOnce('select:READ', { tools })).output).toEqual({ activated: ['READ'] });
  });

  it("a client tool and a runtime tool that differ only in case: the exact one loads, another case is ambiguous", async () => {
    const clientTools = { FOO_BAR: describedTool('The client one.') };
    expect((await searchOnce('select:FOO_BAR', { clientTools })).output).toEqual({ activated: ['FOO_BAR'] });
    expect((await searchOnce('select:FOO_bar', { clientTools })).output).toEqual({ activated: ['FOO_bar'] });
    expect((await searchOnce('select:foo_bar', { clientTools })).output).toEqual({
      activated: [],
      reason: 'Ambiguous: "foo_bar" could be FOO_BAR or FOO_bar (names are case-sensitive). Nothing was loaded for it: select the exact name, e.g. select:FOO_BAR.',
    });
  });
});

describe('tool_search select: with names no tool has (C11, C12)', () => {
  it('names the unknown entry with the closest names, and loads the entries that exist', async () => {
    const { output } = await searchOnce('select:github_create_issue,github_make_issue');
    expect(output).toEqual({
      activated: ['github_create_issue'],
      reason:
        'No tool is named "github_make_issue" (closest: github_create_issue, github_list_issues); nothing was loaded for it. ' +
        'Select a name from the inventory or a closest one, or search with words for what it does.',
    });
  });

  it('an entry the ranker resolves (a mistyping, a short name) is not reported; hostile names are reported like any other', async () => {
    expect((await searchOnce('select:githb_create_issue')).output).toEqual({ activated: ['github_create_issue'] });
    expect((await searchOnce('select:create_issue')).output).toEqual({ activated: ['github_create_issue'] });
    const hostile = await searchOnce('select:__proto__, constructor ,toString');
    expect(hostile.output).toEqual({
      activated: [],
      reason: 'No tool is named "__proto__", "constructor", "toString"; nothing was loaded for them. Select a name from the inventory, or search with words for what it does.',
    });
    // an entry with spaces is read whole: the ranker takes it for the name it misspells
    expect((await searchOnce('select:send slack message')).output).toEqual({ activated: ['slack_send_message'] });
    expect((await searchOnce('select: zq xv ,slack_send_message')).output).toEqual({
      activated: ['slack_send_message'],
      reason: 'No tool is named "zq xv"; nothing was loaded for it. Select a name from the inventory, or search with words for what it does.',
    });
  });

  it('select: of 10,000 names reads the first 64, names at most ten unknown ones and counts the entries it never read', async () => {
    const names = Array.from({ length: 10_000 }, (_, index) => `n${index}`);
    const runtime = createToolSearchRuntime({ tools: caseTools(), search: { maxQueryChars: 100_000 } });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: `select:slack_send_message,${names.join(',')}` } }] }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    const output = result.steps[0]!.toolResults[0]!.output as { activated: string[]; reason: string };
    expect(output.activated).toEqual(['slack_send_message']);
    expect(output.reason).toContain('No tool is named "n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9" or 53 more of the entries; nothing was loaded for them.');
    // the query is cut at 4,000 characters, as the rankers cut it: what lies beyond is never read
    expect(output.reason).toMatch(/select: reads the first 64 entries; [\d,]+ more were not read and not loaded: select them in another search\.$/);
    expect(output.reason.length).toBeLessThan(800);
  });
});

describe('tool_search select: reasons quote an entry as the model wrote it (C11)', () => {
  it('an ambiguous or unknown entry in full-width forms or with an invisible character is shown as written, not as read', async () => {
    // before: "FOO" and "zz_nope", the entries as normalized, which the model never wrote
    expect((await searchOnce('ｓｅｌｅｃｔ：ＦＯＯ')).output.reason).toBe(
      'Ambiguous: "ＦＯＯ" could be Foo or foo (names are case-sensitive). Nothing was loaded for it: select the exact name, e.g. select:Foo.',
    );
    const { output } = await searchOnce('select:slack_send_message，`F\u200BOO`、ｚｚ＿ｎｏｐｅ');
    expect(output.activated).toEqual(['slack_send_message']);
    expect(output.reason).toContain('Ambiguous: "F\u200BOO" could be Foo or foo');
    expect(output.reason).toContain('No tool is named "ｚｚ＿ｎｏｐｅ"');
  });
});

describe('tool_search select: listing names one per line (C9, C11)', () => {
  it('reads a line break or a tab between names as a comma: no name or alias holds one', async () => {
    // before: one entry "github_create_issue\nslack_send_message", nothing loaded
    for (const query of ['select:github_create_issue\nslack_send_message', 'select:\n  github_create_issue\r\n\tslack_send_message\n', 'select:github_create_issue,\nslack_send_message']) {
      expect((await searchOnce(query)).output, JSON.stringify(query)).toEqual({ activated: ['github_create_issue', 'slack_send_message'] });
    }
    // rests one per line too
    expect((await searchOnce('select:create_issue\nlist_issues')).output).toEqual({ activated: ['github_create_issue', 'github_list_issues'] });
  });

  it('reads an ideographic comma or a semicolon (full-width, half-width or small) between names as a comma: no name or alias holds one', async () => {
    // before: one entry "github_create_issue、slack_send_message", nothing loaded
    for (const query of ['select:github_create_issue、slack_send_message', 'select:github_create_issue ､ slack_send_message', 'select:github_create_issue﹑slack_send_message', 'select:github_create_issue；slack_send_message', 'select:github_create_issue;slack_send_message', 'select:github_create_issue，slack_send_message', 'select:github_create_issue;、\nslack_send_message']) {
      expect((await searchOnce(query)).output, JSON.stringify(query)).toEqual({ activated: ['github_create_issue', 'slack_send_message'] });
    }
  });

  it('names joined by spaces, rests included, are told to be separated by commas', async () => {
    const tools = { ...caseTools(), gitlab_create_issue: describedTool('Create an issue on GitLab.'), gitlab_list_issues: describedTool('List GitLab issues.') };
    const runtime = createToolSearchRuntime({ tools, groups: { github: ['github_create_issue', 'github_list_issues'], gitlab: ['gitlab_create_issue', 'gitlab_list_issues'] } });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'select:create_issue list_issues' } }] }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    // before: the hint was left out, create_issue and list_issues being rests, not names
    expect((result.steps[0]!.toolResults[0]!.output as { reason: string }).reason).toContain('Separate names with commas: select:create_issue,list_issues.');
  });
});

describe('tool_search select: with repeated entries (C11)', () => {
  it('counts as unread only the entries past the 64th that repeat none it read', async () => {
    const runtime = createToolSearchRuntime({ tools: caseTools() });
    const query = `select:${Array.from({ length: 100 }, () => 'slack_send_message').join(',')}`;
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }, { toolName: 'tool_search', input: { query: `${query},zz_one,zz_two,zz_one` } }] }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    // before: "select: reads the first 64 entries; 36 more were not read and not loaded" for the one name it loaded
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({ activated: ['slack_send_message'] });
    expect((result.steps[0]!.toolResults[1]!.output as { reason: string }).reason).toBe(
      'select: reads the first 64 entries; 2 more were not read and not loaded: select them in another search.',
    );
  });
});

describe('tool_search select: longer than search.maxQueryChars (C12)', () => {
  it('is a tool error that says to split the names over several searches, and loads nothing; a long word query is told to use fewer words', async () => {
    const names = Array.from({ length: 1_000 }, (_, index) => `slack_send_message_${index}`);
    const runtime = createToolSearchRuntime({ tools: caseTools() });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: `select:${names.join(',')}` } }, { toolName: 'tool_search', input: { query: 'send '.repeat(500) } }] }, { text: 'done' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    const [select, words] = result.steps[0]!.toolResults;
    expect(select).toMatchObject({ outcome: 'error' });
    expect(select!.output).toMatch(/^tool_search query is 22896 characters; the maximum is 2000\. Split the names into several select: searches of at most 2000 characters each; nothing was loaded\.$/);
    expect(words!.output).toMatch(/the maximum is 2000\. Use a few words about the task instead\.$/);
    expect(scripted.requests[1]!.toolNames).toEqual(scripted.requests[0]!.toolNames);
  });
});

describe('tool_search select: with names not separated by commas (C11)', () => {
  it('an entry of names joined by spaces or bars says to separate them with commas', async () => {
    const { output } = await searchOnce('select:slack_send_message|github_list_issues');
    expect(output.activated).toEqual([]);
    expect(output.reason).toMatch(/^No tool is named "slack_send_message\|github_list_issues" \(closest: [^)]+\); nothing was loaded for it\. /);
    expect(output.reason).toMatch(/ Separate names with commas: select:slack_send_message,github_list_issues\.$/);
  });
});

describe('tool_search select: beside other searches of the turn (C13, C15)', () => {
  it('a select: and a word search of the same step that both find a tool activate it once, callable on the next step; a later select: of it says it is callable', async () => {
    const runtime = createToolSearchRuntime({ tools: caseTools() });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'select:slack_send_message' } }, { toolName: 'tool_search', input: { query: 'send a slack message', limit: 1 } }] },
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'select:slack_send_message,github_list_issues' } }, { toolName: 'slack_send_message', input: {} }] },
        { text: 'done' },
      ],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'go' });
    const activations: (readonly string[])[] = [];
    for await (const part of turn.stream) if (part.type === 'activation') activations.push(part.names);
    const result = await turn.result;
    expect(result.steps[0]!.toolResults.map((entry) => entry.output)).toEqual([{ activated: ['slack_send_message'] }, { activated: ['slack_send_message'] }]);
    expect(activations).toEqual([['slack_send_message'], ['github_list_issues']]);
    expect(scripted.requests[1]!.toolNames).toEqual(['Read', 'tool_search', 'slack_send_message']);
    expect(result.steps[1]!.toolResults[0]!.output).toEqual({
      activated: ['slack_send_message', 'github_list_issues'],
      reason: 'slack_send_message is already callable on this step: call it directly, no search needed.',
    });
    expect(result.steps[1]!.toolResults[1]!.outcome).toBe('ok');
    expect(result.activated).toEqual(['slack_send_message', 'github_list_issues']);
  });
});

describe('tool_search select: inside a narrower ceiling (C6, C9)', () => {
  it("loads the one spelling inside the turn's ceiling, and says a tool outside it is not named, as for a name no tool has", async () => {
    const runtime = createToolSearchRuntime({ tools: { ...caseTools(), secret_admin: describedTool('An admin tool outside the ceiling.') } });
    const search = async (query: string) => {
      const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }] });
      const result = await runtime.send({ model: scripted.model, prompt: 'go', boundTools: ['Read', 'Foo', 'slack_send_message'] }).result;
      return result.steps[0]!.toolResults[0]!.output;
    };
    // the runtime's ranker takes `foo` for the tool foo, outside this turn's ceiling; Foo is the turn's only spelling
    expect(await search('select:foo')).toEqual({ activated: ['Foo'] });
    const unknown = (entry: string) => ({
      activated: [],
      reason: `No tool is named "${entry}"; nothing was loaded for it. Select a name from the inventory, or search with words for what it does.`,
    });
    expect(await search('select:secret_admin')).toEqual(unknown('secret_admin'));
    expect(await search('select:secret_admn')).toEqual(unknown('secret_admn'));
  });
});

describe('tool_search select: with a pasted paragraph as an entry (C11)', () => {
  it('shows an unknown entry of 1,500 characters by its first 80 and a …', async () => {
    const paragraph = 'please send this long note to the team '.repeat(40).trim();
    const { output } = await searchOnce(`select:${paragraph}`);
    expect(output.activated).toEqual([]);
    expect(output.reason!.length).toBeLessThan(400);
    expect(output.reason).toContain(`No tool is named "${paragraph.slice(0, 80).trimEnd()}…"`);
  });
});

describe('tool_search select: of a name with many case variants (C11)', () => {
  it('names at most ten of the variants and counts the rest', async () => {
    const spellings = Array.from({ length: 16 }, (_, bits) => [...'abcd'].map((letter, index) => ((bits >> index) & 1 ? letter.toUpperCase() : letter)).join(''));
    const tools = { ...caseTools(), ...Object.fromEntries(spellings.slice(0, 12).map((name) => [name, describedTool(`Variant ${name}.`)])) };
    const { output } = await searchOnce(`select:${spellings[15]}`, { tools });
    expect(output.activated).toEqual([]);
    const listed = /could be (.+) or 2 more \(names are case-sensitive\)/.exec(output.reason!)?.[1]?.split(' or ');
    expect(listed).toEqual([...spellings.slice(0, 12)].sort().slice(0, 10));
  });
});

describe('tool_search select: of tool_search itself (C11)', () => {
  it('says it is the search itself, under either of its wire names, and suggests nothing', async () => {
    for (const entry of ['tool_search', 'turnscope_tool_search']) {
      expect((await searchOnce(`select:${entry},slack_send_message`)).output).toEqual({
        activated: ['slack_send_message'],
        reason: `"${entry}" is this search itself, callable already; select: loads the deferred tools it finds.`,
      });
    }
  });
});

describe('tool_search select: with an asynchronous ranker (C11)', () => {
  it('names an unknown entry without closest names, and names none when a resolved entry cannot be told from an unknown one', async () => {
    const runtime = createToolSearchRuntime({
      tools: caseTools(),
      ranker: (documents) => {
        const lexical = createHybridRanker(documents);
        return { name: 'async', rank: async (query: string, maxResults: number) => lexical.rank(query, maxResults) };
      },
    });
    const search = async (query: string) => {
      const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }] });
      return (await runtime.send({ model: scripted.model, prompt: 'go' }).result).steps[0]!.toolResults[0]!.output;
    };
    expect(await search('select:github_create_issue,github_make_issue')).toEqual({
      activated: ['github_create_issue'],
      reason: 'No tool is named "github_make_issue"; nothing was loaded for it. Select a name from the inventory, or search with words for what it does.',
    });
    // githb_create_issue is a mistyping the ranker resolves; zzz names nothing: which is which is not known
    expect(await search('select:githb_create_issue,zzz')).toEqual({ activated: ['github_create_issue'] });
  });
});
