import { jsonSchema, tool, type Tool, type ToolSet } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALWAYS_LOAD_OVER_BUDGET_WARNING } from '../../src/catalog/always-load-over-budget.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { warningsDuring } from '../helpers/warnings-during.js';

// C26: a tool whose own `_meta['anthropic/alwaysLoad']` asks to be direct, but which the
// 16,000-character budget of `_meta`-hinted tools leaves deferred, is named in one process
// warning with the budget and the fix, instead of staying deferred silently.

const schema = jsonSchema({ type: 'object', properties: { id: { type: 'string' } } });

function metaTool(description: string, meta: unknown = { 'anthropic/alwaysLoad': true }): Tool {
  return { ...tool({ description, inputSchema: schema, execute: async () => 'ok' }), _meta: meta } as unknown as Tool;
}

function tools(): ToolSet {
  return {
    mcp__srv__big_report: metaTool(`Build the quarterly report. ${'lorem ipsum '.repeat(1_700)}`),
    mcp__srv__ping: metaTool('Ping the server.'),
    mcp__srv__quiet: metaTool('Not marked.', {}),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a _meta alwaysLoad tool over the 16,000-character budget (C26)', () => {
  it('stays deferred, and construction emits one process warning naming it, its size, the budget and the fix', () => {
    const { value: runtime, warnings } = warningsDuring(() => createToolSearchRuntime({ tools: tools() }));
    const chars = runtime.catalog.get('mcp__srv__big_report')!.schemaChars;
    expect(chars).toBeGreaterThan(16_000);
    expect(runtime.catalog.direct).toEqual(['mcp__srv__ping']);
    expect(runtime.catalog.alwaysLoadOverBudget).toEqual(['mcp__srv__big_report']);
    expect(warnings).toEqual([
      {
        code: ALWAYS_LOAD_OVER_BUDGET_WARNING,
        message:
          `A tool's _meta['anthropic/alwaysLoad'] asks to be direct, but the tools _meta makes direct may total 16,000 definition characters, ` +
          `so it stays deferred (found by search): mcp__srv__big_report (${chars.toLocaleString('en-US')}). ` +
          'To send it on every step, give hints.NAME = { alwaysLoad: true } or list it in the direct option (neither is counted against the budget).',
      },
    ]);
  });

  it('names many tools once, the first ten and a count, in name order', () => {
    const many: ToolSet = {};
    for (let index = 0; index < 2_000; index += 1) many[`mcp__srv__tool_${String(index).padStart(5, '0')}`] = metaTool(`Tool number ${index} of the server.`);
    const { value: runtime, warnings } = warningsDuring(() => createToolSearchRuntime({ tools: many }));
    const skipped = runtime.catalog.alwaysLoadOverBudget;
    expect(skipped).toEqual(runtime.catalog.deferred);
    expect(skipped.length).toBe(2_000 - runtime.catalog.direct.length);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain(`${skipped.length.toLocaleString('en-US')} tools' _meta['anthropic/alwaysLoad'] ask to be direct`);
    expect(warnings[0]!.message).toContain(`${skipped[9]} (${runtime.catalog.get(skipped[9]!)!.schemaChars}) and ${(skipped.length - 10).toLocaleString('en-US')} more. `);
    expect(warnings[0]!.message).not.toContain(skipped[10]!);
  });

  it('is quiet when the caller decides: a hints.alwaysLoad, an explicit direct list, or availability off', () => {
    for (const options of [
      { hints: { mcp__srv__big_report: { alwaysLoad: true } } },
      { hints: { mcp__srv__big_report: { alwaysLoad: false } } },
      { direct: ['mcp__srv__ping'] },
      { availability: 'off' as const },
    ]) {
      const { value: runtime, warnings } = warningsDuring(() => createToolSearchRuntime({ tools: tools(), ...options }));
      expect(warnings).toEqual([]);
      expect(runtime.catalog.alwaysLoadOverBudget).toEqual([]);
    }
  });
});
