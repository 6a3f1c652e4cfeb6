import type { ToolSet } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { createToolSearchRuntime, type ToolSearchRuntime } from '../../src/index.js';
import type { TurnStreamPart } from '../../src/runtime/turn-stream-part.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { loadFixtureToolSet } from './fixture-catalogs.js';

// The C10 walk over the real tools of 17 MCP servers (mcp-catalog): real names, descriptions
// and input schemas, so definition sizes are the real ones (github tools run up to ~7,000 chars).

let tools: ToolSet;

beforeAll(async () => {
  tools = await loadFixtureToolSet('mcp-catalog');
});

async function search(runtime: ToolSearchRuntime, inputs: { query: string; limit?: number }[]) {
  const scripted = createScriptedModel({
    steps: [...inputs.map((input) => ({ toolCalls: [{ toolName: 'tool_search', input }] })), { text: 'done' }],
  });
  const turn = runtime.send({ model: scripted.model, prompt: 'find tools' });
  const parts: TurnStreamPart[] = [];
  for await (const part of turn.stream) parts.push(part);
  await turn.result;
  const searches = parts.flatMap((part) => (part.type === 'search' ? [part] : []));
  const outputs = parts.flatMap((part) => (part.type === 'tool-result' && part.toolName === 'tool_search' ? [part.output as { activated: string[]; reason?: string }] : []));
  return { searches, outputs, requests: scripted.requests };
}

describe('C10 walk over real catalog schemas', () => {
  it('takes matches in rank order until the budget, stops there and says so; the next step carries exactly those', async () => {
    const maxSchemaChars = 4_000;
    const runtime = createToolSearchRuntime({ tools, direct: [], search: { maxSchemaChars } });
    const query = 'pull request review comment';
    const { searches, outputs, requests } = await search(runtime, [{ query, limit: 20 }]);
    const record = searches[0]!;
    const sizeOf = (name: string) => runtime.catalog.get(name)!.schemaChars;

    const ranked = (await runtime.ranker.rank(query, 100)).map((match) => match.name);
    const walked = [...record.activated, ...record.skipped.map((skip) => skip.name)];
    expect(walked.sort((a, b) => ranked.indexOf(a) - ranked.indexOf(b))).toEqual(ranked.slice(0, walked.length));

    const total = record.activated.reduce((sum, name) => sum + sizeOf(name), 0);
    expect(record.schemaCharsActivated).toBe(total);
    expect(total).toBeLessThanOrEqual(maxSchemaChars);
    expect(record.activated.length).toBeLessThan(20);
    const stop = record.skipped.find((skip) => skip.reason === 'budget')!;
    expect(total + sizeOf(stop.name)).toBeGreaterThan(maxSchemaChars);
    expect(record.skipped.at(-1)).toEqual(stop);
    expect(outputs[0]!.reason).toContain(`Stopped before ${stop.name}`);

    expect(requests[1]!.toolNames).toEqual(['tool_search', ...record.activated]);
    expect(requests[0]!.toolNames).toEqual(['tool_search']);
  });

  it('skips and reports a definition larger than the whole budget, and goes on with the next match', async () => {
    const runtime = createToolSearchRuntime({ tools, direct: [], search: { maxSchemaChars: 3_000 } });
    const largest = Object.keys(tools)
      .map((name) => runtime.catalog.get(name)!)
      .reduce((a, b) => (b.schemaChars > a.schemaChars ? b : a));
    expect(largest.schemaChars).toBeGreaterThan(3_000);

    const { searches, outputs } = await search(runtime, [{ query: `select:${largest.name},create_issue` }]);
    expect(searches[0]!.skipped).toEqual([{ name: largest.name, reason: 'oversize' }]);
    expect(searches[0]!.activated).toEqual(['create_issue']);
    expect(outputs[0]!.reason).toContain(`Skipped ${largest.name}: definition larger than the 3,000-character budget`);
  });

  it('costs already-active matches neither count nor budget on a repeated search', async () => {
    // no relevance floor (C24): this is the C10 walk alone
    const runtime = createToolSearchRuntime({ tools, direct: [], search: { maxSchemaChars: 65_536, relevanceFloor: 0 } });
    const query = 'browser tab';
    const { searches } = await search(runtime, [{ query, limit: 3 }, { query, limit: 3 }]);
    const [first, second] = searches;
    expect(first!.activated).toHaveLength(3);
    expect(second!.activated.slice(0, 3)).toEqual(first!.activated);
    expect(second!.activated).toHaveLength(6);
    const newOnes = second!.activated.slice(3);
    expect(second!.schemaCharsActivated).toBe(newOnes.reduce((sum, name) => sum + runtime.catalog.get(name)!.schemaChars, 0));
  });
});
