import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import { measureDefinitionChars } from '../../src/catalog/measure-definition-chars.js';
import { createToolSearchRuntime, InvalidOptionError, TOOL_SEARCH_WIRE_ALIAS } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { reversedBinding, shownNames } from '../helpers/hostile-catalogs.js';
import { UNSEEN_GROUPINGS, UNSEEN_NAME_STYLES, unseenCatalog, whatItDoes, type UnseenCatalogSpec } from '../helpers/unseen-catalogs.js';

// C23 and S15 over catalog shapes no other test generates (digits-only names, names that differ
// only in separators and case, 64-character names, Object.prototype names, 1,000 MCP servers,
// groups that prefix each other), each tool with its own description: tool_search stays under
// 8,000 characters as the provider receives it, the same bound set gives the same bytes, and any
// tool is found by its exact name, by select:, by what it does and by the name it was shown,
// then called. Seeded and bounded for CI.

const SEED = 2_026_120_121;
const NUM_RUNS = 25;
const MAX_DEFINITION_CHARS = 8_000;

type Binding = ReturnType<typeof unseenCatalog>;
const output = (entry: { output: unknown }) => entry.output as { activated: string[]; reason?: string };

function runtimeOf(binding: Binding, inventory?: { maxChars: number }) {
  return createToolSearchRuntime({ tools: binding.tools, ...(binding.groups === undefined ? {} : { groups: binding.groups }), ...(inventory === undefined ? {} : { inventory }) });
}

/** tool_search at step 0 as the AI SDK hands it to the provider, measured under its own name and under its OpenAI Responses name. */
async function stepZero(runtime: ReturnType<typeof createToolSearchRuntime>) {
  const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
  await runtime.send({ model: scripted.model, prompt: 'hi' }).result;
  const request = scripted.requests[0]!;
  const definition = request.tools.find((candidate) => candidate.name === 'tool_search')!;
  const description = definition.description ?? '';
  const chars = measureDefinitionChars({ name: definition.name, description, inputSchema: definition.inputSchema as never });
  const aliased = description.replace(/(?<![A-Za-z0-9_-])tool_search(?![A-Za-z0-9_-])/g, TOOL_SEARCH_WIRE_ALIAS);
  const aliasChars = measureDefinitionChars({ name: TOOL_SEARCH_WIRE_ALIAS, description: aliased, inputSchema: definition.inputSchema as never });
  return { request, chars, aliasChars };
}

/** The first, second, middle and last deferred names, plus up to three the inventory shows. */
function sampled(runtime: ReturnType<typeof createToolSearchRuntime>): { names: string[]; shown: string[] } {
  const deferred = runtime.catalog.deferred;
  const names = [...new Set([0, 1, Math.floor(deferred.length / 2), deferred.length - 1].filter((index) => index < deferred.length).map((index) => deferred[index]!))];
  const shown = shownNames(runtime.inventory).map((entry) => entry.name);
  return { names, shown: [...new Set([shown[0], shown[Math.floor(shown.length / 2)], shown.at(-1)].filter((name): name is string => name !== undefined))] };
}

async function expectHolds(spec: UnseenCatalogSpec) {
  const binding = unseenCatalog(spec);
  const runtime = runtimeOf(binding);
  const label = JSON.stringify(spec);
  const { request, chars, aliasChars } = await stepZero(runtime);
  expect(request.toolNames, label).toEqual(['tool_search']);
  expect(chars, label).toBeLessThan(MAX_DEFINITION_CHARS);
  expect(aliasChars, label).toBeLessThan(MAX_DEFINITION_CHARS);
  // the same bound set, every key and name order reversed: the same bytes (C8, C20, C23)
  expect(createToolCatalog({ tools: reversedBinding(binding).tools, ...(binding.groups === undefined ? {} : { groups: reversedBinding(binding).groups! }) }).inventory, label).toBe(runtime.inventory);
  if (spec.size <= 5_000) expect(JSON.stringify((await stepZero(runtimeOf({ ...binding, ...reversedBinding(binding) }))).request.tools), label).toBe(JSON.stringify(request.tools));

  const { names, shown } = sampled(runtime);
  const queries = [...names, ...names.map((name) => `select:${name}`), ...names.map((name) => whatItDoes(binding.indexOf.get(name)!)), ...shown];
  const scripted = createScriptedModel({
    steps: [
      { toolCalls: queries.map((query) => ({ toolName: 'tool_search', input: { query } })) },
      // a model-shaped call of every name it searched, exactly as it was shown or listed
      { toolCalls: [...new Set([...names, ...shown])].map((toolName) => ({ toolName, input: { id: 'a' } })) },
      { text: 'done' },
    ],
  });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  const results = result.steps[0]!.toolResults.map(output);
  names.forEach((name, index) => {
    expect(results[index]!.activated, `${name} by exact name in ${label}`).toEqual([name]);
    expect(results[names.length + index]!.activated, `select:${name} in ${label}`).toEqual([name]);
    expect(results[2 * names.length + index]!.activated, `"${whatItDoes(binding.indexOf.get(name)!)}" in ${label}`).toContain(name);
  });
  shown.forEach((name, index) => expect(results[3 * names.length + index]!.activated, `shown ${name} in ${label}`).toEqual([name]));
  for (const call of result.steps[1]!.toolResults) expect(call.outcome, `${call.toolName} in ${label}`).toBe('ok');
}

