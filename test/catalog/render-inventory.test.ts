import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CatalogEntry } from '../../src/catalog/catalog-entry.js';
import { createToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import { renderInventory } from '../../src/catalog/render-inventory.js';

function makeTool(description: string) {
  return tool({ description, inputSchema: z.object({ target: z.string() }), execute: async () => 'ok' });
}

const TOOLS: Record<string, string> = {
  Read: 'Read a file',
  Bash: 'Run a shell command',
  browser_snapshot: 'Capture an accessibility snapshot of the page',
  browser_click: 'Click an element on the page',
  read_file: 'Read a file from the project directory',
  memory_store: 'Store a fact for later',
  weather_now: 'Current weather for a city',
  archive_list: 'List the entries of a zip archive',
};

function toolSet(names: readonly string[]): ToolSet {
  return Object.fromEntries(names.map((name) => [name, makeTool(TOOLS[name]!)]));
}

const GROUPS = { filesystem: ['read_file', 'archive_list'], browser: ['browser_snapshot', 'browser_click'] };
const SOURCES = { memory_store: 'memory' };

describe('renderInventory (C7)', () => {
  it('lists deferred names by group: groups sorted, other last, names sorted, no direct tool, no description', () => {
    const catalog = createToolCatalog({ tools: toolSet(Object.keys(TOOLS)), groups: GROUPS, sources: SOURCES });
    expect(catalog.inventory).toBe(
      [
        'browser:',
        '- browser_click',
        '- browser_snapshot',
        'filesystem:',
        '- archive_list',
        '- read_file',
        'memory:',
        '- memory_store',
        'other:',
        '- weather_now',
        '',
      ].join('\n'),
    );
    expect(catalog.inventory).not.toMatch(/Bash|Read\b|Click an element|target/);
  });

  it('uses the source as the group when the group map does not name the tool (C8)', () => {
    const catalog = createToolCatalog({
      tools: toolSet(['browser_click', 'browser_snapshot', 'weather_now']),
      groups: { browser: ['browser_click'] },
      sources: { browser_snapshot: 'playwright', weather_now: 'weather-server' },
    });
    expect(catalog.inventory).toBe('browser:\n- browser_click\nplaywright:\n- browser_snapshot\nweather-server:\n- weather_now\n');
  });

  it('is empty when nothing is deferred', () => {
    expect(createToolCatalog({ tools: toolSet(['Read', 'Bash']) }).inventory).toBe('');
  });

  it('sorts group names by code unit and keeps other last even before a later letter', () => {
    const entry = (name: string, group: string): CatalogEntry =>
      ({ name, group, kind: 'deferred', description: 'unused' }) as unknown as CatalogEntry;
    const text = renderInventory([entry('z_tool', 'zeta'), entry('o_tool', 'other'), entry('A_tool', 'Alpha'), entry('a_tool', 'alpha')]);
    expect(text).toBe('Alpha:\n- A_tool\nalpha:\n- a_tool\nzeta:\n- z_tool\nother:\n- o_tool\n');
  });
});

describe('renderInventory determinism (C8)', () => {
  it('gives the same bytes for the same bound set given in a different key order', () => {
    const names = Object.keys(TOOLS);
    const forward = createToolCatalog({ tools: toolSet(names), groups: GROUPS, sources: SOURCES });
    const reversed = createToolCatalog({
      tools: toolSet([...names].reverse()),
      groups: { browser: ['browser_click', 'browser_snapshot'], filesystem: ['archive_list', 'read_file'] },
      sources: SOURCES,
    });
    expect(reversed.inventory).toBe(forward.inventory);
    expect(reversed.inventory.length).toBeGreaterThan(0);
  });
});
