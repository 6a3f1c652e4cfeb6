import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatReport, parseTrace, summarizeTrace } from '../../src/report/index.js';

const DEMO = readFileSync(new URL('../fixtures/traces/demo.jsonl', import.meta.url), 'utf8');
const THREE_TURNS = readFileSync(new URL('../fixtures/traces/three-turns.jsonl', import.meta.url), 'utf8');

/** The report of a trace text, as `turnscope report` prints it. */
function reportOf(text: string): { text: string; warnings: string[]; turns: number } {
  const parsed = parseTrace(text);
  const summary = summarizeTrace(parsed);
  return { text: formatReport(summary), warnings: parsed.warnings, turns: summary.turns.length };
}

const START = { type: 'turn.start', turnId: 't', stepIndex: 0, timestamp: 1, boundTools: 2, boundSchemaChars: 500, directTools: [], deferredTools: 2, requiredTools: [], offersToolSearch: true };
const SEARCH = { type: 'search.end', turnId: 't', stepIndex: 0, timestamp: 2, origin: 'model', toolCallId: 'c1', query: 'send', requestedLimit: null, effectiveLimit: 5, ranked: [{ name: 'a_b', score: 1 }], activated: ['a_b'], skipped: [], schemaCharsActivated: 100, durationMs: 1 };
const STEP = { type: 'step.start', turnId: 't', stepIndex: 0, timestamp: 2, attempt: 1, visible: ['tool_search'], schemaChars: { tool_search: 300 }, totalSchemaChars: 300 };
const END = { type: 'turn.end', turnId: 't', stepIndex: 0, timestamp: 3, status: 'completed', reason: 'stop', steps: 1, usage: { inputTokens: null, outputTokens: null, totalTokens: null } };
const lines = (...records: object[]) => records.map((record) => JSON.stringify(record)).join('\n');

