import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTrace } from '../../src/report/parse-trace.js';
import { summarizeTrace } from '../../src/report/summarize-trace.js';

// Every expected value below is worked out by hand from test/fixtures/traces/three-turns.jsonl:
// turn A completes in 3 steps with two searches (one a repeat), a hidden call cut by the
// first search's limit, and two discovered tools called; turn B fails after a retry; turn C is
// cancelled after a search and a revised search. The last two lines are broken on purpose.
const trace = parseTrace(readFileSync(new URL('../fixtures/traces/three-turns.jsonl', import.meta.url), 'utf8'));
const summary = summarizeTrace(trace);
const turn = (turnId: string) => summary.turns.find((candidate) => candidate.turnId === turnId)!;

describe('parseTrace', () => {
  it('skips a truncated line and an unknown record type, with a warning each, and keeps the rest', () => {
    expect(trace.records).toHaveLength(36);
    expect(trace.skippedLines).toBe(2);
    expect(trace.warnings).toEqual([
      'line 37: not valid JSON (a truncated line?); skipped',
      'line 38: unknown record type "prompt.cache.hit"; skipped',
    ]);
  });
});

describe('summarizeTrace: per turn (C22)', () => {
  it('turn A: characters sent and saved against every schema on every request', () => {
    expect(turn('A')).toMatchObject({
      status: 'completed',
      reason: 'max-steps',
      requests: 3,
      steps: 3,
      schemaCharsSent: 1450,
      schemaCharsAllUpFront: 3000,
      schemaCharsSaved: 1550,
    });
  });

  it('turn A: every exposed schema was called; both discovered tools were in a top-5', () => {
    expect(turn('A').exposedUnused).toEqual({ names: [], count: 0, chars: 0 });
    expect(turn('A').recall).toEqual({ called: ['gh_create', 'gh_list'], inTopK: ['gh_create', 'gh_list'], value: 1 });
  });

  it('turn A: a repeated search, the first success at step 2 after 400 ms, one hidden rejection, gh_list cut by the limit', () => {
    expect(turn('A')).toMatchObject({
      searches: 2,
      repeatedSearches: 1,
      revisedSearches: 0,
      firstSuccess: { timeMs: 400, steps: 2 },
      hiddenRejections: 1,
      capMisses: ['gh_list'],
    });
  });

  it('turn B: a retried request counts as a request; tool_search exposed three times and never called', () => {
    expect(turn('B')).toMatchObject({
      status: 'failed',
      reason: 'retries-exhausted',
      requests: 3,
      steps: 2,
      schemaCharsSent: 900,
      schemaCharsSaved: 2100,
      exposedUnused: { names: ['tool_search'], count: 1, chars: 600 },
      recall: { called: [], inTopK: [], value: null },
      firstSuccess: { timeMs: 50, steps: 1 },
      capMisses: [],
    });
  });

  it('turn C: a rephrased query with overlapping results is a revised search; no success; mail_draft cut by the limit', () => {
    expect(turn('C')).toMatchObject({
      status: 'cancelled',
      searches: 2,
      repeatedSearches: 0,
      revisedSearches: 1,
      firstSuccess: null,
      capMisses: ['mail_draft'],
      schemaCharsSaved: 350,
    });
  });
});

describe('summarizeTrace: totals', () => {
  it('adds up the turns', () => {
    expect(summary.totals).toEqual({
      turns: 3,
      byStatus: { completed: 1, failed: 1, cancelled: 1, incomplete: 0 },
      requests: 7,
      schemaCharsSent: 2500,
      schemaCharsAllUpFront: 6500,
      schemaCharsSaved: 4000,
      exposedUnusedCount: 1,
      exposedUnusedChars: 600,
      discoveredCalled: 2,
      discoveredInTopK: 2,
      recall: 1,
      searches: 4,
      prefetches: 0,
      repeatedSearches: 1,
      revisedSearches: 1,
      silentMisses: 0,
      meanTimeToFirstSuccessMs: 225,
      meanStepsToFirstSuccess: 1.5,
      hiddenRejections: 1,
      turnsWithCapMiss: 2,
    });
    expect(summary.skippedLines).toBe(2);
  });

  it('options.k: with k = 1 only gh_create was ranked first before its call', () => {
    const topOne = summarizeTrace({ ...trace, k: 1 });
    expect(topOne.k).toBe(1);
    expect(topOne.totals).toMatchObject({ discoveredCalled: 2, discoveredInTopK: 1, recall: 0.5 });
  });

  it('a turn without turn.end is incomplete and counted as such', () => {
    const partial = summarizeTrace({ records: trace.records.filter((record) => !(record.turnId === 'C' && record.type === 'turn.end')) });
    expect(partial.turns.find((candidate) => candidate.turnId === 'C')?.status).toBe('incomplete');
    expect(partial.totals.byStatus.incomplete).toBe(1);
  });
});

