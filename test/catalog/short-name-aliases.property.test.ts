import { tool, type ToolSet } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import type { CatalogEntry } from '../../src/catalog/catalog-entry.js';
import { inventoryGroups } from '../../src/catalog/inventory-groups.js';
import { sharedNamePrefix } from '../../src/catalog/shared-name-prefix.js';
import { shortNameAliases } from '../../src/catalog/short-name-aliases.js';

// C23: a short name (a name without its group's shared prefix) finds its tool unless another
// tool's name ends with it after a separator or it is a tool's name or alias.

const SEPARATORS = new Set(['_', '-', '.', '/', ':']);

/** The short names as C23 defines them, tool by tool, against every other entry. */
function expectedAliases(entries: readonly CatalogEntry[]): Map<string, string> {
  const expected = new Map<string, string>();
  for (const [group, members] of inventoryGroups(entries)) {
    const prefix = sharedNamePrefix(group, members);
    if (prefix === undefined) continue;
    for (const name of members) {
      const short = name.slice(prefix.length);
      const lower = short.toLowerCase();
      const clashes = entries.some((other) => {
        const otherName = other.name.toLowerCase();
        if (otherName === lower || other.aliases.some((alias) => alias.toLowerCase() === lower)) return true;
        return other.name !== name && otherName.length > lower.length && otherName.endsWith(lower) && SEPARATORS.has(otherName[otherName.length - lower.length - 1]!);
      });
      if (!clashes) expected.set(name, short);
    }
  }
  return expected;
}

const server = fc.constantFrom('github', 'GitHub', 'jira', '__proto__', 'constructor', 'a-b');
const action = fc.constantFrom('create_issue', 'Create_Issue', 'issue', 'list', 'get-file', 'file', '__proto__', 'toString', 'x_issue');
const catalogShape = fc.record({
  prefixed: fc.uniqueArray(fc.tuple(server, action), { minLength: 1, maxLength: 14, selector: ([s, a]) => `mcp__${s}__${a}` }),
  // tools without a prefix, named like an action or a tail (`issue`, `x_issue`), in group `other`
  bare: fc.uniqueArray(action, { maxLength: 3 }),
  aliasOf: fc.option(fc.tuple(fc.nat(), action), { nil: undefined }),
  directOf: fc.option(fc.nat(), { nil: undefined }),
});

describe('shortNameAliases (C23)', () => {
  it('gives exactly the short names no other tool ends with after a separator and no tool is named or aliased, with hostile and case-folded names', () => {
    const solo = tool({ description: 'a tool', inputSchema: z.object({}), execute: async () => 'ok' });
    fc.assert(
      fc.property(catalogShape, ({ prefixed, bare, aliasOf, directOf }) => {
        const tools = Object.create(null) as ToolSet;
        const groups = Object.create(null) as Record<string, string[]>;
        for (const [serverName, actionName] of prefixed) {
          const name = `mcp__${serverName}__${actionName}`;
          tools[name] = solo;
          (groups[serverName] ??= []).push(name);
        }
        for (const name of bare) if (!Object.hasOwn(tools, name)) tools[name] = solo;
        const names = Object.keys(tools).sort();
        const aliases = aliasOf === undefined ? {} : { [names[aliasOf[0] % names.length]!]: [aliasOf[1]] };
        const direct = directOf === undefined ? undefined : [names[directOf % names.length]!];
        const catalog = createToolCatalog({ tools, groups, aliases, ...(direct === undefined ? {} : { direct }) });
        expect(shortNameAliases(catalog.entries)).toEqual(expectedAliases(catalog.entries));
      }),
      { numRuns: 400 },
    );
  });

  it('gives none when no group shares a prefix', () => {
    const solo = tool({ description: 'a tool', inputSchema: z.object({}), execute: async () => 'ok' });
    const catalog = createToolCatalog({ tools: { create_issue: solo, list_issues: solo, mcp__github__create_issue: solo }, groups: { github: ['mcp__github__create_issue'] } });
    expect(shortNameAliases(catalog.entries)).toEqual(new Map());
  });
});