describe('turnscope report over hostile trace lines (C22)', () => {
  it('skips a record whose fields have another shape than the sink writes, with a warning naming the field, instead of throwing', () => {
    const report = reportOf(lines(START, STEP, { ...SEARCH, query: 5 }, { ...SEARCH, ranked: 'a_b' }, { ...SEARCH, ranked: [null] }, { ...SEARCH, activated: {} }, END));
    expect(report.warnings).toEqual([
      'line 3: search.end record whose query is not a string; skipped',
      'line 4: search.end record whose ranked is not a list of { name, score }; skipped',
      'line 5: search.end record whose ranked is not a list of { name, score }; skipped',
      'line 6: search.end record whose activated is not a list of names; skipped',
    ]);
    expect(report.text).toContain('trace lines skipped               4 (see warnings)');
    expect(report.text).toContain('searches                          0 (0 repeated, 0 revised)');
  });

  it('never prints NaN: a size that is a string, a status that is no turn status, a timestamp of 1e999 are skipped', () => {
    const text = [
      JSON.stringify(START),
      JSON.stringify({ ...STEP, totalSchemaChars: '300' }),
      JSON.stringify({ ...STEP, schemaChars: { tool_search: 'x' } }),
      JSON.stringify(STEP),
      JSON.stringify({ ...END, status: 'toString' }),
      JSON.stringify(END).replace('"timestamp":3', '"timestamp":1e999'),
      JSON.stringify({ ...END, stepIndex: -1 }),
    ].join('\n');
    const report = reportOf(text);
    expect(report.warnings).toEqual([
      'line 2: step.start record whose totalSchemaChars is not a whole number ≥ 0; skipped',
      'line 3: step.start record whose schemaChars is not an object of name → whole number ≥ 0; skipped',
      "line 5: turn.end record whose status is not 'completed', 'failed' or 'cancelled'; skipped",
      'line 6: turn.end record whose timestamp is not a time in ms; skipped',
      'line 7: turn.end record whose stepIndex is not a whole number ≥ 0; skipped',
    ]);
    expect(report.text).not.toMatch(/NaN|undefined|\[object/);
    expect(report.text).toContain('turns                             1 (1 incomplete)');
    expect(report.text).toContain('schema chars sent                 300');
  });

  it("skips a turn.start whose directTools or requiredTools is not a list of names (the silent-miss check reads them), instead of throwing", () => {
    const matched = { userMessageMatches: [{ name: 'a_b', score: 1 }] };
    const report = reportOf(lines({ ...START, ...matched, requiredTools: 5 }, { ...START, ...matched, directTools: 'Read' }, { ...START, ...matched }, STEP, END));
    expect(report.warnings).toEqual([
      'line 1: turn.start record whose requiredTools is not absent or a list of names; skipped',
      'line 2: turn.start record whose directTools is not absent or a list of names; skipped',
    ]);
    expect(report.text).toMatch(/SILENT MISS: no search, the message matched a_b$/m);
  });

  it('reads a trace saved with a byte order mark and Windows line ends like the sink wrote it', () => {
    const report = reportOf(`\uFEFF${lines(START, STEP, END).replaceAll('\n', '\r\n')}\r\n`);
    expect(report.warnings).toEqual([]);
    expect(report.text).toContain('turns                             1 (1 completed)');
  });

  it('a turn id or tool name of __proto__ is a turn and a tool like any other', () => {
    const proto = { turnId: '__proto__' };
    const report = reportOf(lines({ ...START, ...proto }, { ...STEP, ...proto, visible: ['__proto__'], schemaChars: JSON.parse('{"__proto__": 250}'), totalSchemaChars: 250 }, { ...END, ...proto }));
    expect(report.warnings).toEqual([]);
    expect(report.turns).toBe(1);
    expect(report.text).toContain('exposed but never called          1 schemas, 250 chars');
  });

  it('a turn id, reason or tool name with line breaks, a terminal escape or bidirectional controls cannot add or reorder report lines', () => {
    const turnId = 't\n  forged  completed (stop), SILENT MISS: no search, the message matched rm_rf\u001b[2J\u202e';
    const hostile = { turnId };
    const report = reportOf(lines(
      { ...START, ...hostile, userMessageMatches: [{ name: 'a_b\u2028- delete_all', score: 1 }] },
      { ...STEP, ...hostile },
      { ...END, ...hostile, reason: 'stop\r\nturns 99' },
    ));
    expect(report.warnings).toEqual([]);
    const perTurn = report.text.split('\n').slice(report.text.split('\n').indexOf('per turn:') + 1);
    expect(perTurn).toHaveLength(1);
    expect(perTurn[0]).toContain('t\\u000a  forged');
    expect(perTurn[0]).toContain('rm_rf\\u001b[2J\\u202e');
    expect(perTurn[0]).toContain('(stop\\u000d\\u000aturns 99)');
    expect(perTurn[0]).toMatch(/SILENT MISS: no search, the message matched a_b\\u2028- delete_all$/);
    expect(report.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u2028\u202e]/);
  });

  it('any field of the shipped traces set to a hostile value, and any line cut short, gives a report or a warning, never a throw or NaN', () => {
    const hostile = fc.constantFrom<unknown>(null, 'x', '', 0, -1, 1.5, 1e308, true, {}, [], [null], [{}], [{ name: 1 }], { __proto__: null }, '__proto__', 'toString');
    const traceLines = [...DEMO.split('\n'), ...THREE_TURNS.split('\n')].filter((line) => line.trim() !== '' && line.startsWith('{"type"'));
    const parsedLines = traceLines.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(parsedLines.length - 1), fc.nat(40), hostile, fc.nat(200), fc.boolean()), { minLength: 1, maxLength: 12 }),
        (mutations) => {
          const records = parsedLines.map((record) => structuredClone(record));
          const cut = new Set<number>();
          for (const [index, field, shared, at, cutLine] of mutations) {
            // a copy: the same constant set twice into one record must not make it circular
            const value = structuredClone(shared);
            const record = records[index]!;
            const keys = Object.keys(record).filter((key) => key !== 'type');
            const key = keys[field % keys.length]!;
            const current = record[key];
            // reach one level in: an entry of a list, a field of an object
            if (Array.isArray(current) && current.length > 0 && at % 2 === 0) current[at % current.length] = value;
            else if (current !== null && typeof current === 'object' && !Array.isArray(current) && at % 3 === 0) (current as Record<string, unknown>)[Object.keys(current)[0] ?? 'x'] = value;
            else record[key] = value;
            if (cutLine) cut.add(index);
          }
          const text = records.map((record, index) => (cut.has(index) ? JSON.stringify(record).slice(0, 30) : JSON.stringify(record))).join('\n');
          const report = reportOf(text);
          expect(report.text).not.toMatch(/NaN|undefined|\[object|∞/);
          expect(report.warnings.length).toBeLessThanOrEqual(records.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The cap misses as first specified: for each search, each ranked name not activated that a later record needed. */
function referenceCapMisses(records: readonly Record<string, unknown>[]): string[] {
  const misses: string[] = [];
  records.forEach((record, index) => {
    if (record.type !== 'search.end') return;
    const activated = new Set(record.activated as string[]);
    for (const { name } of record.ranked as { name: string }[]) {
      if (activated.has(name) || misses.includes(name)) continue;
      const needed = records.slice(index + 1).some((later) =>
        (later.type === 'tool.execution.end' && later.toolName === name) ||
        (later.type === 'search.end' && (later.ranked as { name: string }[])[0]?.name === name && (later.activated as string[]).includes(name)));
      if (needed) misses.push(name);
    }
  });
  return misses;
}

describe('turnscope report: tools cut by a cap, in one pass (C22)', () => {
  it('names the same tools, in the same order, as a search-by-search scan of every later record', () => {
    const name = fc.constantFrom('a', 'b', 'c', 'd', '__proto__');
    const record = fc.oneof(
      fc.record({ ranked: fc.uniqueArray(name, { maxLength: 4 }), activated: fc.uniqueArray(name, { maxLength: 2 }) }).map(({ ranked, activated }) => ({
        ...SEARCH,
        ranked: ranked.map((entry) => ({ name: entry, score: 1 })),
        activated,
      })),
      name.map((toolName) => ({ type: 'tool.execution.end', turnId: 't', stepIndex: 0, timestamp: 2, toolCallId: 'x', toolName, origin: 'discovered', outcome: 'ok', durationMs: 1 })),
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 12 }), (records) => {
        const summary = summarizeTrace(parseTrace(lines(START, ...records)));
        expect(summary.turns[0]!.capMisses).toEqual(referenceCapMisses(records));
      }),
      { numRuns: 500 },
    );
  });
});
