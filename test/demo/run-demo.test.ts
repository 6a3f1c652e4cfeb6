import { existsSync } from 'node:fs';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { DemoModel } from '../../src/demo/demo-model.js';
import { McpServerStartError } from '../../src/mcp/mcp-server-start-error.js';
import { runDemo, type DemoResult } from '../../src/demo/run-demo.js';

const WRITE = 'mcp__filesystem__write_file';

describe('runDemo with the embedded model and real MCP servers', () => {
  const lines: string[] = [];
  let result: DemoResult;

  beforeAll(async () => {
    result = await runDemo({ output: (line) => lines.push(line) });
  }, 30_000);

  it('completes the turn and leaves the written file on disk until cleanup', () => {
    expect(result.status).toBe('completed');
    expect(result.reason).toBe('stop');
    expect(result.file.contentOnDisk).toBe(result.file.expectedContent);
    expect(result.file.path.startsWith(result.workspaceDir)).toBe(true);
    expect(existsSync(result.workspaceDir)).toBe(false);
    expect(result.text).toContain('the workspace lists: [FILE] notes.md');
  });

  it('rejects the hidden write call made in the same step as its search, and runs it one step later', () => {
    expect(result.steps[0]!.visible).toEqual(['tool_search']);
    expect(result.searches[0]).toMatchObject({ stepIndex: 0, query: 'write a file' });
    expect(result.searches[0]!.activated).toContain(WRITE);
    expect(result.calls.filter((call) => call.toolName === WRITE).map(({ stepIndex, outcome }) => ({ stepIndex, outcome }))).toEqual([
      { stepIndex: 0, outcome: 'rejected-hidden' },
      { stepIndex: 1, outcome: 'ok' },
    ]);
    expect(result.steps[1]!.visible).toContain(WRITE);
    expect(result.calls.find((call) => call.toolName === WRITE && call.outcome === 'ok')!.text).toBe(
      `Successfully wrote to ${result.file.path}`,
    );
  });

  it('searches for the memory tools, then stores the entity and lists the directory with what was activated', () => {
    const memorySearch = result.searches.find((search) => search.activated.includes('mcp__memory__create_entities'));
    expect(memorySearch?.stepIndex).toBe(1);
    const okCalls = result.calls.filter((call) => call.outcome === 'ok' && call.toolName !== 'tool_search');
    expect(okCalls.map((call) => call.toolName).sort()).toEqual([
      'mcp__filesystem__list_directory',
      WRITE,
      'mcp__memory__create_entities',
    ]);
    expect(okCalls.find((call) => call.toolName === 'mcp__filesystem__list_directory')!.text).toBe('[FILE] notes.md');
    for (const search of result.searches) {
      for (const name of search.activated) expect(name).toMatch(/^mcp__(filesystem|memory)__/);
    }
  });

  it('only ever shows tool_search plus what earlier steps activated', () => {
    const activatedBefore = (stepIndex: number) =>
      new Set(result.searches.filter((search) => search.stepIndex < stepIndex).flatMap((search) => search.activated));
    for (const step of result.steps) {
      const expected = ['tool_search', ...activatedBefore(step.stepIndex)].sort();
      expect([...step.visible].sort()).toEqual(expected);
    }
  });

  it('reports the schema characters saved against sending every schema on every request', () => {
    const { sent, everySchemaEveryStep, saved, bound } = result.schemaChars;
    expect(sent).toBe(result.steps.reduce((sum, step) => sum + step.schemaChars, 0));
    expect(everySchemaEveryStep).toBe(bound * result.steps.length);
    expect(saved).toBe(everySchemaEveryStep - sent);
    expect(saved).toBeGreaterThan(0);
  });

  it('prints the per-step trace', () => {
    const text = lines.join('\n');
    expect(text).toContain('servers    filesystem (14 tools), memory (9 tools)');
    expect(text).toContain('step 0: 1 visible tool,');
    expect(text).toMatch(/search {3}"write a file" → activated \d+, \+[\d,]+ schema chars, visible from step 1/);
    expect(text).toMatch(new RegExp(`call {5}${WRITE} .*\\n {11}→ rejected-hidden: `));
    expect(text).toMatch(new RegExp(`step 1: \\d+ visible tools[^]*new {6}.*${WRITE}`));
    expect(text).toContain('→ ok: Successfully wrote to');
    expect(text).toContain(`turn       completed (stop) after ${result.steps.length} steps`);
    expect(text).toContain(`saved ${result.schemaChars.saved.toLocaleString('en-US')} (`);
  });
});

describe('runDemo cleanup', () => {
  it('cancels the turn when aborted mid-turn, and still closes the servers and removes the workspace', async () => {
    const abort = new AbortController();
    const model = new (class extends DemoModel {
      override async doStream(options: LanguageModelV4CallOptions) {
        if (this.requests.length === 1) abort.abort(new Error('stop the demo'));
        return super.doStream(options);
      }
    })();
    const lines: string[] = [];
    const result = await runDemo({ model, output: (line) => lines.push(line), abortSignal: abort.signal });

    expect(result.status).toBe('cancelled');
    expect(model.requests.length).toBeLessThanOrEqual(2);
    expect(existsSync(result.workspaceDir)).toBe(false);
    expect(lines.join('\n')).toContain('turn       cancelled');
  }, 30_000);

  it('removes the workspace when a server fails to start, and throws the start error', async () => {
    const lines: string[] = [];
    const error = await runDemo({ output: (line) => lines.push(line), startTimeoutMs: 1 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(McpServerStartError);
    expect((error as McpServerStartError).reason).toBe('timeout');
    const workspace = /^workspace {2}(\S+)$/m.exec(lines.join('\n'))?.[1];
    expect(workspace).toMatch(/turnscope-demo-.+\/workspace$/);
    expect(existsSync(workspace!)).toBe(false);
  }, 30_000);
});
