import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { DEMO_PROFILE_NAMES } from '../../src/demo/demo-profiles.js';
import { runDemo, type DemoResult } from '../../src/demo/run-demo.js';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.js';

describe('turnscope demo --profile memory-only: the real MCP servers, the memory server as the exact ceiling (C6)', () => {
  const lines: string[] = [];
  let result: DemoResult;

  beforeAll(async () => {
    result = await runDemo({ output: (line) => lines.push(line), profile: 'memory-only' });
  }, 60_000);

  it('never shows or runs a filesystem tool: the searches for them activate nothing, and the memory goal still succeeds', () => {
    expect(result.status).toBe('completed');
    const visible = new Set(result.steps.flatMap((step) => step.visible));
    expect([...visible].filter((name) => name !== 'tool_search' && !name.startsWith('mcp__memory__'))).toEqual([]);
    expect(result.calls.filter((call) => call.toolName.startsWith('mcp__filesystem__'))).toEqual([]);
    const writeSearches = result.searches.filter((search) => search.query === 'write a file' || search.query === 'write_file');
    expect(writeSearches.map((search) => search.activated)).toEqual([[], []]);
    expect(result.calls.filter((call) => call.toolName === 'mcp__memory__create_entities').map((call) => call.outcome)).toEqual(['ok']);
    expect(result.file.contentOnDisk).toBeUndefined();
    expect(result.text).toContain('could not write');
  });

  it('prints the ceiling and an inventory of only its tools, and counts "every schema" over the ceiling', () => {
    expect(lines).toContainEqual(expect.stringMatching(/^bound {6}23 tools; profile memory-only: the turn's ceiling is 9 of them, [\d,]+ schema chars; /));
    const inventory = lines.slice(lines.findIndex((line) => line.startsWith('inventory')) + 1, lines.findIndex((line) => line.startsWith('step 0')));
    expect(inventory.join('\n')).toContain('mcp__memory__create_entities');
    expect(inventory.join('\n')).not.toContain('filesystem');
    expect(result.schemaChars.everySchemaEveryStep).toBe(result.schemaChars.bound * result.steps.length);
    expect(result.schemaChars.bound).toBeLessThan(5_000);
  });
});

describe('turnscope demo --profile: wrong names', () => {
  it('runDemo rejects an unknown profile before any server starts', async () => {
    const lines: string[] = [];
    await expect(runDemo({ output: (line) => lines.push(line), profile: 'headless' })).rejects.toThrow(InvalidOptionError);
    expect(lines).toEqual([]);
  });

  it('the CLI exits 2 naming the profiles the demo has', async () => {
    const stderr: string[] = [];
    const code = await runCli({ argv: ['demo', '--profile', 'nope'], env: {}, stdout: () => {}, stderr: (line) => stderr.push(line) });
    expect(code).toBe(2);
    expect(stderr.join('\n')).toContain(`Unknown profile "nope": the demo has ${DEMO_PROFILE_NAMES.join(', ')}.`);
  });
});
