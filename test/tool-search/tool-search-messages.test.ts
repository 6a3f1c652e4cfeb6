import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/search/search-options.js';
import type { ToolRanker } from '../../src/search/tool-ranker.js';
import { parseRequiredWords } from '../../src/tool-search/parse-required-words.js';
import { runToolSearch } from '../../src/tool-search/run-tool-search.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

/** Eight Slack and GitHub tools, as a workspace binds them. */
const DOCUMENTS = [
  { name: 'slack_send_message', description: 'Send a message to a Slack channel.', group: 'slack' },
  { name: 'slack_list_channels', description: 'List the channels of the Slack workspace.', group: 'slack' },
  { name: 'slack_add_reaction', description: 'Add an emoji reaction to a Slack message.', group: 'slack' },
  { name: 'slack_upload_file', description: 'Upload a file to a Slack channel.', group: 'slack' },
  { name: 'email_send', description: 'Send an email message to a recipient.', group: 'email' },
  { name: 'sms_send', description: 'Send a text message to a phone number.', group: 'sms' },
  { name: 'github_create_issue', description: 'Create a new issue in a GitHub repository.', group: 'github' },
  { name: 'github_list_issues', description: 'List the issues of a GitHub repository.', group: 'github' },
];
const NAMES = DOCUMENTS.map((document) => document.name);

