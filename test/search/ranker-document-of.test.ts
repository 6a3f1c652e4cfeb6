import { describe, expect, it } from 'vitest';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { rankerDocumentOf } from '../../src/search/ranker-document-of.js';
import { loadFixtureCatalog } from './fixture-catalogs.js';

describe('rankerDocumentOf', () => {
  it('lists the input schema properties with their descriptions, nested ones too', () => {
    const document = rankerDocumentOf({
      name: 'create_issue',
      description: 'Create an issue',
      group: 'github',
      inputSchema: {
        type: 'object',
        properties: {
          repo: { type: 'string', description: 'owner/name' },
          labels: { type: 'array', items: { type: 'object', properties: { color: { type: 'string' } } } },
          assignee: { type: 'object', properties: { login: { type: 'string', description: 'GitHub login' } } },
        },
      },
    });
    expect(document).toEqual({
      name: 'create_issue',
      description: 'Create an issue',
      group: 'github',
      parameters: [
        { name: 'repo', description: 'owner/name' },
        { name: 'labels', description: '' },
        { name: 'color', description: '' },
        { name: 'assignee', description: '' },
        { name: 'login', description: 'GitHub login' },
      ],
    });
  });

  it('gives no parameters for a missing or odd schema', () => {
    for (const inputSchema of [undefined, null, 'text', [], { type: 'string' }, { properties: 7 }]) {
      expect(rankerDocumentOf({ name: 'x', description: '', group: 'g', inputSchema }).parameters).toEqual([]);
    }
  });

  it('bounds a huge or deeply nested schema', () => {
    const properties = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`p${index}`, { type: 'string', description: 'd'.repeat(2_000) }]));
    const document = rankerDocumentOf({ name: 'x', description: '', group: 'g', inputSchema: { type: 'object', properties } });
    expect(document.parameters).toHaveLength(64);
    expect(document.parameters![0]!.description).toHaveLength(500);

    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 50; level += 1) deep = { type: 'object', properties: { [`level${level}`]: deep } };
    expect(rankerDocumentOf({ name: 'x', description: '', group: 'g', inputSchema: deep }).parameters!.length).toBeLessThanOrEqual(5);
  });

  it('indexes an MCP title before the description, from `title` or the AI SDK tool\'s title, unless the description opens with it', () => {
    const base = { name: 'browser_take_screenshot', description: 'Take a screenshot of the current page.', group: 'playwright' };
    expect(rankerDocumentOf({ ...base, name: 'create_pull_request', description: 'Create a new pull request in a GitHub repository.', title: 'Open new pull request' }).description).toBe(
      'Open new pull request\nCreate a new pull request in a GitHub repository.',
    );
    // a catalog entry carries the AI SDK tool, whose title @ai-sdk/mcp sets from the server's title
    expect(rankerDocumentOf({ ...base, description: 'Returns all console messages', tool: { title: 'Get console messages' } }).description).toBe('Get console messages\nReturns all console messages');
    expect(rankerDocumentOf({ ...base, title: 'Take a screenshot' }).description).toBe(base.description);
    expect(rankerDocumentOf({ ...base, title: '  ', tool: { title: 42 } }).description).toBe(base.description);
    expect(rankerDocumentOf({ ...base, title: 'Capture', searchText: 'png' }).description).toBe('Capture\nTake a screenshot of the current page.\npng');
  });

  it('adds the string values of a parameter\'s enum to its description (get_diff, list_workflow_runs), at most 32', () => {
    const document = rankerDocumentOf({
      name: 'pull_request_read',
      description: 'Get information on a specific pull request.',
      group: 'github',
      inputSchema: {
        type: 'object',
        properties: {
          method: { type: 'string', description: 'What to read', enum: ['get', 'get_diff', 'get_files', 7, null] },
          state: { type: 'string', enum: ['open', 'closed'] },
          many: { type: 'string', enum: Array.from({ length: 100 }, (_, index) => `v${index}`) },
        },
      },
    });
    expect(document.parameters!.slice(0, 2)).toEqual([
      { name: 'method', description: 'What to read\nget get_diff get_files' },
      { name: 'state', description: 'open closed' },
    ]);
    expect(document.parameters![2]!.description.split(' ')).toHaveLength(32);
  });

  it('keeps the enum values whole after a long description\'s 500-character cut: GitHub\'s pull_request_read method get_reviews', async () => {
    // the real GitHub MCP server's tools: the method's description runs 1,413 characters, and its
    // enum (get_reviews seventh) used to be cut off with it
    const github = (await loadFixtureCatalog('mcp-catalog')).tools.filter((tool) => ['pull_request_read', 'pull_request_review_write'].includes(tool.id));
    const documents = github.map((tool) => rankerDocumentOf({ ...tool, name: tool.id }));
    const method = documents.find((document) => document.name === 'pull_request_read')!.parameters!.find((parameter) => parameter.name === 'method')!;
    const [written, values] = method.description.split('\nget get_diff ');
    expect(written).toHaveLength(500);
    expect(values).toBe('get_status get_files get_commits get_review_comments get_reviews get_comments get_check_runs');
    // "get the reviews" names the operation get_reviews in full: the read tool, not the review writer
    expect(createHybridRanker(documents).rank('get the reviews on pull request 12', 2).map((match) => match.name)).toEqual(['pull_request_read', 'pull_request_review_write']);
  });

  it('leaves out the Error Responses section an OpenAPI-to-MCP bridge appends (notion-mcp-server)', () => {
    const description = 'Notion | Retrieve a page as Markdown\nError Responses:\n400: Bad request\n429: Rate limited.';
    expect(rankerDocumentOf({ name: 'API-retrieve-page-markdown', description, group: 'notion' }).description).toBe('Notion | Retrieve a page as Markdown');
    // prose that mentions error responses stays
    const prose = 'Lists the error responses of a request.\nError Responses: see the docs.';
    expect(rankerDocumentOf({ name: 'list_errors', description: prose, group: 'g' }).description).toBe(prose);
  });

  it('reads parameters named like schema keywords or object internals (items, enum, length, __proto__) as parameters, from a parsed schema', () => {
    const inputSchema = JSON.parse(
      '{"type":"object","properties":{"items":{"type":"array","description":"the rows","items":{"type":"object","properties":{"sku":{"type":"string"}}}},"enum":{"type":"string","enum":["a",1,"b"]},"length":{"type":"number"},"__proto__":{"type":"string","description":"odd"}}}',
    );
    expect(rankerDocumentOf({ name: 'x', description: '', group: 'g', inputSchema }).parameters).toEqual([
      { name: 'items', description: 'the rows' },
      { name: 'sku', description: '' },
      { name: 'enum', description: 'a b' },
      { name: 'length', description: '' },
      { name: '__proto__', description: 'odd' },
    ]);
  });

  it('names a field of the wrong type instead of failing inside or indexing it as text', () => {
    const tool = { name: 'send_email', description: 'Send an email.', group: 'mail' };
    const of = (fields: Record<string, unknown>) => () => rankerDocumentOf({ ...tool, ...fields } as Parameters<typeof rankerDocumentOf>[0]);
    expect(of({ description: 42 })).toThrow('Option `tool.description` is 42; expected a string.');
    expect(of({ name: undefined })).toThrow('Option `tool.name` is undefined; expected a string.');
    expect(of({ group: null })).toThrow("Option `tool.group` is null; expected a string ('' for none).");
    expect(of({ searchText: 2024 })).toThrow('Option `tool.searchText` is 2024; expected a string, or undefined for none.');
    expect(of({ title: { en: 'Mail' } })).toThrow('Option `tool.title` is object; expected a string, or undefined for none.');
    expect(of({ aliases: 'mail' })).toThrow('Option `tool.aliases` is "mail"; expected an array of strings, or undefined for none.');
    expect(of({ aliases: ['mail', 3] })).toThrow('Option `tool.aliases` is object; expected an array of strings');
    expect(() => rankerDocumentOf(null as unknown as Parameters<typeof rankerDocumentOf>[0])).toThrow('Option `tool` is null; expected a tool { name, description, group');
    expect(of({ searchText: undefined, title: undefined, aliases: undefined })()).toEqual({ ...tool, parameters: [] });
  });
});
