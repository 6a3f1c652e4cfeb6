import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ToolSet } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { summarizeTrace } from '../../src/report/summarize-trace.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { loadFixtureToolSet } from '../search/fixture-catalogs.js';

// C22's silent misses over the real tools of 17 MCP servers (mcp-catalog): a ranker scores some
// tool for any text, so a turn counts as a likely "I have no tool for that" only when a match
// shares two of the message's words (its one word, for a one-word message).

let tools: ToolSet;
beforeAll(async () => {
  tools = await loadFixtureToolSet('mcp-catalog');
});

/** Each prompt as one turn in which the model answers without searching; the report of those turns. */
async function noSearchTurns(prompts: readonly string[]) {
  const records: TelemetryRecord[] = [];
  const runtime = createToolSearchRuntime({ tools, telemetry: callbackSink((record) => void records.push(record)) });
  for (const prompt of prompts) await runtime.send({ model: createScriptedModel({ steps: [{ text: 'I have no tool for that.' }] }).model, prompt }).result;
  return summarizeTrace({ records });
}

const QUERIES = (readFileSync(fileURLToPath(new URL('../fixtures/datasets/mcp-catalog/queries.jsonl', import.meta.url)), 'utf8').trim().split('\n').map((line) => JSON.parse(line)) as { query: string; gold: string[] }[]);

describe('turnscope report: silent misses over a real catalog', () => {
  it('does not flag chat that names no task, although the ranker scores a tool for each message', async () => {
    const chat = ['thanks, that is all', 'hi there', 'what is the weather in Paris today?', 'tell me a joke', 'how are you doing today', 'ok 👍'];
    const summary = await noSearchTurns(chat);
    expect(summary.turns.map((turn) => turn.silentMiss)).toEqual(chat.map(() => null));
    expect(summary.totals.silentMisses).toBe(0);
  });

  it("flags a task the catalog serves, with the needed tool among the best matches, and at least 80% of the catalog's 320 task queries", { timeout: 120_000 }, async () => {
    const one = await noSearchTurns(['why did workflow run 4821 fail, show me its details', 'what time is it?']);
    expect(one.turns[0]!.silentMiss?.matches.map((match) => match.name)).toContain('actions_get');
    expect(one.turns[1]!.silentMiss?.matches.map((match) => match.name)).toContain('get_current_time');
    const all = await noSearchTurns(QUERIES.map((query) => query.query));
    expect(QUERIES).toHaveLength(320);
    // 275 of 320 at this commit; a ranking that matched any text flagged all 320
    expect(all.totals.silentMisses).toBeGreaterThanOrEqual(256);
  });
});
