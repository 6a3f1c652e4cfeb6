import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import { measureDefinitionChars } from '../../src/catalog/measure-definition-chars.js';
import { createToolSearchRuntime, TOOL_SEARCH_WIRE_ALIAS } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { DESCRIPTIONS, GROUPINGS, hostileCatalog, maxSizeOf, NAME_STYLES, reversedBinding, shownNames, type HostileCatalogSpec } from '../helpers/hostile-catalogs.js';

// C23 against catalogs not seen before: random sizes and the exact sizes where the inventory
// changes level, hostile names, groups and server instructions. Seeded and bounded for CI.

const SEED = 2_026_120_114;
const NUM_RUNS = 30;
/** What C23 promises of tool_search's complete definition with the defaults. */
const MAX_DEFINITION_CHARS = 8_000;
const CHEAP_RANKER = () => ({ name: 'none', rank: () => [] });

type Binding = ReturnType<typeof hostileCatalog>;

function runtimeOf(binding: Binding, ranker?: typeof CHEAP_RANKER) {
  return createToolSearchRuntime({
    tools: binding.tools,
    ...(binding.groups === undefined ? {} : { groups: binding.groups }),
    ...(binding.groupDescriptions === undefined ? {} : { inventory: { groupDescriptions: binding.groupDescriptions } }),
    ...(ranker === undefined ? {} : { ranker }),
  });
}

function inventoryOf(binding: Binding): string {
  return createToolCatalog({
    tools: binding.tools,
    ...(binding.groups === undefined ? {} : { groups: binding.groups }),
    ...(binding.groupDescriptions === undefined ? {} : { inventory: { groupDescriptions: binding.groupDescriptions } }),
  }).inventory;
}

/** Step 0 as the AI SDK hands it to the provider, and tool_search's size there and on the alias wire (OpenAI Responses). */
async function stepZero(runtime: ReturnType<typeof createToolSearchRuntime>) {
  const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
  await runtime.send({ model: scripted.model, prompt: 'hi' }).result;
  const request = scripted.requests[0]!;
  const definition = request.tools.find((candidate) => candidate.name === 'tool_search');
  if (definition === undefined) return { request, chars: 0, aliasChars: 0, description: '' };
  const description = definition.description ?? '';
  const chars = measureDefinitionChars({ name: definition.name, description, inputSchema: definition.inputSchema as never });
  const aliased = description.replace(/(?<![A-Za-z0-9_-])tool_search(?![A-Za-z0-9_-])/g, TOOL_SEARCH_WIRE_ALIAS);
  const aliasChars = measureDefinitionChars({ name: TOOL_SEARCH_WIRE_ALIAS, description: aliased, inputSchema: definition.inputSchema as never });
  return { request, chars, aliasChars, description };
}

/** The inventory's level (see renderInventory), in the order a growing catalog passes them. */
function levelOf(inventory: string): number {
  if (inventory === '') return -1;
  if (!inventory.startsWith('Not every name fits')) return inventory.includes(' + one of:\n') ? 1 : 0;
  if (/…and [\d,]+ more groups?/.test(inventory)) return 12;
  const most = Math.max(0, ...inventory.split('\n').map((line) => shownNames(`${line}\n`).length));
  return most === 0 ? 11 : 2 + (8 - most);
}

async function expectBoundAndSameBytes(spec: HostileCatalogSpec) {
  const binding = hostileCatalog(spec);
  const runtime = runtimeOf(binding, CHEAP_RANKER);
  const { request, chars, aliasChars, description } = await stepZero(runtime);
  if (spec.size === 0) {
    expect(request.toolNames).toEqual([]);
    return runtime;
  }
  expect(request.toolNames).toEqual(['tool_search']);
  expect(chars, JSON.stringify(spec)).toBeLessThan(MAX_DEFINITION_CHARS);
  expect(aliasChars, JSON.stringify(spec)).toBeLessThan(MAX_DEFINITION_CHARS);
  expect(description.endsWith(`Deferred tools by group:\n${runtime.inventory}`)).toBe(true);
  // the same bound set, every key and name order reversed: the same bytes (C8, C20, C23), the
  // inventory and the whole of step 0's tool list
  expect(inventoryOf(reversedBinding(binding))).toBe(runtime.inventory);
  if (spec.size <= 5_000) expect(JSON.stringify((await stepZero(runtimeOf(reversedBinding(binding), CHEAP_RANKER))).request.tools)).toBe(JSON.stringify(request.tools));
  return runtime;
}

const output = (entry: { output: unknown }) => entry.output as { activated: string[]; listed?: string[]; reason?: string };

