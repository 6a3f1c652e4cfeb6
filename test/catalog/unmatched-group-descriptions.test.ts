import { jsonSchema, tool, type ToolSet } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import { UNMATCHED_GROUP_DESCRIPTION_WARNING } from '../../src/catalog/unmatched-group-descriptions.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { warningsDuring } from '../helpers/warnings-during.js';

// inventory.groupDescriptions naming a group no bound tool is in: not an error (an MCP server may
// list no tools when it is bound), but never silent: a process warning names the key and the
// groups there are, and the catalog lists the keys.

const plain = tool({ description: 'A tool.', inputSchema: jsonSchema({ type: 'object', properties: {} }), execute: async () => 'ok' });

function tools(): ToolSet {
  return { github_create_issue: plain, github_list_issues: plain, slack_send: plain, Read: plain };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('inventory.groupDescriptions naming no group (C23)', () => {
  it('a misspelled key is named in one process warning with the groups there are, listed in catalog.unmatchedGroupDescriptions, and not shown', () => {
    let runtime: ReturnType<typeof createToolSearchRuntime> | undefined;
    const { warnings } = warningsDuring(() => {
      runtime = createToolSearchRuntime({ tools: tools(), groups: { github: ['github_create_issue', 'github_list_issues'] }, inventory: { groupDescriptions: { githb: 'GitHub issues', github: 'Issues and pulls' } } });
    });
    expect(warnings).toEqual([
      {
        code: UNMATCHED_GROUP_DESCRIPTION_WARNING,
        message:
          'inventory.groupDescriptions names a group no bound tool is in: "githb"; its description is not shown. The groups are "github", "other". ' +
          'Fix the key, or list the group in the groups option (with no tools) to keep its description quietly.',
      },
    ]);
    expect(runtime!.catalog.unmatchedGroupDescriptions).toEqual(['githb']);
    expect(runtime!.inventory).toBe('github — Issues and pulls:\n- github_create_issue\n- github_list_issues\nother:\n- slack_send\n');
  });

  it('a group the groups option lists with no tools (a server that lists none right now), a source group and a group of direct tools only are groups: no warning', () => {
    const { warnings } = warningsDuring(() => {
      const catalog = createToolCatalog({
        tools: tools(),
        groups: { github: ['github_create_issue', 'github_list_issues'], memory: [] },
        sources: { slack_send: 'slack', Read: 'files' },
        inventory: { groupDescriptions: { memory: 'Knowledge graph', slack: 'Messages', files: 'Local files' } },
      });
      expect(catalog.unmatchedGroupDescriptions).toEqual([]);
    });
    expect(warnings).toEqual([]);
  });

  it('prototype keys and many unmatched keys: each is named (ten at most, the rest counted), sorted', () => {
    const groupDescriptions = Object.create(null) as Record<string, string>;
    for (const key of ['__proto__', 'constructor', 'toString', ...Array.from({ length: 12 }, (_, index) => `g${index}`)]) groupDescriptions[key] = 'text';
    const { warnings } = warningsDuring(() => {
      const catalog = createToolCatalog({ tools: tools(), inventory: { groupDescriptions } });
      expect(catalog.unmatchedGroupDescriptions).toEqual(['__proto__', 'constructor', 'g0', 'g1', 'g10', 'g11', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8', 'g9', 'toString']);
      expect(catalog.inventory.startsWith('other:\n')).toBe(true);
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/^inventory\.groupDescriptions names groups no bound tool is in: "__proto__", "constructor", "g0", "g1", "g10", "g11", "g2", "g3", "g4", "g5" and 5 more; their descriptions are not shown\. The groups are "other"\./);
  });
});
