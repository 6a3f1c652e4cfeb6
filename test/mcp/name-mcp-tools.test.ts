import { describe, expect, it } from 'vitest';
import { TurnscopeError } from '../../src/errors/turnscope-error.js';
import { McpToolNameCollisionError } from '../../src/mcp/mcp-tool-name-collision-error.js';
import { nameMcpTools } from '../../src/mcp/name-mcp-tools.js';

describe('nameMcpTools', () => {
  it('names tools in server order, then listing order', () => {
    const named = nameMcpTools([
      { server: 'memory', tools: ['read_graph', 'create_entities'] },
      { server: 'filesystem', tools: ['write_file'] },
    ]);
    expect(named).toEqual([
      { canonicalName: 'mcp__memory__read_graph', server: 'memory', tool: 'read_graph' },
      { canonicalName: 'mcp__memory__create_entities', server: 'memory', tool: 'create_entities' },
      { canonicalName: 'mcp__filesystem__write_file', server: 'filesystem', tool: 'write_file' },
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
});
