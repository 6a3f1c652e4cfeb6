import { describe, expect, it } from 'vitest';
import { mcpToolUpstream } from '../../src/mcp/mcp-tool-upstream.js';
import { readableMcpToolName } from '../../src/mcp/readable-mcp-tool-name.js';

describe('mcpToolUpstream', () => {
  it.each([
    ['github.create_issue', { upstream: 'github', tool: 'create_issue' }],
    ['github/create_issue', { upstream: 'github', tool: 'create_issue' }],
    ['google-drive/files.list', { upstream: 'google-drive', tool: 'files.list' }],
    ['a.b/c', { upstream: 'a', tool: 'b/c' }],
  ])('splits %j at its first separator', (name, expected) => {
    expect(mcpToolUpstream(name)).toEqual(expected);
  });

  it.each(['create_issue', '.hidden', 'github.', 'git hub.create', '/root'])('finds no upstream in %j', (name) => {
    expect(mcpToolUpstream(name)).toBeUndefined();
  });
});

describe('readableMcpToolName', () => {
  it('replaces a gateway name\'s separators with _', () => {
    expect(readableMcpToolName({ server: 'gateway', tool: 'github.create_issue' })).toBe('mcp__gateway__github_create_issue');
    expect(readableMcpToolName({ server: 'gateway', tool: 'google-drive/files.list' })).toBe('mcp__gateway__google-drive_files_list');
  });

  it('has no readable name for other refused characters, a refused server key, or past 64 characters', () => {
    expect(readableMcpToolName({ server: 'gateway', tool: 'github create issue' })).toBeUndefined();
    expect(readableMcpToolName({ server: 'docs.example', tool: 'search.pages' })).toBeUndefined();
    expect(readableMcpToolName({ server: 'gateway', tool: `github.${'x'.repeat(60)}` })).toBeUndefined();
  });
});
