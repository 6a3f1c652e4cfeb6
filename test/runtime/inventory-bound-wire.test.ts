import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { expectBoundedStepZero } from '../helpers/expect-bounded-step-zero.js';
import { serversClosedAfterEach } from '../helpers/servers-closed-after-each.js';
import { hostileCatalog, reversedBinding, shownNames, type HostileCatalogSpec } from '../helpers/hostile-catalogs.js';

// C23 and S15 as the provider receives them: step 0's tool_search definition (name, description,
// input schema) as the real @ai-sdk/openai (Chat Completions and Responses) and
// @ai-sdk/anthropic clients send it, at sizes and with names the other tests do not use; the
// same bound set in another order sends the same bytes; a name the inventory shows, searched as
// shown, is callable on the next request.


const servers = serversClosedAfterEach();

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
    await expectBoundedStepZero({ runtime, reversed, target, query: target, servers, label: JSON.stringify(spec) });
  });
});
