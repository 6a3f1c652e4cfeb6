import { describe, expect, it } from 'vitest';
import { TurnscopeError } from '../../src/errors/turnscope-error.js';
import { McpToolNameCollisionError } from '../../src/mcp/mcp-tool-name-collision-error.js';
import { canonicalMcpToolName } from '../../src/mcp/canonical-mcp-tool-name.js';
import { nameMcpTools } from '../../src/mcp/name-mcp-tools.js';

describe('nameMcpTools', () => {
  it('names tools in server order, then listing order', () => {
    const named = nameMcpTools([
      { server: 'memory', tools: ['read_graph', 'create_entities'] },
      { server: 'filesystem', tools: ['write_file'] },
    ]);
    expect(named).toEqual([
      { canonicalName: 'mcp__memory__read_graph', server: 'memory', tool: 'read_graph', upstream: undefined, aliases: [] },
      { canonicalName: 'mcp__memory__create_entities', server: 'memory', tool: 'create_entities', upstream: undefined, aliases: [] },
      { canonicalName: 'mcp__filesystem__write_file', server: 'filesystem', tool: 'write_file', upstream: undefined, aliases: [] },
    ]);
  });

  it('throws McpToolNameCollisionError when two tools map to one canonical name', () => {
    const listings = [
      { server: 'a__b', tools: ['c'] },
      { server: 'a', tools: ['b__c'] },
    ];
    let caught: unknown;
    try {
      nameMcpTools(listings);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(McpToolNameCollisionError);
    const error = caught as McpToolNameCollisionError;
    expect(TurnscopeError.isInstance(error)).toBe(true);
    expect(error.code).toBe('mcp-tool-name-collision');
    expect(error.canonicalName).toBe('mcp__a__b__c');
    expect(error.first).toEqual({ server: 'a__b', tool: 'c' });
    expect(error.second).toEqual({ server: 'a', tool: 'b__c' });
    expect(error.message).toContain('Rename one of these server keys in bindMcpTools({ servers })');
  });

  it('names gateway tools readably, with their upstream and the names a search finds them by', () => {
    expect(nameMcpTools([{ server: 'gateway', tools: ['github.create_issue', 'jira/create_issue', 'create_issue'] }])).toEqual([
      { canonicalName: 'mcp__gateway__github_create_issue', server: 'gateway', tool: 'github.create_issue', upstream: 'github', aliases: ['github.create_issue', 'github/create_issue'] },
      { canonicalName: 'mcp__gateway__jira_create_issue', server: 'gateway', tool: 'jira/create_issue', upstream: 'jira', aliases: ['jira/create_issue', 'jira.create_issue'] },
      { canonicalName: 'mcp__gateway__create_issue', server: 'gateway', tool: 'create_issue', upstream: undefined, aliases: [] },
    ]);
  });

  it('leaves out an alias that holds a list separator (a select: list reads it as a comma)', () => {
    const [named] = nameMcpTools([{ server: 'hub', tools: ['搜索、查找'] }]);
    expect(named!.aliases).toEqual([]);
    expect(nameMcpTools([{ server: 'hub', tools: ['a;b.c'] }])[0]!.aliases).toEqual([]);
  });

  it('falls back to the hashed name when the readable one is another tool\'s, whatever the listing order', () => {
    const hashed = canonicalMcpToolName({ server: 'gateway', tool: 'github.create_issue' });
    expect(hashed).toMatch(/^mcp__gateway__github_create_issue_[0-9a-f]{8}$/);
    for (const tools of [['github.create_issue', 'github_create_issue'], ['github_create_issue', 'github.create_issue']]) {
      const byTool = new Map(nameMcpTools([{ server: 'gateway', tools }]).map((entry) => [entry.tool, entry.canonicalName]));
      expect(byTool.get('github_create_issue')).toBe('mcp__gateway__github_create_issue');
      expect(byTool.get('github.create_issue')).toBe(hashed);
    }
    // two gateway spellings of one name: neither takes the readable name
    const both = nameMcpTools([{ server: 'gateway', tools: ['github.create_issue', 'github/create_issue'] }]);
    expect(both.map((entry) => entry.canonicalName)).toEqual([hashed, canonicalMcpToolName({ server: 'gateway', tool: 'github/create_issue' })]);
    expect(new Set(both.map((entry) => entry.canonicalName)).size).toBe(2);
  });
});
