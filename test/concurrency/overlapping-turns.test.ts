import { jsonSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel, type ScriptedModel } from '../../src/testing/index.js';

// C17, C19: one runtime, 1,000 turns running at once with interleaved searches. Each turn
// activates its own tool, then calls it and the tool the next turn activates; no activation
// crosses turns.

const TURNS = 1_000;
const TOOLS = 40;
const names = Array.from({ length: TOOLS }, (_, index) => `service_${String(index).padStart(2, '0')}_sync`);

describe('1,000 overlapping turns on one runtime', () => {
  const executed: { toolName: string; toolCallId: string }[] = [];
  const schema = jsonSchema<{ id: string }>({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
  const tools: ToolSet = Object.fromEntries(
    names.map((name) => [
      name,
      tool({
        description: `Sync the records of ${name.replace(/_/g, ' ')}.`,
        inputSchema: schema,
        execute: async (_input, { toolCallId }) => {
          executed.push({ toolName: name, toolCallId });
          return 'synced';
        },
      }),
    ]),
  );
  const runtime = createToolSearchRuntime({ tools, direct: [], maxSteps: 2 });
  const before = { inventory: runtime.inventory, bound: [...runtime.catalog.bound], ranked: runtime.ranker.rank('sync records service', 10) };

  it('C17: every turn sees and runs only its own activations; none crosses into another turn', async () => {

    const runs: { own: string; other: string; scripted: ScriptedModel }[] = [];
    for (let turn = 0; turn < TURNS; turn++) {
      const own = names[turn % TOOLS]!;
      const other = names[(turn + 1) % TOOLS]!;
      const call = (toolName: string, step: number, index: number) => ({ toolCallId: `t${turn}-s${step}-c${index}`, toolName, input: { id: String(turn) } });
      // the delays interleave the turns' steps, so their searches and calls overlap in time
      const scripted = createScriptedModel({
        steps: [
          { delayMs: turn % 7, toolCalls: [{ toolName: 'tool_search', input: { query: own, limit: 1 } }] },
          { delayMs: (turn * 3) % 5, toolCalls: [call(own, 1, 0), call(other, 1, 1)] },
        ],
      });
      runs.push({ own, other, scripted });
    }
    const results = await Promise.all(runs.map(({ scripted }, turn) => runtime.send({ model: scripted.model, prompt: `turn ${turn}` }).result));

    results.forEach((result, turn) => {
      const { own, other, scripted } = runs[turn]!;
      expect(result).toMatchObject({ status: 'completed', reason: 'max-steps', activated: [own] });
      expect(scripted.requests.map((request) => request.toolNames)).toEqual([['tool_search'], ['tool_search', own]]);
      expect(result.steps[0]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['ok']);
      expect(result.steps[1]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['ok', 'rejected-hidden']);
      expect(result.steps[1]!.toolResults[1]!.toolName).toBe(other);
    });
    expect(executed).toHaveLength(TURNS);
    for (const { toolName, toolCallId } of executed) {
      const turn = Number(/^t(\d+)-s1-c0$/.exec(toolCallId)![1]);
      expect(toolName).toBe(runs[turn]!.own);
    }
  }, 300_000);

  it('C19: the shared catalog, inventory and search index are frozen and unchanged by those turns', () => {
    expect(Object.isFrozen(runtime)).toBe(true);
    expect(Object.isFrozen(runtime.catalog)).toBe(true);
    expect(Object.isFrozen(runtime.catalog.entries)).toBe(true);
    expect(runtime.catalog.entries.every((entry) => Object.isFrozen(entry))).toBe(true);
    expect({ inventory: runtime.inventory, bound: [...runtime.catalog.bound], ranked: runtime.ranker.rank('sync records service', 10) }).toEqual(before);
  });
});