function searchWith(query: string, options: { limit?: number; alreadyActive?: string[]; callable?: string[]; ranker?: ToolRanker; maxSchemaChars?: number } = {}) {
  const outcome = runToolSearch({
    input: options.limit === undefined ? { query } : { query, limit: options.limit },
    ranker: options.ranker ?? createHybridRanker(DOCUMENTS),
    search: { ...DEFAULT_SEARCH_OPTIONS, ...(options.maxSchemaChars === undefined ? {} : { maxSchemaChars: options.maxSchemaChars }) },
    isSearchable: (name) => NAMES.includes(name),
    alreadyActive: new Set(options.alreadyActive ?? []),
    schemaCharsOf: () => 300,
    ...(options.callable === undefined ? {} : { callable: new Set(options.callable) }),
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

describe('tool_search: select: past the limit says what it left out and why (C10, C11)', () => {
  it('loads the first five of seven listed tools and names the two left out, the limit, and the maximum', () => {
    const outcome = searchWith('select:slack_send_message,slack_list_channels,slack_add_reaction,slack_upload_file,email_send,sms_send,github_create_issue');
    expect(outcome.output).toEqual({
      activated: ['slack_send_message', 'slack_list_channels', 'slack_add_reaction', 'slack_upload_file', 'email_send'],
      reason:
        'Left out sms_send, github_create_issue: this search loads at most 5 new tools (limit); ' +
        'pass limit (up to 20) to load more in one search, or search again with select:sms_send,github_create_issue.',
    });
  });

  it('with limit 2, leaves out the rest; an already-active listed tool is returned, not left out', () => {
    const outcome = searchWith('select:email_send,slack_send_message,sms_send,github_list_issues', { limit: 2, alreadyActive: ['email_send'] });
    expect(outcome.output.activated).toEqual(['email_send', 'slack_send_message', 'sms_send']);
    expect(outcome.newlyActivated).toEqual(['slack_send_message', 'sms_send']);
    expect(outcome.output.reason).toContain('Left out github_list_issues: this search loads at most 2 new tools (limit); pass limit (up to 20)');
  });

  it('at the maximum limit, says the limit cannot go higher and how to load the rest', () => {
    const outcome = searchWith('select:slack_send_message,slack_list_channels,slack_add_reaction', {
      limit: 2,
      ranker: createHybridRanker(DOCUMENTS),
    });
    expect(outcome.output.reason).toContain('pass limit (up to 20)');
    const atMax = runToolSearch({
      input: { query: 'select:slack_send_message,slack_list_channels,slack_add_reaction', limit: 5 },
      ranker: createHybridRanker(DOCUMENTS),
      search: { ...DEFAULT_SEARCH_OPTIONS, maxLimit: 2 },
      isSearchable: (name) => NAMES.includes(name),
      alreadyActive: new Set(),
      schemaCharsOf: () => 300,
    });
    expect(atMax.ok && atMax.output).toEqual({
      activated: ['slack_send_message', 'slack_list_channels'],
      reason: 'Left out slack_add_reaction: this search loads at most 2 new tools (limit); 2 is the maximum limit: search again with select:slack_add_reaction.',
    });
  });

  it('after a budget stop, names the listed tools behind the stop too', () => {
    const outcome = searchWith('select:sms_send,email_send,slack_send_message,slack_add_reaction', { maxSchemaChars: 650 });
    expect(outcome.output).toEqual({
      activated: ['sms_send', 'email_send'],
      reason:
        "Stopped before slack_send_message: this search's 650-character schema budget is spent; search again to load it. " +
        'Also not loaded, after it: slack_add_reaction; search again with select:slack_add_reaction.',
    });
  });

  it('says nothing more when every listed tool fits', () => {
    expect(searchWith('select:sms_send,email_send').output).toEqual({ activated: ['sms_send', 'email_send'] });
  });
});

describe('tool_search: the required-word form +word (Claude Code ToolSearch)', () => {
  it('parses +words out of the query and keeps them as ranking words', () => {
    expect(parseRequiredWords('+slack send')).toEqual({ rankQuery: 'slack send', requiredWords: ['slack'] });
    expect(parseRequiredWords('send +Slack +message')).toEqual({ rankQuery: 'send Slack message', requiredWords: ['slack', 'message'] });
    expect(parseRequiredWords('c++ compiler + flags')).toEqual({ rankQuery: 'c++ compiler flags', requiredWords: [] });
    expect(parseRequiredWords('select:+a,b')).toEqual({ rankQuery: 'select:+a,b', requiredWords: [] });
  });

  it('+slack send returns only tools with slack in their names, the sending one first', () => {
    const plain = searchWith('send message', { limit: 10 });
    expect(plain.output.activated).toContain('email_send');
    const outcome = searchWith('+slack send', { limit: 10 });
    expect(outcome.output.activated[0]).toBe('slack_send_message');
    expect(outcome.output.activated.every((name) => name.includes('slack'))).toBe(true);
    expect(outcome.record.query).toBe('+slack send');
  });

  it('several +words must all be in the name, case-insensitive', () => {
    expect(searchWith('+SLACK +message').output.activated).toEqual(['slack_send_message']);
  });

  it('a +word no name contains activates nothing and says no tool matched', () => {
    expect(searchWith('+jira create issue').output).toEqual({
      activated: [],
      reason: 'No deferred tool matched "+jira create issue"; try other words or a name from the inventory.',
    });
  });
});

describe('tool_search: a tool that is already callable (C9, C11)', () => {
  it('a unit search naming a direct tool says it is callable, and activates nothing', () => {
    const outcome = searchWith('Read', { callable: ['Read', 'Bash'] });
    expect(outcome.output).toEqual({ activated: [], reason: 'Read is already callable on this step: call it directly, no search needed.' });
    expect(outcome.newlyActivated).toEqual([]);
  });

  it('a select: listing direct and deferred tools loads the deferred and names the direct as callable', () => {
    const outcome = searchWith('select:bash,github_create_issue', { callable: ['Read', 'Bash'] });
    expect(outcome.output).toEqual({ activated: ['github_create_issue'], reason: 'Bash is already callable on this step: call it directly, no search needed.' });
  });

  function runtime(): { tools: ToolSet; groups: Record<string, string[]> } {
    return sampleTools();
  }

  it('in a turn: searching a direct tool by name, then an active one in a later step, is told each is already callable', async () => {
    const { tools, groups } = runtime();
    const turnRuntime = createToolSearchRuntime({ tools, groups });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'Read' } }, { toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }] },
        { toolCalls: [{ toolName: 'tool_search', input: { query: '`github_create_issue`' } }] },
        { text: 'done' },
      ],
    });
    const result = await turnRuntime.send({ model: scripted.model, prompt: 'file an issue' }).result;

    expect(result.steps[0]!.toolResults.map((call) => call.output)).toEqual([
      { activated: [], reason: 'Read is already callable on this step: call it directly, no search needed.' },
      { activated: ['github_create_issue'] },
    ]);
    expect(result.steps[1]!.toolResults[0]!.output).toEqual({
      activated: ['github_create_issue'],
      reason: 'github_create_issue is already callable on this step: call it directly, no search needed.',
    });
    // Read is direct, never an activation; the second search activated nothing new
    expect(result.activated).toEqual(['github_create_issue']);
    expect(scripted.requests[2]!.toolNames).toEqual(['Bash', 'Read', 'tool_search', 'github_create_issue']);
  });

  it("tool_search's description names its query forms", async () => {
    const { tools, groups } = runtime();
    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    await createToolSearchRuntime({ tools, groups }).send({ model: scripted.model, prompt: 'hi' }).result;
    const description = String(scripted.requests[0]!.tools.find((definition) => definition.name === 'tool_search')?.description);
    expect(description).toContain('a few words about the task');
    expect(description).toContain('an exact tool name');
    expect(description).toContain('"select:a,b" to load exactly the tools named a and b');
    expect(description).toContain('"+word" to require that word in the tool\'s name ("+slack send"');
  });
});