/** A model that reads step 0, searches each sampled name as shown, and lists sampled groups. */
async function modelShapedSearches(runtime: ReturnType<typeof createToolSearchRuntime>, binding: Binding) {
  const shown = shownNames(runtime.inventory);
  const notShown = runtime.catalog.deferred.filter((name) => !shown.some((entry) => entry.name === name));
  const pick = <T>(items: readonly T[], count: number) => Array.from(new Set(Array.from({ length: Math.min(count, items.length) }, (_, index) => items[Math.floor((index * items.length) / Math.min(count, items.length))]!)));
  const searched = [...new Map([...pick(shown, 6), ...pick(notShown, 3).map((name) => ({ name }))].map((entry) => [entry.name, entry])).values()];
  const groups = binding.groups === undefined ? ['other'] : pick(Object.keys(binding.groups), 4);
  // a rest said without its prefix, alone: loads its one tool, or nothing with every full name it ends in the reason
  const rests = pick(shown.filter((entry) => entry.rest !== undefined), 3);
  const queries = [...searched.map((entry) => entry.name), ...groups.map((group) => `group:${group}`), ...rests.map((entry) => `select:${entry.rest!}`)];
  const scripted = createScriptedModel({ steps: [{ toolCalls: queries.map((query) => ({ toolName: 'tool_search', input: { query } })) }, { text: 'done' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  return { result, searched, groups, shown, rests };
}

describe(`C23 over generated catalogs (${NUM_RUNS} runs, seed ${SEED})`, () => {
  it('keeps tool_search under 8,000 characters on every wire, gives the same bytes in any order, and every name shown resolves to its one tool', { timeout: 240_000 }, async () => {
    const spec = fc
      .record({
        size: fc.oneof(fc.constantFrom(0, 1, 2, 3), fc.integer({ min: 4, max: 1_500 })),
        names: fc.constantFrom(...NAME_STYLES),
        grouping: fc.constantFrom(...GROUPINGS),
        descriptions: fc.constantFrom(...DESCRIPTIONS),
      })
      .filter((candidate) => candidate.size <= maxSizeOf(candidate.names));
    await fc.assert(
      fc.asyncProperty(spec, async (candidate) => {
        await expectBoundAndSameBytes(candidate);
        if (candidate.size === 0) return;
        const binding = hostileCatalog(candidate);
        const runtime = runtimeOf(binding);
        const { result, searched, groups, shown, rests } = await modelShapedSearches(runtime, binding);
        for (const entry of shown) expect(runtime.catalog.get(entry.name)?.kind, `${entry.name} is a deferred canonical name`).toBe('deferred');
        const results = result.steps[0]!.toolResults;
        searched.forEach((entry, index) => {
          // a model-shaped call with exactly what it was shown loads that one tool
          expect(output(results[index]!).activated, `search ${entry.name} in ${JSON.stringify(candidate)}`).toEqual([entry.name]);
        });
        groups.forEach((group, index) => {
          const listing = output(results[searched.length + index]!);
          const members = runtime.catalog.entries.filter((entry) => entry.group === group).map((entry) => entry.name);
          expect(listing.activated).toEqual([]);
          expect(listing.listed!.length, `group:${group}`).toBeGreaterThan(0);
          for (const name of listing.listed!) expect(members).toContain(name);
          expect(JSON.stringify(listing).length).toBeLessThan(runtime.catalog.inventoryOptions.maxChars + 1_000);
          if (listing.listed!.length < members.length) expect(listing.reason).toMatch(/more: add a word after the group name/);
        });
        rests.forEach((entry, index) => {
          const answer = output(results[searched.length + groups.length + index]!);
          if (answer.activated.length > 0) expect(answer.activated, `select:${entry.rest}`).toEqual([entry.name]);
          // every full name it ends, or the first five and how many more
          else expect(answer.reason, `select:${entry.rest}`).toMatch(answer.reason!.includes(entry.name) ? /ends the names of/ : /ends the names of (\w+, ){5}[\d,]+ more\./);
        });
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
  });

  it.each([
    { names: 'mcp', grouping: 'hostile-labels', descriptions: 'delimiters' },
    { names: 'one-char', grouping: 'each-own', descriptions: 'none' },
    { names: 'long', grouping: 'prefix-labels', descriptions: 'emoji' },
    { names: 'shared-long-prefix', grouping: 'one', descriptions: 'huge' },
    { names: 'same-tool-per-server', grouping: 'one', descriptions: 'none' },
  ] as const)('holds at the sizes where the inventory changes level, and one either side: $names names, $grouping, $descriptions', { timeout: 240_000 }, async (shape) => {
    const levelAt = new Map<number, number>();
    const level = (size: number) => levelAt.get(size) ?? levelAt.set(size, levelOf(inventoryOf(hostileCatalog({ ...shape, size })))).get(size)!;
    // every size where the level changes, by bisection between sizes of different levels
    const changes: number[] = [];
    const bisect = (low: number, high: number) => {
      if (level(low) === level(high)) return;
      if (high - low === 1) return void changes.push(high);
      const middle = Math.floor((low + high) / 2);
      bisect(low, middle);
      bisect(middle, high);
    };
    bisect(1, Math.min(6_000, maxSizeOf(shape.names)));
    expect(changes.length).toBeGreaterThanOrEqual(1);
    for (const size of changes) {
      for (const near of [size - 1, size, size + 1]) await expectBoundAndSameBytes({ ...shape, size: near });
    }
  });

  it.each([
    { names: 'mcp-unicode', grouping: 'each-own', descriptions: 'emoji' },
    { names: 'long', grouping: 'hostile-labels', descriptions: 'delimiters' },
    { names: 'shared-long-prefix', grouping: 'one', descriptions: 'huge' },
  ] as const)('holds at 100,000 tools: $names names, $grouping, $descriptions; group:NAME lists any group, bounded', { timeout: 240_000 }, async (shape) => {
    const spec = { ...shape, size: 100_000 };
    const runtime = await expectBoundAndSameBytes(spec);
    const binding = hostileCatalog(spec);
    const group = binding.groups === undefined ? 'other' : Object.keys(binding.groups).at(-1)!;
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: `group:${group}` } }] }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'list' }).result;
    const listing = output(result.steps[0]!.toolResults[0]!);
    expect(listing.listed!.length).toBeGreaterThan(0);
    for (const name of listing.listed!) expect(runtime.catalog.get(name)?.group).toBe(group);
    expect(JSON.stringify(listing).length).toBeLessThan(runtime.catalog.inventoryOptions.maxChars + 1_000);
  });
});
