import { asSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import { TurnscopeError } from '../../src/errors/turnscope-error.js';

const readFileInput = z.object({ path: z.string().describe('Absolute path of the file') });

function makeTool(description: string) {
  return tool({ description, inputSchema: z.object({ value: z.string() }), execute: async () => 'ok' });
}

/** A run's bound tools: three of the C5 baseline and four others. */
function boundTools(): ToolSet {
  return {
    read_file: tool({ description: 'Read a file from disk', inputSchema: readFileInput, execute: async () => '' }),
    Bash: makeTool('Run a shell command'),
    browser_click: makeTool('Click an element on the page'),
    Grep: makeTool('Search file contents'),
    Read: makeTool('Read a file'),
    browser_snapshot: makeTool('Capture the page'),
    memory_store: makeTool('Store a memory'),
  };
}

/** Calls `build`, expecting a TurnscopeError; returns it. */
function thrown(build: () => unknown): TurnscopeError {
  try {
    build();
  } catch (error) {
    expect(TurnscopeError.isInstance(error)).toBe(true);
    return error as TurnscopeError;
  }
  throw new Error('expected createToolCatalog to throw');
}

describe('createToolCatalog: direct and deferred (C5, C6)', () => {
  it('makes the bound C5 baseline tools direct, in baseline order, and defers every other tool', () => {
    const catalog = createToolCatalog({ tools: boundTools() });
    expect(catalog.direct).toEqual(['Bash', 'Read', 'Grep']);
    expect(catalog.deferred).toEqual(['browser_click', 'browser_snapshot', 'memory_store', 'read_file']);
    expect(catalog.bound).toEqual(['Bash', 'Grep', 'Read', 'browser_click', 'browser_snapshot', 'memory_store', 'read_file']);
    expect(catalog.get('Grep')?.kind).toBe('direct');
    expect(catalog.get('read_file')?.kind).toBe('deferred');
  });

  it('replaces the baseline with a caller direct list, kept in the caller order without duplicates', () => {
    const catalog = createToolCatalog({ tools: boundTools(), direct: ['read_file', 'Bash', 'read_file'] });
    expect(catalog.direct).toEqual(['read_file', 'Bash']);
    expect(catalog.get('Read')?.kind).toBe('deferred');
    expect(catalog.deferred).toEqual(['Grep', 'Read', 'browser_click', 'browser_snapshot', 'memory_store']);
  });

  it('defers a baseline tool the hints mark alwaysLoad false, unless an explicit direct list names it (C26)', () => {
    const hinted = createToolCatalog({ tools: boundTools(), hints: { Read: { alwaysLoad: false } } });
    expect(hinted.direct).toEqual(['Bash', 'Grep']);
    expect(hinted.get('Read')?.kind).toBe('deferred');
    expect(hinted.inventory).toContain('- Read');
    expect(createToolCatalog({ tools: boundTools(), direct: ['Read'], hints: { Read: { alwaysLoad: false } } }).direct).toEqual(['Read']);
  });

  it('makes every bound tool direct and nothing deferred with availability off', () => {
    const catalog = createToolCatalog({ tools: boundTools(), availability: 'off' });
    expect(catalog.direct).toEqual(catalog.bound);
    expect(catalog.deferred).toEqual([]);
    expect(catalog.inventory).toBe('');
  });

  it('returns undefined for a name that is not bound', () => {
    expect(createToolCatalog({ tools: boundTools() }).get('write_file')).toBeUndefined();
  });
});

describe('createToolCatalog: entries', () => {
  it('measures schemaChars as the JSON length of name, description and input schema', () => {
    const catalog = createToolCatalog({ tools: boundTools() });
    const inputSchema = asSchema(readFileInput).jsonSchema;
    const expected = JSON.stringify({ name: 'read_file', description: 'Read a file from disk', inputSchema }).length;
    expect(catalog.get('read_file')?.schemaChars).toBe(expected);
    expect(catalog.get('read_file')?.inputSchema).toEqual(inputSchema);
    expect(catalog.totalSchemaChars).toBe(catalog.entries.reduce((sum, entry) => sum + entry.schemaChars, 0));
  });

  it('gives a tool its group from the group map, else its source, else other (C8)', () => {
    const catalog = createToolCatalog({
      tools: boundTools(),
      groups: { browser: ['browser_click'] },
      sources: { browser_click: 'playwright', browser_snapshot: 'playwright', read_file: 'filesystem' },
    });
    expect(catalog.get('browser_click')).toMatchObject({ group: 'browser', source: 'playwright' });
    expect(catalog.get('browser_snapshot')).toMatchObject({ group: 'playwright', source: 'playwright' });
    expect(catalog.get('memory_store')).toMatchObject({ group: 'other', source: undefined });
  });

  it('uses an empty description for a tool without one', () => {
    const tools = { plain: tool({ inputSchema: z.object({}), execute: async () => 1 }) };
    expect(createToolCatalog({ tools }).get('plain')?.description).toBe('');
  });
});

describe('createToolCatalog: configuration errors', () => {
  it('refuses a bound tool named tool_search, and says to rename it', () => {
    const error = thrown(() => createToolCatalog({ tools: { ...boundTools(), tool_search: makeTool('mine') } }));
    expect(error.code).toBe('reserved-tool-name');
    expect(error.message).toContain('"tool_search"');
    expect(error.message).toMatch(/Rename your tool/);
  });

  it.each([
    ['a name with a space', 'has space'],
    ['a 65-character name', 'a'.repeat(65)],
    ['an empty name', ''],
    ['a dotted name', 'fs.read'],
  ])('refuses %s with the accepted pattern in the message', (_label, name) => {
    const error = thrown(() => createToolCatalog({ tools: { [name]: makeTool('x') } }));
    expect(error.code).toBe('invalid-tool-name');
    expect(error.message).toContain(JSON.stringify(name));
    expect(error.message).toContain('^[a-zA-Z0-9_-]{1,64}$');
    expect(error.message).toMatch(/Rename its key in `tools`/);
  });

  it('accepts a 64-character name', () => {
    const name = `${'a'.repeat(32)}_${'B'.repeat(29)}-9`;
    expect(name).toHaveLength(64);
    expect(createToolCatalog({ tools: { [name]: makeTool('x') } }).deferred).toEqual([name]);
  });

  it('refuses a group naming an unbound tool, naming the group option', () => {
    const error = thrown(() => createToolCatalog({ tools: boundTools(), groups: { browser: ['browser_click', 'browser_type'] } }));
    expect(error.code).toBe('unbound-tool');
    expect(error.message).toContain('`groups.browser` names "browser_type", which is not a bound tool.');
    expect(error.message).toContain('Add it to `tools` or remove it from `groups.browser`.');
  });

  it('refuses a tool in two groups, naming both', () => {
    const error = thrown(() =>
      createToolCatalog({ tools: boundTools(), groups: { web: ['browser_click'], browser: ['browser_click', 'browser_snapshot'] } }),
    );
    expect(error.code).toBe('conflicting-group');
    expect(error.message).toBe('Tool "browser_click" is in two groups, "browser" and "web". Keep it in one group.');
  });

  it('refuses a direct list naming an unbound tool, and suggests the bound spelling', () => {
    const error = thrown(() => createToolCatalog({ tools: boundTools(), direct: ['Read', 'READ_FILE'] }));
    expect(error.code).toBe('unbound-tool');
    expect(error.message).toContain('`direct` names "READ_FILE", which is not a bound tool. Did you mean "read_file"?');
  });

  it('refuses sources naming an unbound tool', () => {
    const error = thrown(() => createToolCatalog({ tools: boundTools(), sources: { write_file: 'filesystem' } }));
    expect(error.code).toBe('unbound-tool');
    expect(error.message).toContain('`sources`');
  });

  it('refuses a tool without an input schema', () => {
    const error = thrown(() => createToolCatalog({ tools: { broken: { description: 'no schema' } as never } }));
    expect(error.code).toBe('invalid-option');
    expect(error.message).toContain('`tools.broken`');
  });
});