describe('tool_search: a client tool is searchable with +word too', () => {
  it('+ui keeps only the client tools whose names carry ui', async () => {
    const { tools, groups } = sampleTools();
    const clientTools: ToolSet = {
      ui_show_chart: tool({ description: 'Show a chart of a metric.', inputSchema: z.object({ metric: z.string() }), execute: async () => 'shown' }),
    };
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: '+ui chart slack message' } }] }, { text: 'done' }] });
    const result = await createToolSearchRuntime({ tools, groups }).send({ model: scripted.model, prompt: 'chart', clientTools }).result;
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({ activated: ['ui_show_chart'] });
  });
});

describe('tool_search: a query form with nothing in it is a readable error (C12)', () => {
  it.each([
    ['+', 'tool_search query "+" has no words: put a word after +, e.g. +slack send.'],
    ['+ ++', 'tool_search query "+ ++" has no words: put a word after +, e.g. +slack send.'],
    ['select:', 'tool_search select: needs tool names after it, separated by commas, e.g. select:github_create_issue,slack_post_message.'],
    ['SELECT: , ,', 'tool_search select: needs tool names after it, separated by commas, e.g. select:github_create_issue,slack_post_message.'],
  ])('%j activates nothing and says how to write it', (query, message) => {
    const outcome = runToolSearch({
      input: { query },
      ranker: createHybridRanker(DOCUMENTS),
      search: DEFAULT_SEARCH_OPTIONS,
      isSearchable: () => true,
      alreadyActive: new Set(),
      schemaCharsOf: () => 300,
    });
    expect(outcome).toEqual({ ok: false, message });
  });
});

describe('tool_search: select: with a ranker that does not read select:', () => {
  it('names as left out only listed tools, never the fuzzy matches of another ranker', () => {
    const fixed: ToolRanker = {
      name: 'fixed',
      // as a ranker without select: support answers: the listed tools among unrelated matches
      rank: () => ['email_send', 'slack_send_message', 'sms_send', 'github_list_issues', 'slack_add_reaction'].map((name, index) => ({ name, score: 1 - index / 10 })),
    };
    const outcome = searchWith('select:email_send,sms_send,slack_add_reaction', { limit: 1, ranker: fixed });
    expect(outcome.output).toEqual({
      activated: ['email_send'],
      reason: 'Left out sms_send, slack_add_reaction: this search loads at most 1 new tool (limit); pass limit (up to 20) to load more in one search, or search again with select:sms_send,slack_add_reaction.',
    });
  });
});