describe('summarizeTrace: tools cut by a cap', () => {
  const search = (query: string, ranked: string[], activated: string[], timestamp: number) =>
    JSON.stringify({ type: 'search.end', turnId: 'T', stepIndex: 0, timestamp, toolCallId: query, query, requestedLimit: 1, effectiveLimit: 1, ranked: ranked.map((name, index) => ({ name, score: 10 - index })), activated, skipped: [], schemaCharsActivated: 100, durationMs: 1 });

  it('a tool a later search only activated lower down, and never called, is not a cap miss', () => {
    const lines = [
      search('read a file', ['fs_read', 'fs_stat'], ['fs_read'], 1),
      // the same words again: fs_read is active, so the walk passes it and fs_stat comes in as filler
      search('read a file', ['fs_read', 'fs_stat'], ['fs_read', 'fs_stat'], 2),
    ];
    expect(summarizeTrace(parseTrace(lines.join('\n'))).turns[0]!.capMisses).toEqual([]);
  });

  it('a cut tool the model later called, or found as a later search\'s top match, is a cap miss', () => {
    const called = [
      search('read a file', ['fs_read', 'fs_stat'], ['fs_read'], 1),
      JSON.stringify({ type: 'tool.execution.end', turnId: 'T', stepIndex: 1, timestamp: 3, toolCallId: 'x', toolName: 'fs_stat', origin: 'hidden', outcome: 'rejected-hidden', durationMs: 0 }),
    ];
    const topMatch = [search('read a file', ['fs_read', 'fs_stat'], ['fs_read'], 1), search('file size', ['fs_stat', 'fs_read'], ['fs_stat', 'fs_read'], 2)];
    expect(summarizeTrace(parseTrace(called.join('\n'))).turns[0]!.capMisses).toEqual(['fs_stat']);
    expect(summarizeTrace(parseTrace(topMatch.join('\n'))).turns[0]!.capMisses).toEqual(['fs_stat']);
  });

  it("a confirm-mode search's candidate the model then selected and called is not a cap miss: it was offered, not cut (C24)", () => {
    const offered = JSON.parse(search('post to slack', ['slack_post', 'slack_list'], [], 1));
    const lines = [
      JSON.stringify({ ...offered, candidates: ['slack_post'], skipped: [{ name: 'slack_list', reason: 'below-relevance-floor' }], schemaCharsActivated: 0 }),
      search('select:slack_post', ['slack_post'], ['slack_post'], 2),
      JSON.stringify({ type: 'tool.execution.end', turnId: 'T', stepIndex: 2, timestamp: 3, toolCallId: 'x', toolName: 'slack_post', origin: 'discovered', outcome: 'ok', durationMs: 0 }),
      JSON.stringify({ type: 'tool.execution.end', turnId: 'T', stepIndex: 2, timestamp: 4, toolCallId: 'y', toolName: 'slack_list', origin: 'hidden', outcome: 'rejected-hidden', durationMs: 0 }),
    ];
    // slack_list was left out by the floor, then called: that one was cut
    expect(summarizeTrace(parseTrace(lines.join('\n'))).turns[0]!.capMisses).toEqual(['slack_list']);
    // and the select: of the offered candidate is that mode's next step, not a revised search
    expect(summarizeTrace(parseTrace(lines.join('\n'))).turns[0]!.revisedSearches).toBe(0);
    // in load mode a select: of a tool the first search ranked but left out is a revision
    const loadMode = [search('post to slack', ['slack_post', 'slack_list'], ['slack_post'], 1), search('select:slack_list', ['slack_list'], ['slack_list'], 2)];
    expect(summarizeTrace(parseTrace(loadMode.join('\n'))).turns[0]!.revisedSearches).toBe(1);
    // a trace whose candidates are not a list (hand-edited, another writer) is read as if it had none
    for (const candidates of [5, 'slack_post', null, { length: 1 }]) {
      const odd = [JSON.stringify({ ...offered, candidates }), ...lines.slice(1)];
      expect(summarizeTrace(parseTrace(odd.join('\n'))).turns[0]!.capMisses).toEqual(['slack_post', 'slack_list']);
    }
  });
});
