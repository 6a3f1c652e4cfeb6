import { describe, expect, it } from 'vitest';
import { createFuseRanker } from '../../src/search/create-fuse-ranker.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';

// Descriptions in the style of the Playwright, filesystem and memory MCP servers.
const DOCUMENTS: RankerDocument[] = [
  { name: 'browser_click', description: 'Click an element on the current web page, by its reference from a snapshot.', group: 'browser' },
  { name: 'browser_snapshot', description: 'Capture an accessibility snapshot of the current web page.', group: 'browser' },
  { name: 'browser_navigate', description: 'Open a URL in the browser.', group: 'browser' },
  { name: 'read_file', description: 'Read the complete contents of a file from the file system.', group: 'filesystem' },
  { name: 'write_file', description: 'Create a new file or overwrite an existing file with new content.', group: 'filesystem' },
  { name: 'list_directory', description: 'List the files and directories inside a directory.', group: 'filesystem' },
  { name: 'create_entities', description: 'Create entities in the knowledge graph memory.', group: 'memory' },
  { name: 'search_nodes', description: 'Search the knowledge graph for nodes matching a query.', group: 'memory' },
  { name: 'send_email', description: 'Send an email message to a recipient.', group: 'mail' },
  { name: 'get_weather', description: 'Get the current weather forecast for a city.', group: 'other' },
  { name: 'createInvoice', description: 'Bill a customer for an order.', group: 'billing' },
];

const ranker = createFuseRanker(DOCUMENTS);
const names = (query: string, maxResults = 5) => ranker.rank(query, maxResults).map((match) => match.name);

describe('createFuseRanker: exact names (C9)', () => {
  it.each(['read_file', 'READ_FILE', 'Read_File', '  read_file  ', 'createinvoice'])('ranks the tool named %j first', (query) => {
    const expected = DOCUMENTS.find((document) => document.name.toLowerCase() === query.trim().toLowerCase())!.name;
    expect(names(query)[0]).toBe(expected);
  });

  it('lifts an exact name above a tool that matches the same words better', () => {
    const rival = createFuseRanker([
      { name: 'search_nodes', description: 'Internal.', group: 'memory' },
      { name: 'graph_search_nodes', description: 'Search nodes in the graph.', group: 'search' },
    ]);
    const order = (query: string) => rival.rank(query, 2).map((match) => match.name);
    expect(order('search nodes')).toEqual(['graph_search_nodes', 'search_nodes']);
    expect(order('search_nodes')).toEqual(['search_nodes', 'graph_search_nodes']);
  });
});

describe('createFuseRanker: descriptive queries', () => {
  it.each([
    ['take a snapshot of the web page', 'browser_snapshot'],
    ['click the submit button', 'browser_click'],
    ['open a url', 'browser_navigate'],
    ['write content to a file', 'write_file'],
    ['list files in a directory', 'list_directory'],
    ['search the knowledge graph', 'search_nodes'],
    ['send an email to my boss', 'send_email'],
    ['what is the weather forecast in Paris', 'get_weather'],
    ['bill the customer', 'createInvoice'],
  ])('finds the right tool first for %j', (query, expected) => {
    expect(names(query)[0]).toBe(expected);
  });

  it('returns nothing for a query unrelated to every tool', () => {
    expect(ranker.rank('quantum chromodynamics', 5)).toEqual([]);
  });

  it('returns at most maxResults, best first', () => {
    const ranked = ranker.rank('file', 2);
    expect(ranked).toHaveLength(2);
    expect(ranked[0]!.score).toBeGreaterThanOrEqual(ranked[1]!.score);
    expect(ranker.rank('file', 0)).toEqual([]);
  });
});

describe('createFuseRanker: determinism', () => {
  it('gives the same ranking for the same query, and for documents given in another order', () => {
    const query = 'read or write a file in a directory';
    const first = ranker.rank(query, 10);
    expect(first.length).toBeGreaterThan(2);
    expect(ranker.rank(query, 10)).toEqual(first);
    expect(createFuseRanker([...DOCUMENTS].reverse()).rank(query, 10)).toEqual(first);
  });

  it('breaks equal scores by canonical name', () => {
    const twins = createFuseRanker([
      { name: 'zeta_lookup', description: 'Look up a record.', group: 'other' },
      { name: 'alpha_lookup', description: 'Look up a record.', group: 'other' },
    ]);
    expect(twins.rank('record', 2).map((match) => match.name)).toEqual(['alpha_lookup', 'zeta_lookup']);
  });
});

describe('createFuseRanker: hostile queries', () => {
  it.each(['', '   ', '.*+?^${}()|[]\\', '(((', '[a-', '\u0000\uffff', '🙂 file 🙂'])('does not throw for %j', (query) => {
    expect(() => ranker.rank(query, 5)).not.toThrow();
  });

  it('returns for a 1 MB query of many words, using its leading words', () => {
    const query = `send email ${'lorem ipsum dolor '.repeat(60_000)}`;
    expect(query.length).toBeGreaterThan(1_000_000);
    expect(names(query)[0]).toBe('send_email');
  });

  it('cuts a 1 MB word to its first 64 characters, so one word cannot make a search expensive', () => {
    expect(ranker.rank(`email${'x'.repeat(1_000_000)}`, 5)).toEqual(ranker.rank(`email${'x'.repeat(59)}`, 5));
    expect(names(`send email${'x'.repeat(1_000_000)}`)[0]).toBe('send_email');
  });
});

describe('createFuseRanker: hostile documents and options throw at construction', () => {
  it('names a document with no name, instead of a TypeError inside the build', () => {
    const without = [DOCUMENTS[0], { description: 'Make a chess move', group: 'chess' }] as unknown as RankerDocument[];
    expect(() => createFuseRanker(without)).toThrow("Option `documents[1].name` is undefined; expected a string (the tool's name).");
  });

  it('names a document with no group, which was otherwise indexed without it', () => {
    const without = [{ name: 'chess_move', description: 'Make a chess move' }] as unknown as RankerDocument[];
    expect(() => createFuseRanker(without)).toThrow("Option `documents[0].group` is undefined; expected a string (the tool's group, '' for none).");
  });

  it('names an alias or a parameter that is not text', () => {
    expect(() => createFuseRanker([{ ...DOCUMENTS[0]!, aliases: ['click', 3] }] as unknown as RankerDocument[])).toThrow('Option `documents[0].aliases[1]` is 3; expected a string');
    expect(() => createFuseRanker([{ ...DOCUMENTS[0]!, parameters: [{ name: 'ref' }] }] as unknown as RankerDocument[])).toThrow(
      "Option `documents[0].parameters[0].description` is undefined; expected a string ('' for none).",
    );
  });

  it('rejects options it does not have instead of ignoring them', () => {
    const withOptions = createFuseRanker as unknown as (documents: RankerDocument[], options: unknown) => unknown;
    expect(() => withOptions(DOCUMENTS, { threshold: 0.9 })).toThrow('Option `options` is object; expected nothing: createFuseRanker takes no options');
    expect(createFuseRanker(DOCUMENTS).rank('click the page', 1)[0]!.name).toBe('browser_click');
  });
});
