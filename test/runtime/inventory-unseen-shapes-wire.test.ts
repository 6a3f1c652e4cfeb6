import { afterEach, describe, expect, it } from 'vitest';
import { measureDefinitionChars } from '../../src/catalog/measure-definition-chars.js';
import { createToolSearchRuntime } from '../../src/index.js';
import type { FakeProviderServer } from '../helpers/fake-provider-server.js';
import { REQUEST_WIRES } from '../helpers/request-wires.js';
import { reversedBinding, shownNames } from '../helpers/hostile-catalogs.js';
import { unseenCatalog, whatItDoes, type UnseenCatalogSpec } from '../helpers/unseen-catalogs.js';

// C23 and S15 as the real @ai-sdk/openai (Chat Completions, Responses) and @ai-sdk/anthropic
// clients send step 0, for the catalog shapes of unseen-catalogs.ts: tool_search under 8,000
// characters as sent, the same bytes for the same bound set in another order, and a tool found
// by what it does is sent on the next request and runs.

const MAX_DEFINITION_CHARS = 8_000;

const servers: FakeProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const WIRES = REQUEST_WIRES;

const SPECS: readonly UnseenCatalogSpec[] = [
  { size: 7, names: 'proto-names', grouping: 'each-own' },
  { size: 301, names: 'separator-variants', grouping: 'none' },
  { size: 4_097, names: 'numeric', grouping: 'one' },
  { size: 37_000, names: 'mcp-1000-servers', grouping: 'none' },
  { size: 100_000, names: 'max-length', grouping: 'none' },
];

function runtimeOf(binding: Pick<ReturnType<typeof unseenCatalog>, 'tools' | 'groups'>) {
  return createToolSearchRuntime({ tools: binding.tools, ...(binding.groups === undefined ? {} : { groups: binding.groups }) });
}

describe('C23 on the wire: step 0 for catalog shapes not generated elsewhere, three provider APIs', () => {
  it.each(SPECS)('$size tools ($names names, $grouping): tool_search under 8,000 characters as sent, the same bytes in any order, a tool found by what it does callable next request', { timeout: 240_000 }, async (spec) => {
    const binding = unseenCatalog(spec);
    const runtime = runtimeOf(binding);
    const reversed = spec.size <= 10_000 ? runtimeOf(reversedBinding({ ...binding })) : undefined;
    const shown = shownNames(runtime.inventory);
    const target = shown.length > 0 ? shown[Math.floor(shown.length / 2)]!.name : runtime.catalog.deferred.at(-1)!;
    for (const wire of WIRES) {
      const server = await wire.start([
        { toolCalls: [{ name: wire.searchName, arguments: JSON.stringify({ query: whatItDoes(binding.indexOf.get(target)!) }) }] },
        { toolCalls: [{ name: target, arguments: JSON.stringify({ id: 'a' }) }] },
        { text: 'done' },
        { text: 'again' },
      ]);
      servers.push(server);
      const result = await runtime.send({ model: wire.model(server.baseURL), prompt: 'go' }).result;
      const stepZero = wire.definitions(server.bodies[0]!);
      expect(stepZero.map((tool) => tool.name), wire.name).toEqual([wire.searchName]);
      const search = stepZero[0]!;
      expect(measureDefinitionChars({ name: search.name, description: search.description, inputSchema: search.inputSchema as never }), `${wire.name} ${JSON.stringify(spec)}`).toBeLessThan(MAX_DEFINITION_CHARS);
      expect(search.description.endsWith(`Deferred tools by group:\n${runtime.inventory}`), wire.name).toBe(true);
      expect(wire.definitions(server.bodies[1]!).map((tool) => tool.name), `${wire.name}: ${target}`).toContain(target);
      expect(result.steps[1]!.toolResults[0], wire.name).toMatchObject({ toolName: target, outcome: 'ok' });
      if (reversed !== undefined) {
        await reversed.send({ model: wire.model(server.baseURL), prompt: 'go' }).result;
        expect(wire.definitions(server.bodies[3]!)[0]!.bytes, `${wire.name}: same bound set, same bytes`).toBe(search.bytes);
      }
    }
  });
});
