import type { ToolSet } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { createToolSearchRuntime, InvalidOptionError, type ToolSearchRuntime } from '../../src/index.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { callbackSink } from '../../src/telemetry/index.js';
import type { TurnStreamPart } from '../../src/runtime/turn-stream-part.js';
import type { TelemetryRecord } from '../../src/telemetry/telemetry-record.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { loadFixtureToolSet } from '../search/fixture-catalogs.js';

// C24 through the runtime, over the real tools of 17 MCP servers (mcp-catalog).
let tools: ToolSet;

beforeAll(async () => {
  tools = await loadFixtureToolSet('mcp-catalog');
});

async function search(runtime: ToolSearchRuntime, input: { query: string; limit?: number }, records: TelemetryRecord[] = []) {
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input }] }, { text: 'done' }] });
  const turn = runtime.send({ model: scripted.model, prompt: 'find tools' });
  const parts: TurnStreamPart[] = [];
  for await (const part of turn.stream) parts.push(part);
  await turn.result;
  const record = parts.find((part) => part.type === 'search')!;
  const output = parts.flatMap((part) => (part.type === 'tool-result' && part.toolName === 'tool_search' ? [part.output as { activated: string[]; reason?: string }] : []))[0]!;
  const telemetry = records.find((entry) => entry.type === 'search.end');
  return { record, output, telemetry, requests: scripted.requests };
}

