import { jsonSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

// C24: the reason states the floor as a percentage of the best score; a floor near 0 or 1 (a
// valid `search.relevanceFloor` in [0, 1)) must not read as 0% or 100%, which it is not
const shared = tool({ description: 'A tool', inputSchema: jsonSchema({ type: 'object', properties: {} }), execute: async () => 'ok' });
const tools: ToolSet = { t0: shared, t1: shared, t2: shared };

async function reasonOf(search: Record<string, number>, matches: readonly { name: string; score: number; nameCoverage?: number }[]) {
  const runtime = createToolSearchRuntime({ tools, search, ranker: () => ({ name: 'fixed', rank: () => matches.map((match) => ({ ...match })) }) });
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'anything' } }] }, { text: 'done' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  return result.steps[0]!.toolResults[0]!.output as { activated: string[]; reason?: string };
}

describe('the relevance floor reason never rounds a floor to 0% or 100% (C24)', () => {
  it('a floor of 0.001 that stops a match scoring 0 is stated as 0.1%, not 0%', async () => {
    expect(await reasonOf({ relevanceFloor: 0.001 }, [{ name: 't0', score: 1 }, { name: 't1', score: 0 }])).toEqual({
      activated: ['t0'],
      reason: 'Stopped before t1: it scores below 0.1% of the best match (relevance floor); search with other words, or select: a name, to load more.',
    });
  });

  it('a floor of 0.9999 is stated as 99.99%, not 100%; a common floor keeps its whole percent', async () => {
    expect((await reasonOf({ relevanceFloor: 0.9999 }, [{ name: 't0', score: 1 }, { name: 't1', score: 0.9995 }])).reason).toContain('it scores below 99.99% of the best match (relevance floor)');
    expect((await reasonOf({ relevanceFloor: 0.62 }, [{ name: 't0', score: 1 }, { name: 't1', score: 0.5 }])).reason).toContain('it scores below 62% of the best match (relevance floor)');
  });

  it('a floor lowered by the name gain to below 0.5% is stated with its digits', async () => {
    const { reason } = await reasonOf({ relevanceFloor: 0.003, relevanceFloorSlope: 0, relevanceFloorNameWeight: 5 }, [
      { name: 't0', score: 1, nameCoverage: 0 },
      { name: 't1', score: 0.0001, nameCoverage: 1 },
    ]);
    expect(reason).toContain('t1 scores below 0.15% of the best match, its relevance floor (0.3%, lower for a name with more of the query than the best match’s)');
  });

  it('a floor lowered or raised by less than half a percent is stated with the digits that tell it from the base floor', async () => {
    // before: 't1 scores below 62% of the best match, its relevance floor (62%, lower for …)'
    const lowered = await reasonOf({ relevanceFloor: 0.62, relevanceFloorSlope: 0, relevanceFloorNameWeight: 0.05 }, [
      { name: 't0', score: 1, nameCoverage: 0 },
      { name: 't1', score: 0.6, nameCoverage: 0.1 },
    ]);
    expect(lowered.reason).toContain('t1 scores below 61.5% of the best match, its relevance floor (62%, lower for a name with more of the query than the best match’s)');
    // before: 'below 62% of the best match, the relevance floor for its …-character definition (62%, higher for larger definitions)'
    const raised = await reasonOf({ relevanceFloor: 0.62, relevanceFloorSlope: 0.01, relevanceFloorNameWeight: 0 }, [{ name: 't0', score: 1 }, { name: 't1', score: 0.6202 }]);
    expect(raised.reason).toMatch(/t1 scores below 62\.\d+% of the best match, the relevance floor for its [\d,]+-character definition \(62%, higher for larger definitions\)/);
  });
});
