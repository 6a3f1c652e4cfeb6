import { describe, expect, it } from 'vitest';
import { measureDefinitionChars } from '../../src/catalog/measure-definition-chars.js';
import { createToolCatalog, createToolSearchRuntime, InvalidOptionError, renderInventory } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { syntheticCatalog } from '../helpers/synthetic-catalog.js';

/** tool_search's complete definition in step 0's request, as the provider receives it. */
async function toolSearchDefinition(runtime: ReturnType<typeof createToolSearchRuntime>) {
  const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
  await runtime.send({ model: scripted.model, prompt: 'hi' }).result;
  const definition = scripted.requests[0]!.tools.find((candidate) => candidate.name === 'tool_search')!;
  const chars = measureDefinitionChars({ name: definition.name, description: definition.description ?? '', inputSchema: definition.inputSchema as never });
  return { description: definition.description ?? '', chars };
}

describe('inventory.maxChars (C23)', () => {
  it('lists every deferred name by group when they all fit', async () => {
    const runtime = createToolSearchRuntime(syntheticCatalog(40, 4));
    const { description } = await toolSearchDefinition(runtime);
    for (const name of runtime.catalog.deferred) expect(description).toContain(`\n- ${name}\n`);
    expect(description).not.toContain('Not every name fits');
  });

  it('past the budget shows each group with its count and a few canonical names, then counts only', async () => {
    const catalog = syntheticCatalog(1_000, 20);
    const withNames = createToolSearchRuntime(catalog);
    expect(withNames.inventory).toMatch(/^Not every name fits here \(1,000 tools in 20 groups\): search by what you need, or list a group's tools with group:NAME\.\n/);
    const lines = withNames.inventory.split('\n').slice(1, -1);
    expect(lines).toHaveLength(20);
    expect(lines[0]).toMatch(/^server0 \(50 tools\): mcp__server0__\w+(, mcp__server0__\w+)*, …$/);
    for (const line of lines) {
      for (const shown of line.split(': ')[1]!.split(', ').filter((name) => name !== '…')) expect(withNames.catalog.get(shown)?.kind).toBe('deferred');
    }

    const countsOnly = createToolSearchRuntime({ ...catalog, inventory: { maxChars: 700 } });
    expect(countsOnly.inventory.split('\n').slice(1, -1)).toEqual(Array.from({ length: 20 }, (_, index) => `server${index} (50 tools)`).sort());
  });

  it('shows canonical names only: a model-shaped search for any name shown, exactly as shown, loads that tool first', async () => {
    const runtime = createToolSearchRuntime(syntheticCatalog(1_000, 20));
    const shown = [...runtime.inventory.matchAll(/mcp__server\d+__\w+/g)].map((match) => match[0]);
    expect(shown.length).toBeGreaterThanOrEqual(20);
    const scripted = createScriptedModel({ steps: [{ toolCalls: shown.map((query) => ({ toolName: 'tool_search', input: { query, limit: 1 } })) }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    expect(result.steps[0]!.toolResults.map((entry) => (entry.output as { activated: string[] }).activated[0])).toEqual(shown);
  });

  it('keeps tool_search under 8,000 characters at 100,000 tools in 50 groups and in 5,000 groups', { timeout: 120_000 }, async () => {
    const fewGroups = createToolSearchRuntime(syntheticCatalog(100_000, 50));
    expect((await toolSearchDefinition(fewGroups)).chars).toBeLessThan(8_000);
    expect(fewGroups.inventory).toMatch(/\nserver49 \(2,000 tools\): mcp__server49__/);

    const manyGroups = createToolSearchRuntime(syntheticCatalog(100_000, 5_000));
    const { chars, description } = await toolSearchDefinition(manyGroups);
    expect(chars).toBeLessThan(8_000);
    const trailer = /…and ([\d,]+) more groups \(([\d,]+) tools\): search, or list group names with group: and a word\.\n$/.exec(description);
    expect(trailer).not.toBeNull();
    const shownGroups = manyGroups.inventory.split('\n').filter((line) => /^server\d+ \(20 tools\)$/.test(line)).length;
    expect(shownGroups).toBeGreaterThan(100);
    expect(shownGroups + Number(trailer![1]!.replaceAll(',', ''))).toBe(5_000);
    expect(Number(trailer![2]!.replaceAll(',', ''))).toBe((5_000 - shownGroups) * 20);
  });

  it('shows the largest groups first when only some fit', () => {
    const { tools, groups } = syntheticCatalog(3_000, 300);
    // one group made much larger than the rest: it must be among the shown ones
    const big = Object.keys(tools).filter((name) => !name.startsWith('mcp__server0__')).slice(0, 1_500);
    const regrouped: Record<string, string[]> = { huge: big };
    for (const [group, names] of Object.entries(groups)) regrouped[group] = names.filter((name) => !big.includes(name));
    const runtime = createToolSearchRuntime({ tools, groups: Object.fromEntries(Object.entries(regrouped).filter(([, names]) => names.length > 0)), inventory: { maxChars: 400 } });
    expect(runtime.inventory).toContain('\nhuge (1,500 tools)\n');
    expect(runtime.inventory).toMatch(/…and [\d,]+ more groups/);
    expect(JSON.stringify(runtime.inventory).length - 2).toBeLessThanOrEqual(400);
  });

  it('gives the same bytes for the same bound set in any key order (C8)', () => {
    const { tools, groups } = syntheticCatalog(2_000, 30);
    const reversed = Object.fromEntries(Object.entries(tools).reverse());
    const reversedGroups = Object.fromEntries(Object.entries(groups).reverse().map(([group, names]) => [group, [...names].reverse()]));
    expect(createToolSearchRuntime({ tools: reversed, groups: reversedGroups }).inventory).toBe(createToolSearchRuntime({ tools, groups }).inventory);
  });

  it('shows a group description as one line when it fits, and drops descriptions before names', () => {
    const catalog = syntheticCatalog(12, 2);
    const described = createToolSearchRuntime({ ...catalog, inventory: { groupDescriptions: { server0: 'GitHub issues\nand pull requests', server1: '   ' } } });
    expect(described.inventory).toMatch(/^server0 — GitHub issues:\n- mcp__server0__/);
    expect(described.inventory).toContain('\nserver1:\n');

    const tight = createToolSearchRuntime({ ...catalog, inventory: { maxChars: 400, groupDescriptions: { server0: 'x'.repeat(90) } } });
    expect(tight.inventory).toMatch(/^server0:\n/);
  });

  it('rejects a budget that is not a whole number ≥ 300, and a misspelled key', () => {
    const { tools } = syntheticCatalog(5, 1);
    for (const maxChars of [299, 1.5, Number.NaN, '6000']) {
      expect(() => createToolSearchRuntime({ tools, inventory: { maxChars: maxChars as number } })).toThrow(InvalidOptionError);
    }
    expect(() => createToolSearchRuntime({ tools, inventory: { maxChars: 299 } })).toThrow(/inventory\.maxChars.*≥ 300/);
    expect(() => createToolSearchRuntime({ tools, inventory: { maxChar: 5_000 } as never })).toThrow(/maxChars/);
    expect(() => createToolSearchRuntime({ tools, inventory: { groupDescriptions: { server0: 5 } as never } })).toThrow(/inventory\.groupDescriptions\.server0/);
  });

  it('createToolCatalog and renderInventory reject the budgets and descriptions the runtime rejects, saying what to pass', () => {
    const { tools } = syntheticCatalog(5, 1);
    for (const maxChars of [0, 1, -5, 299, 300.5, Number.NaN, Number.POSITIVE_INFINITY, '6000']) {
      expect(() => createToolCatalog({ tools, inventory: { maxChars: maxChars as number } }), String(maxChars)).toThrow(/inventory\.maxChars.*whole number of characters ≥ 300 \(default 6,000/);
    }
    const { entries } = createToolCatalog({ tools });
    expect(() => renderInventory(entries, { maxChars: 0 })).toThrow(InvalidOptionError);
    expect(() => createToolCatalog({ tools, inventory: { groupDescriptions: { server0: 5 } as never } })).toThrow(/inventory\.groupDescriptions\.server0.*a string/);
    expect(() => createToolCatalog({ tools, inventory: { groupDescriptions: 'one line' as never } })).toThrow(/inventory\.groupDescriptions/);
    // the smallest budget and a huge one are taken: the note and counts fit in 300, every name in 10^12
    expect(createToolCatalog({ tools, inventory: { maxChars: 300 } }).inventory.length).toBeLessThanOrEqual(300);
    expect(createToolCatalog({ tools, inventory: { maxChars: 1e12 } }).inventory).toBe(createToolCatalog({ tools }).inventory);
  });
});
