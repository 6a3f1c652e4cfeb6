import { jsonSchema, tool, type ToolSet } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNLOADABLE_TOOL_WARNING } from '../../src/catalog/unloadable-deferred-tools.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { warningsDuring } from '../helpers/warnings-during.js';
import { createScriptedModel } from '../../src/testing/index.js';

// A deferred tool whose definition alone is larger than one search's budget (a 100,000-character
// description) is found by search but can never be loaded (C10): construction says so once, with
// the fix, instead of leaving a tool the inventory shows and no call can reach.

const schema = jsonSchema({ type: 'object', properties: { id: { type: 'string' } } });
const HUGE = `Refund the cobalt ledger. ${'lorem ipsum '.repeat(8_331)}`;

function tools(): ToolSet {
  return {
    refund_ledger: tool({ description: HUGE, inputSchema: schema, execute: async () => 'refunded' }),
    archive_ledger: tool({ description: 'Archive the cobalt ledger.', inputSchema: schema, execute: async () => 'archived' }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function selectAndCall(runtime: ReturnType<typeof createToolSearchRuntime>) {
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'select:refund_ledger' } }] }, { toolCalls: [{ toolName: 'refund_ledger', input: { id: 'a' } }] }, { text: 'done' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  return { search: result.steps[0]!.toolResults[0]!.output as { activated: string[]; reason?: string }, call: result.steps[1]!.toolResults[0]! };
}

describe('a deferred tool larger than search.maxSchemaChars (C10, C23)', () => {
  it('construction emits one process warning naming it, its size and the fix; a search finds it and says it cannot load it, and a call says no search can', async () => {
    const { value: runtime, warnings } = warningsDuring(() => createToolSearchRuntime({ tools: tools(), direct: [] }));
    const chars = runtime.catalog.get('refund_ledger')!.schemaChars;
    expect(chars).toBeGreaterThan(65_536);
    expect(warnings).toEqual([
      {
        code: UNLOADABLE_TOOL_WARNING,
        message:
          `A deferred tool has a definition larger than search.maxSchemaChars (65,536 characters), so no search can load it: refund_ledger (${chars.toLocaleString('en-US')}). ` +
          'Make it direct (the direct option), raise search.maxSchemaChars, or shorten its description or input schema.',
      },
    ]);
    const { search, call } = await selectAndCall(runtime);
    expect(search).toEqual({ activated: [], reason: 'Skipped refund_ledger: definition larger than the 65,536-character budget of one search.' });
    expect(call).toMatchObject({ toolName: 'refund_ledger', outcome: 'rejected-hidden' });
    // the rejection says no search can load it, instead of sending the model back to tool_search
    expect(String(call.output)).toBe(
      `refund_ledger cannot be called: its definition (${chars.toLocaleString('en-US')} characters) is larger than the 65,536-character budget of one search, ` +
        'so no search can load it. Use another tool; the application can make it direct or raise search.maxSchemaChars.',
    );
  });

  it('either fix the warning names makes it callable, with no warning: the direct option, or a larger search.maxSchemaChars', async () => {
    const direct = warningsDuring(() => createToolSearchRuntime({ tools: tools(), direct: ['refund_ledger'] }));
    expect(direct.warnings).toEqual([]);
    const raised = warningsDuring(() => createToolSearchRuntime({ tools: tools(), direct: [], search: { maxSchemaChars: 200_000 } }));
    expect(raised.warnings).toEqual([]);
    const { search, call } = await selectAndCall(raised.value);
    expect(search).toEqual({ activated: ['refund_ledger'] });
    expect(call).toMatchObject({ toolName: 'refund_ledger', outcome: 'ok' });
  });

  it('availability off (every tool direct, no search) warns of nothing', () => {
    expect(warningsDuring(() => createToolSearchRuntime({ tools: tools(), availability: 'off' })).warnings).toEqual([]);
  });
});
