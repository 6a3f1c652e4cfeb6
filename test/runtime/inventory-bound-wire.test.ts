import { afterEach, describe, expect, it } from 'vitest';
import { measureDefinitionChars } from '../../src/catalog/measure-definition-chars.js';
import { createToolSearchRuntime } from '../../src/index.js';
import type { FakeProviderServer } from '../helpers/fake-provider-server.js';
import { REQUEST_WIRES } from '../helpers/request-wires.js';
import { hostileCatalog, reversedBinding, shownNames, type HostileCatalogSpec } from '../helpers/hostile-catalogs.js';

// C23 and S15 as the provider receives them: step 0's tool_search definition (name, description,
// input schema) as the real @ai-sdk/openai (Chat Completions and Responses) and
// @ai-sdk/anthropic clients send it, at sizes and with names the other tests do not use; the
// same bound set in another order sends the same bytes; a name the inventory shows, searched as
// shown, is callable on the next request.

/** What C23 promises of tool_search's complete definition with the defaults. */
const MAX_DEFINITION_CHARS = 8_000;

const servers: FakeProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const WIRES = REQUEST_WIRES;

const SPECS: readonly HostileCatalogSpec[] = [
  { size: 1, names: 'one-char', grouping: 'none', descriptions: 'none' },
  { size: 2, names: 'case-pairs', grouping: 'hostile-labels', descriptions: 'delimiters' },
  { size: 7, names: 'mcp-unicode', grouping: 'each-own', descriptions: 'huge' },
  { size: 8_001, names: 'long', grouping: 'hostile-labels', descriptions: 'emoji' },
  { size: 99_999, names: 'mcp', grouping: 'each-own', descriptions: 'delimiters' },
  { size: 150_000, names: 'same-tool-per-server', grouping: 'one', descriptions: 'huge' },
];

function runtimeOf(binding: ReturnType<typeof hostileCatalog>) {
  return createToolSearchRuntime({
    tools: binding.tools,
    ...(binding.groups === undefined ? {} : { groups: binding.groups }),
    ...(binding.groupDescriptions === undefined ? {} : { inventory: { groupDescriptions: binding.groupDescriptions } }),
  });
}

describe('C23 on the wire: step 0 at sizes not seen elsewhere, three provider APIs', () => {
  it.each(SPECS)('$size tools ($names names, $grouping, $descriptions): tool_search under 8,000 characters as sent, the same bytes in any order, a shown name callable next request', { timeout: 240_000 }, async (spec) => {
    const binding = hostileCatalog(spec);
    const runtime = runtimeOf(binding);
    const reversed = spec.size <= 10_000 ? runtimeOf(reversedBinding(binding)) : undefined;
    const shown = shownNames(runtime.inventory);
    const target = shown.length > 0 ? shown[Math.floor(shown.length / 2)]!.name : runtime.catalog.deferred.at(-1)!;
    for (const wire of WIRES) {
      const server = await wire.start([
        { toolCalls: [{ name: wire.searchName, arguments: JSON.stringify({ query: target }) }] },
        { toolCalls: [{ name: target, arguments: JSON.stringify({ id: 'a' }) }] },
        { text: 'done' },
        { text: 'again' },
      ]);
      servers.push(server);
      const result = await runtime.send({ model: wire.model(server.baseURL), prompt: 'go' }).result;
      const stepZero = wire.definitions(server.bodies[0]!);
      expect(stepZero.map((tool) => tool.name), wire.name).toEqual([wire.searchName]);
      const search = stepZero[0]!;
      const chars = measureDefinitionChars({ name: search.name, description: search.description, inputSchema: search.inputSchema as never });
      expect(chars, `${wire.name} ${JSON.stringify(spec)}`).toBeLessThan(MAX_DEFINITION_CHARS);
      expect(search.description.endsWith(`Deferred tools by group:\n${runtime.inventory.replace(/(?<![A-Za-z0-9_-])tool_search(?![A-Za-z0-9_-])/g, wire.searchName)}`), wire.name).toBe(true);
      // the shown name, searched as shown, is sent on the next request and runs
      expect(wire.definitions(server.bodies[1]!).map((tool) => tool.name)).toContain(target);
      expect(result.steps[1]!.toolResults[0], wire.name).toMatchObject({ toolName: target, outcome: 'ok' });
      if (reversed !== undefined) {
        await reversed.send({ model: wire.model(server.baseURL), prompt: 'go' }).result;
        expect(wire.definitions(server.bodies[3]!)[0]!.bytes, `${wire.name}: same bound set, same bytes`).toBe(search.bytes);
      }
    }
  });
});
