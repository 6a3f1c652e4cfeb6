import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { expectBoundedStepZero } from '../helpers/expect-bounded-step-zero.js';
import { serversClosedAfterEach } from '../helpers/servers-closed-after-each.js';
import { reversedBinding, shownNames } from '../helpers/hostile-catalogs.js';
import { unseenCatalog, whatItDoes, type UnseenCatalogSpec } from '../helpers/unseen-catalogs.js';

// C23 and S15 as the real @ai-sdk/openai (Chat Completions, Responses) and @ai-sdk/anthropic
// clients send step 0, for the catalog shapes of unseen-catalogs.ts: tool_search under 8,000
// characters as sent, the same bytes for the same bound set in another order, and a tool found
// by what it does is sent on the next request and runs.


const servers = serversClosedAfterEach();

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
    await expectBoundedStepZero({ runtime, reversed, target, query: whatItDoes(binding.indexOf.get(target)!), servers, label: JSON.stringify(spec) });
  });
});
