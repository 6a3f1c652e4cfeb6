import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalMcpToolName } from '../../src/mcp/canonical-mcp-tool-name.js';

const PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

describe('canonicalMcpToolName', () => {
  it('keeps mcp__<server>__<tool> when providers accept it', () => {
    expect(canonicalMcpToolName({ server: 'filesystem', tool: 'write_file' })).toBe('mcp__filesystem__write_file');
    expect(canonicalMcpToolName({ server: 'my-server', tool: 'get-thing' })).toBe('mcp__my-server__get-thing');
  });

  it('shortens a name with refused characters to prefix, "_" and 8 hex of its sha256', () => {
    const fullName = 'mcp__docs.example__search.pages';
    const hash = createHash('sha256').update(fullName).digest('hex').slice(0, 8);
    const name = canonicalMcpToolName({ server: 'docs.example', tool: 'search.pages' });
    expect(name).toBe(`mcp__docs_example__search_pages_${hash}`);
    expect(name).toMatch(PROVIDER_TOOL_NAME);
  });

  it('shortens an over-long name to exactly 64 characters, deterministically', () => {
    const tool = 'a_tool_name_that_goes_on_and_on_well_past_what_any_provider_accepts';
    const first = canonicalMcpToolName({ server: 'server', tool });
    const fullName = `mcp__server__${tool}`;
    const hash = createHash('sha256').update(fullName).digest('hex').slice(0, 8);
    expect(first).toHaveLength(64);
    expect(first).toBe(`${fullName.slice(0, 55)}_${hash}`);
    expect(canonicalMcpToolName({ server: 'server', tool })).toBe(first);
  });

  it('gives different names to long names that share their first 55 characters', () => {
    const stem = 'x'.repeat(60);
    const a = canonicalMcpToolName({ server: 's', tool: `${stem}_alpha` });
    const b = canonicalMcpToolName({ server: 's', tool: `${stem}_beta` });
    expect(a.slice(0, 55)).toBe(b.slice(0, 55));
    expect(a).not.toBe(b);
    expect([a, b].every((name) => PROVIDER_TOOL_NAME.test(name))).toBe(true);
  });
});