describe('C24: a search stops at the relevance floor', () => {
  it('loads only the matches scoring at least 62% of the best; the reason names the rest, the stream and telemetry record them as below-relevance-floor', async () => {
    const records: TelemetryRecord[] = [];
    const runtime = createToolSearchRuntime({ tools, direct: [], telemetry: callbackSink((entry) => void records.push(entry)) });
    const query = 'take a screenshot of the page';
    const { record, output, telemetry, requests } = await search(runtime, { query }, records);
    const ranked = await runtime.ranker.rank(query, 10);
    const below = ranked.slice(2, 5).map((match) => match.name);

    expect(output.activated).toEqual(['browser_take_screenshot', 'puppeteer_screenshot']);
    expect(output.reason).toBe(`Stopped before ${below.join(', ')}: they score below 62% of the best match (relevance floor); search with other words, or select: a name, to load more.`);
    expect(record.skipped).toEqual(below.map((name) => ({ name, reason: 'below-relevance-floor' })));
    expect(telemetry).toMatchObject({ type: 'search.end', query, requestedLimit: null, activated: output.activated, skipped: record.skipped });
    // the next step carries exactly what was loaded
    expect(requests[1]!.toolNames).toEqual(['tool_search', 'browser_take_screenshot', 'puppeteer_screenshot']);
  });

  it('takes a limit the model asks for as asked, and relevanceFloor 0 turns the floor off', async () => {
    const query = 'take a screenshot of the page';
    const expected = (await createToolSearchRuntime({ tools, direct: [] }).ranker.rank(query, 5)).map((match) => match.name);

    const asked = await search(createToolSearchRuntime({ tools, direct: [] }), { query, limit: 5 });
    expect(asked.output).toEqual({ activated: expected });

    const off = await search(createToolSearchRuntime({ tools, direct: [], search: { relevanceFloor: 0 } }), { query });
    expect(off.output).toEqual({ activated: expected });
    expect(off.record.skipped).toEqual([]);
  });

  it('raises the floor for a large definition: a 1,482-character match is left out below its own floor, 78% of the best, and the reason says so; relevanceFloorSlope 0 loads it', async () => {
    const query = 'create a new pull request';
    const sized = await search(createToolSearchRuntime({ tools, direct: [] }), { query });
    expect(sized.output).toEqual({
      activated: ['create_pull_request', 'add_reply_to_pull_request_comment', 'pull_request_review_write', 'create_pull_request_review'],
      reason:
        'Stopped before add_comment_to_pending_review: add_comment_to_pending_review scores below 78% of the best match, the relevance floor for its 1,482-character definition ' +
        '(62%, higher for larger definitions); search with other words, or select: a name, to load more.',
    });
    expect(sized.record.skipped).toEqual([{ name: 'add_comment_to_pending_review', reason: 'below-relevance-floor' }]);
    const flat = await search(createToolSearchRuntime({ tools, direct: [], search: { relevanceFloorSlope: 0 } }), { query });
    expect(flat.output.activated).toEqual([...sized.output.activated, 'add_comment_to_pending_review']);
    for (const relevanceFloorSlope of [-0.1, Number.NaN, Number.POSITIVE_INFINITY, '0.1']) {
      expect(() => createToolSearchRuntime({ tools, search: { relevanceFloorSlope: relevanceFloorSlope as number } })).toThrow(/search\.relevanceFloorSlope/);
    }
  });

  it('lowers the floor for a match whose name has more of the query than the best match’s (relevanceFloorNameWeight 0.8): the needed maps_place_details loads; weight 0, or a ranker of your own without nameCoverage, stops before it', async () => {
    const query = 'opening hours and phone number of that restaurant';
    const ranked = await createToolSearchRuntime({ tools, direct: [] }).ranker.rank(query, 2);
    // brave_local_search won on its description; maps_place_details, at 55% of its score, is named by what the query asks (opening hours → place details)
    expect(ranked.map((match) => [match.name, Number((match.score / ranked[0]!.score).toFixed(2)), Number(match.nameCoverage!.toFixed(2))])).toEqual([['brave_local_search', 1, 0], ['maps_place_details', 0.55, 0.24]]);
    const named = await search(createToolSearchRuntime({ tools, direct: [] }), { query });
    const after = ['maps_search_places', 'open_nodes', 'projects_get'];
    expect(named.output).toEqual({
      activated: ['brave_local_search', 'maps_place_details'],
      // maps_search_places's name gain lowered its own floor to 56%: the reason names the floor it missed
      reason: `Stopped before ${after.join(', ')}: maps_search_places scores below 56% of the best match, its relevance floor (62%, lower for a name with more of the query than the best match’s); search with other words, or select: a name, to load more.`,
    });
    const off = await search(createToolSearchRuntime({ tools, direct: [], search: { relevanceFloorNameWeight: 0 } }), { query });
    expect(off.output.activated).toEqual(['brave_local_search']);
    expect(off.record.skipped).toEqual(['maps_place_details', ...after].map((name) => ({ name, reason: 'below-relevance-floor' })));
    // the same ranking without the optional field: today's sized floor
    const withoutNames = createToolSearchRuntime({
      tools,
      direct: [],
      ranker: (documents) => {
        const hybrid = createHybridRanker(documents);
        return { name: 'scores-only', rank: (text: string, maxResults: number) => hybrid.rank(text, maxResults).map(({ name, score }) => ({ name, score })) };
      },
    });
    const plain = await search(withoutNames, { query });
    expect(plain.output).toEqual(off.output);
    expect(plain.record.skipped).toEqual(off.record.skipped);
  });

  it('rejects a relevanceFloorNameWeight that is not a finite number ≥ 0 with a typed error naming it', () => {
    for (const relevanceFloorNameWeight of [-0.1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '0.8', null]) {
      expect(() => createToolSearchRuntime({ tools, search: { relevanceFloorNameWeight: relevanceFloorNameWeight as number } })).toThrow(InvalidOptionError);
      expect(() => createToolSearchRuntime({ tools, search: { relevanceFloorNameWeight: relevanceFloorNameWeight as number } })).toThrow(/search\.relevanceFloorNameWeight.*finite number ≥ 0/s);
    }
    expect(createToolSearchRuntime({ tools, search: { relevanceFloorNameWeight: 0 } })).toBeDefined();
  });

  it('rejects a floor outside [0, 1) and an unknown mode with a typed error saying what to give', () => {
    for (const relevanceFloor of [1, -0.1, Number.NaN, '0.5']) {
      expect(() => createToolSearchRuntime({ tools, search: { relevanceFloor: relevanceFloor as number } })).toThrow(InvalidOptionError);
    }
    expect(() => createToolSearchRuntime({ tools, search: { relevanceFloor: 2 } })).toThrow(/search\.relevanceFloor/);
    expect(() => createToolSearchRuntime({ tools, search: { mode: 'ask' as 'load' } })).toThrow(/search\.mode.*'load'.*'confirm'/s);
  });
});
