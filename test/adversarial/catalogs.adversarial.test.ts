import { jsonSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, InvalidOptionError, InvalidToolNameError, type ToolSearchRuntimeOptions } from '../../src/index.js';
import { renderInventory } from '../../src/catalog/render-inventory.js';
import { nameMcpTools } from '../../src/mcp/name-mcp-tools.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

// Hostile catalogs through the real runtime (C1, C7, C10): huge, oddly named or described
// catalogs either bind and behave, or fail at construction with a typed error.

/** A plain JSON schema of `fields` string properties, each with a `descriptionChars`-long description. */
function wideSchema(fields: number, descriptionChars: number) {
  const properties = Object.fromEntries(
    Array.from({ length: fields }, (_, index) => [`field_${index}`, { type: 'string', description: `${index} `.padEnd(descriptionChars, 'x') }]),
  );
  return jsonSchema({ type: 'object', properties, additionalProperties: false });
}

function executedTool(description: string, schema: ReturnType<typeof wideSchema>, log: string[], name: string) {
  return tool({ description, inputSchema: schema, execute: async () => log.push(name) });
}

describe('a catalog of 3,000 tools with 2 KB schemas and three over the per-search budget', () => {
  const log: string[] = [];
  const schema = wideSchema(16, 120);
  const tools: ToolSet = { Read: sampleTools().tools.Read! };
  for (let index = 0; index < 3_000; index++) {
    tools[`svc_${index}_op`] = executedTool(`Operation ${index} of service ${index % 50}: sync records and export reports.`, schema, log, `svc_${index}_op`);
  }
  for (const name of ['giant_a', 'giant_b', 'giant_c']) tools[name] = executedTool('A giant export tool.', wideSchema(600, 120), log, name);
  const runtime = createToolSearchRuntime({ tools, sources: { giant_a: 'giants', giant_b: 'giants', giant_c: 'giants' } });

  it('binds every tool, measures the giants past the budget, and bounds the inventory (C23): every group counted, every name listed when the budget allows', () => {
    expect(runtime.catalog.deferred).toHaveLength(3_003);
    expect(runtime.catalog.get('giant_a')!.schemaChars).toBeGreaterThan(runtime.search.maxSchemaChars);
    expect(JSON.stringify(runtime.inventory).length - 2).toBeLessThanOrEqual(6_000);
    expect(runtime.inventory).toContain('\ngiants (3 tools): giant_a, giant_b, giant_c\n');
    expect(runtime.inventory).toMatch(/\nother \(3,000 tools\): svc_\d+_op, /);
    expect(runtime.inventory).not.toContain('sync records');
    const everyName = renderInventory(runtime.catalog.entries, { maxChars: 200_000 });
    expect(everyName.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(3_003);
  });

  it('sends no deferred definition on step 0, and each search activates within its count and budget (C10)', async () => {
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'sync records export reports', limit: 20 } }, { toolName: 'tool_search', input: { query: 'giant_b' } }] },
        { toolCalls: [{ toolName: 'svc_2999_op', input: { field_0: 'x' } }, { toolName: 'tool_search', input: { query: 'svc_2999_op', limit: 1 } }] },
        { toolCalls: [{ toolName: 'svc_2999_op', input: { field_0: 'x' } }] },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'export the reports' }).result;

    expect(scripted.requests[0]!.toolNames).toEqual(['Read', 'tool_search']);
    const [wide, giant] = result.steps[0]!.toolResults;
    const activatedByWide = (wide!.output as { activated: string[] }).activated;
    expect(activatedByWide.length).toBeGreaterThan(0);
    expect(activatedByWide.length).toBeLessThanOrEqual(20);
    const added = activatedByWide.reduce((sum, name) => sum + runtime.catalog.get(name)!.schemaChars, 0);
    expect(added).toBeLessThanOrEqual(runtime.search.maxSchemaChars);
    expect(giant!.output).toMatchObject({ activated: [], reason: expect.stringMatching(/^Skipped giant_b\b.*: definition larger than the 65,536-character budget/) });
    expect(scripted.requests[1]!.toolNames).toEqual(['Read', 'tool_search', ...activatedByWide]);
    expect(scripted.requests[1]!.toolNames).not.toContain('giant_b');

    expect(result.steps[1]!.toolResults[0]!.outcome).toBe(activatedByWide.includes('svc_2999_op') ? 'ok' : 'rejected-hidden');
    expect(result.steps[2]!.toolResults[0]!.outcome).toBe('ok');
    expect(log.filter((name) => name === 'svc_2999_op').length).toBe(activatedByWide.includes('svc_2999_op') ? 2 : 1);
    expect(result.status).toBe('completed');
  });
});