describe(`C23 and S15 over catalog shapes not generated elsewhere (${NUM_RUNS} runs, seed ${SEED})`, () => {
  it('digits-only, separator- and case-variant, 64-character, prototype and 1,000-server names: under 8,000 characters, the same bytes in any order, every sampled tool found by name, select:, what it does and as shown, then called', { timeout: 240_000 }, async () => {
    const spec = fc.record({
      size: fc.oneof(fc.constantFrom(1, 2, 7, 301, 4_097), fc.integer({ min: 3, max: 1_500 })),
      names: fc.constantFrom(...UNSEEN_NAME_STYLES),
      grouping: fc.constantFrom(...UNSEEN_GROUPINGS),
    });
    await fc.assert(fc.asyncProperty(spec, expectHolds), { numRuns: NUM_RUNS, seed: SEED });
  });

  it.each([
    { size: 37_000, names: 'mcp-1000-servers', grouping: 'none' },
    { size: 99_999, names: 'numeric', grouping: 'none' },
    { size: 100_000, names: 'max-length', grouping: 'each-own' },
    { size: 100_000, names: 'separator-variants', grouping: 'one' },
    { size: 120_000, names: 'git-prefixes', grouping: 'none' },
  ] as const)('holds at $size tools: $names names, $grouping', { timeout: 240_000 }, async (spec) => {
    await expectHolds(spec);
  });

  it('past 100,000 tools the inventory still counts every tool and group, within its budget', () => {
    const runtime = runtimeOf(unseenCatalog({ size: 120_000, names: 'mcp-1000-servers', grouping: 'none' }));
    expect(runtime.inventory).toMatch(/^Not every name fits here \(120,000 tools in 1,000 groups\): /);
    expect(runtime.inventory).toMatch(/\n…and [\d,]+ more groups \([\d,]+ tools\): search, or list group names with group: and a word\.\n$/);
    const shownTools = [...runtime.inventory.matchAll(/^srv\d+ \(([\d,]+) tools?\)$/gm)].reduce((sum, line) => sum + Number(line[1]!.replace(/,/g, '')), 0);
    const [, moreGroups, moreTools] = /…and ([\d,]+) more groups \(([\d,]+) tools\)/.exec(runtime.inventory)!.map((part) => part.replace(/,/g, ''));
    expect(shownTools + Number(moreTools)).toBe(120_000);
    expect([...runtime.inventory.matchAll(/^srv\d+ \(/gm)].length + Number(moreGroups)).toBe(1_000);
    expect(JSON.stringify(runtime.inventory).length - 2).toBeLessThanOrEqual(runtime.catalog.inventoryOptions.maxChars);
  });

  it('inventory.maxChars of any value: a whole number ≥ 300 bounds the inventory as sent, anything else is an InvalidOptionError naming the option', () => {
    const binding = unseenCatalog({ size: 400, names: 'git-prefixes', grouping: 'none' });
    const maxChars = fc.oneof(
      fc.integer({ min: -1_000, max: 299 }),
      fc.integer({ min: 300, max: 20_000 }),
      fc.double({ min: 300, max: 20_000, noInteger: true }),
      fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER, 1e12, 300.000_000_1),
    );
    fc.assert(
      fc.property(maxChars, (budget) => {
        const build = () => runtimeOf(binding, { maxChars: budget });
        if (!(Number.isSafeInteger(budget) && budget >= 300)) {
          expect(build).toThrow(InvalidOptionError);
          expect(build).toThrow(/inventory\.maxChars/);
          return;
        }
        const inventory = build().inventory;
        expect(JSON.stringify(inventory).length - 2).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 200, seed: SEED },
    );
  });
});
