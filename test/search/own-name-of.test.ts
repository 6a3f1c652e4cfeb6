import { describe, expect, it } from 'vitest';
import { ownNameOf } from '../../src/search/own-name-of.js';

describe('ownNameOf', () => {
  it.each([
    ['mcp__github__create_issue', 'create_issue'],
    ['mcp__desktop-commander__read_file', 'read_file'],
    ['mcp__gateway__github_create_issue', 'github_create_issue'],
    ['mcp__notion__API-post-page', 'API-post-page'],
    ['browser_take_screenshot', 'browser_take_screenshot'],
    ['mcp_tool', 'mcp_tool'],
    ['mcp__', 'mcp__'],
    ['mcp____x', 'mcp____x'],
    ['mcp__server__', 'mcp__server__'],
  ])('%s → %s', (name, own) => {
    expect(ownNameOf(name)).toBe(own);
  });
});