describe('odd names and descriptions', () => {
  it('a 64-character name binds, is found by exact name and runs the step after; 65 characters is refused', async () => {
    const log: string[] = [];
    const name = `${'a'.repeat(50)}_export_tool_1`;
    expect(name).toHaveLength(64);
    const runtime = createToolSearchRuntime({ tools: { [name]: executedTool('Exports.', wideSchema(1, 10), log, name) } });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: name, limit: 1 } }] }, { toolCalls: [{ toolName: name, input: {} }] }, { text: 'ok' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    expect(result.activated).toEqual([name]);
    expect(log).toEqual([name]);

    expect(() => createToolSearchRuntime({ tools: { [`${name}x`]: executedTool('Exports.', wideSchema(1, 10), log, 'x') } })).toThrow(InvalidToolNameError);
  });

  it('tools with an empty or missing description are listed, found by name words and callable', async () => {
    const log: string[] = [];
    const runtime = createToolSearchRuntime({
      tools: {
        weather_lookup: executedTool('', wideSchema(1, 10), log, 'weather_lookup'),
        calendar_sync: tool({ inputSchema: wideSchema(1, 10), execute: async () => log.push('calendar_sync') }),
      },
    });
    expect(runtime.inventory).toBe('other:\n- calendar_sync\n- weather_lookup\n');
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'weather', limit: 1 } }, { toolName: 'tool_search', input: { query: 'calendar sync', limit: 1 } }] },
        { toolCalls: [{ toolName: 'weather_lookup', input: {} }, { toolName: 'calendar_sync', input: {} }] },
        { text: 'ok' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    expect(result.activated).toEqual(['weather_lookup', 'calendar_sync']);
    expect(log).toEqual(['weather_lookup', 'calendar_sync']);
  });

  it('the same tool name on two MCP servers binds as two canonical names in two groups; an exact search takes one', async () => {
    const named = nameMcpTools([
      { server: 'fs_a', tools: ['read_file'] },
      { server: 'fs_b', tools: ['read_file'] },
      { server: `long_${'s'.repeat(40)}`, tools: [`read_${'t'.repeat(40)}`] },
    ]);
    const log: string[] = [];
    const runtime = createToolSearchRuntime({
      tools: Object.fromEntries(named.map(({ canonicalName }) => [canonicalName, executedTool('Read a file.', wideSchema(1, 10), log, canonicalName)])),
      sources: Object.fromEntries(named.map(({ canonicalName, server }) => [canonicalName, server])),
    });
    const [first, second, long] = named.map(({ canonicalName }) => canonicalName);
    expect(first).toBe('mcp__fs_a__read_file');
    expect(second).toBe('mcp__fs_b__read_file');
    expect(long!.length).toBeLessThanOrEqual(64);
    expect(runtime.inventory).toContain('fs_a:\n- mcp__fs_a__read_file\nfs_b:\n- mcp__fs_b__read_file\n');

    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'mcp__fs_b__read_file', limit: 1 } }, { toolName: 'tool_search', input: { query: long!, limit: 1 } }] },
        { toolCalls: [{ toolName: 'mcp__fs_b__read_file', input: {} }, { toolName: 'mcp__fs_a__read_file', input: {} }, { toolName: long!, input: {} }] },
        { text: 'ok' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    expect(result.activated).toEqual(['mcp__fs_b__read_file', long]);
    expect(result.steps[1]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['ok', 'rejected-hidden', 'ok']);
    expect(log).toEqual(['mcp__fs_b__read_file', long]);
  });
});

describe('huge, negative and NaN limits in the runtime options fail at construction, naming the option', () => {
  const { tools } = sampleTools();
  it.each([
    ['search.defaultLimit', { search: { defaultLimit: Number.NaN } }],
    ['search.defaultLimit', { search: { defaultLimit: -1 } }],
    ['search.maxLimit', { search: { maxLimit: Number.POSITIVE_INFINITY } }],
    ['search.maxLimit', { search: { maxLimit: 2.5 } }],
    ['search.maxSchemaChars', { search: { maxSchemaChars: Number.NaN } }],
    ['search.maxSchemaChars', { search: { maxSchemaChars: 0 } }],
    ['search.maxQueryChars', { search: { maxQueryChars: -2_000 } }],
    ['maxSteps', { maxSteps: Number.NaN }],
    ['maxSteps', { maxSteps: Number.POSITIVE_INFINITY }],
    ['retry.maxAttempts', { retry: { maxAttempts: 0 } }],
    ['retry.initialDelayMs', { retry: { initialDelayMs: Number.NaN } }],
  ])('%s in %j', (option, overrides) => {
    const build = () => createToolSearchRuntime({ tools, ...overrides } as ToolSearchRuntimeOptions);
    expect(build).toThrow(InvalidOptionError);
    expect(build).toThrow(`Option \`${option}\``);
  });
});
