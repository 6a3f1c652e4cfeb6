import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { runEval } from '../../src/eval/run-eval.js';
import { hybridEvalRanker } from '../../src/eval/turnscope-rankers.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { rankerDocumentOf } from '../../src/search/ranker-document-of.js';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/search/search-options.js';
import { replay, replaySearches, RULE_FAMILIES, type ReplayedSearch } from './stop-rule-replay.js';

const rule = (family: string, parameters: number[]) => RULE_FAMILIES.find((candidate) => candidate.name === family)!.rule(parameters);
const match = (score: number, chars: number, gold = false) => ({ score, chars, gold });

/** One replayed search of `send an email with a file` over two mail tools, the second gold, ranked 1 and 0.6. */
function mailSearch(tools: readonly { readonly name: string; readonly description: string }[]): ReplayedSearch {
  const withIds = tools.map((tool) => ({ id: tool.name, ...tool, group: 'mail' }));
  const dataset = { name: 'tiny', tools: withIds, queries: [{ id: 'q', query: 'send an email with a file', gold: [tools[1]!.name] }], totalQueries: 1 };
  return replaySearches(dataset, () => [{ name: tools[0]!.name, score: 1 }, { name: tools[1]!.name, score: 0.6 }])[0]!;
}

describe('stop-rule replay (tune-stop-rule.ts)', () => {
  it('measures the shipped floor (name gain, on the ranker’s own nameCoverage) exactly as runEval does on LiveMCPBench (hit, tools, characters, unused characters)', async () => {
    const folder = fileURLToPath(new URL('../fixtures/datasets/livemcpbench/', import.meta.url));
    const dataset = await loadEvalDataset({ catalogFile: `${folder}catalog.json`, queriesFile: `${folder}queries.jsonl` });
    // runEval's default bounds are the runtime's (DEFAULT_SEARCH_OPTIONS)
    const [row] = await runEval({ datasets: [dataset], rankers: [hybridEvalRanker()], ks: [5] });
    const ranker = createHybridRanker(dataset.tools.map((tool) => rankerDocumentOf({ ...tool, name: tool.id })));
    const shipped = [DEFAULT_SEARCH_OPTIONS.relevanceFloor, DEFAULT_SEARCH_OPTIONS.relevanceFloorSlope, DEFAULT_SEARCH_OPTIONS.relevanceFloorNameWeight];
    const replayed = replay(replaySearches(dataset, (query, max) => ranker.rank(query, max)), rule('name gain', shipped));
    expect(replayed.searches).toBe(94);
    expect(replayed.hit).toBeCloseTo(row!.loads.hit * 100, 9);
    expect(replayed.tools).toBeCloseTo(row!.loads.tools, 9);
    expect(replayed.chars).toBeCloseTo(row!.loads.chars, 9);
    expect(replayed.unusedChars).toBeCloseTo(row!.loads.unusedChars, 9);
  });

  it('name gain reads a best match the query names outright as covering the whole query, as the shipped floor does: no match gains over it', () => {
    // the named best (NAMED_TOOL_SCORE) has no nameCoverage of its own; the second's name has the whole query
    const search: ReplayedSearch = [{ score: 1_000_000, chars: 100, nameCoverage: 0, gold: false }, { score: 400_000, chars: 100, nameCoverage: 1, gold: false }];
    // before: read as coverage 0, the second's floor fell to 0.31 of the best and it loaded at 0.4
    expect(rule('name gain', [0.62, 0.175, 0.8])(search, 1)).toBe(false);
    expect(rule('name over best', [0.62, 0.175, 0.3])(search, 1)).toBe(false);
    // an unnamed best of the same coverage gives the gain
    const unnamed: ReplayedSearch = [{ score: 1, chars: 100, nameCoverage: 0, gold: false }, { score: 0.4, chars: 100, nameCoverage: 1, gold: false }];
    expect(rule('name gain', [0.62, 0.175, 0.8])(unnamed, 1)).toBe(true);
  });

  it('splits the searches into even (tuning) and odd (held-out) positions', () => {
    const searches: ReplayedSearch[] = [[match(1, 100, true)], [match(1, 300)], [match(1, 50)]];
    expect(replay(searches, () => true, 0)).toEqual({ searches: 2, hit: 50, tools: 1, chars: 75, unusedChars: 25 });
    expect(replay(searches, () => true, 1)).toEqual({ searches: 1, hit: 0, tools: 1, chars: 300, unusedChars: 300 });
    expect(replay(searches, () => true).searches).toBe(3);
  });

  it('always loads the best match and stops at the first match a rule turns down', () => {
    // 0.5 of the best turns down the second match; the third (0.9) is not reached
    const search: ReplayedSearch = [match(1, 100), match(0.5, 100), match(0.9, 100, true)];
    expect(replay([search], rule('flat', [0.6]))).toMatchObject({ tools: 1, hit: 0, unusedChars: 100 });
    expect(replay([search], rule('top-k', [3]))).toMatchObject({ tools: 3, hit: 100, unusedChars: 200 });
  });

  it('keeps a large definition out that a small one of the same score gets in (sized floor 0.65, slope 0.1)', () => {
    // 0.7 of the best: a 200-character tool needs 0.668, a 5,000-character one 0.829
    const small: ReplayedSearch = [match(1, 200), match(0.7, 200, true)];
    const large: ReplayedSearch = [match(1, 200), match(0.7, 5000, true)];
    expect(replay([small], rule('sized', [0.65, 0.1])).hit).toBe(100);
    expect(replay([large], rule('sized', [0.65, 0.1])).hit).toBe(0);
  });

  it('gives each match the IDF-weighted share of the query terms its text has, and the share it adds to the better-ranked matches', () => {
    const search = mailSearch([
      { name: 'send_mail', description: 'Send an email message' },
      { name: 'attach', description: 'Attach a file to an email draft' },
    ]);
    // send: 1 of 2 tools (ln 3), email: both (ln 2), file: 1 of 2 (ln 3)
    const total = Math.log(2) + 2 * Math.log(3);
    expect(search[0]).toMatchObject({ gold: false, coverage: expect.closeTo((Math.log(3) + Math.log(2)) / total, 12), addedCoverage: expect.closeTo((Math.log(3) + Math.log(2)) / total, 12) });
    expect(search[1]).toMatchObject({ gold: true, coverage: expect.closeTo((Math.log(2) + Math.log(3)) / total, 12), addedCoverage: expect.closeTo(Math.log(3) / total, 12) });
    // at 0.6 of the best, a sized floor of about 0.66 turns the attachment tool down; lowered by 0.5 × the share it adds (0.38) it is loaded
    expect(replay([search], rule('new terms', [0.65, 0.1, 0])).hit).toBe(0);
    expect(replay([search], rule('new terms', [0.65, 0.1, 0.5])).hit).toBe(100);
  });

  it('gives each match the share of the query terms its own name has, and lowers its floor when that share is above the best match’s', () => {
    const search = mailSearch([
      { name: 'mcp__mail__compose', description: 'Compose and send an email message with a file' },
      { name: 'mcp__mail__attach_file', description: 'Attach to a draft' },
    ]);
    // send: 1 of 2 tools (ln 3), email: 1 of 2 (ln 3), file: both (ln 2); `mail` and `mcp` of the prefix are not name words
    const total = Math.log(2) + 2 * Math.log(3);
    expect(search[0]!.nameCoverage).toBe(0);
    expect(search[1]!.nameCoverage).toBeCloseTo(Math.log(2) / total, 12);
    // at 0.6 of the best, a floor of 0.62 turns the attachment tool down; lowered by 0.05 (name over best) or 0.8 × 0.26 (name gain) it is loaded
    expect(replay([search], rule('name over best', [0.62, 0, 0.01])).hit).toBe(0);
    expect(replay([search], rule('name over best', [0.62, 0, 0.05])).hit).toBe(100);
    expect(replay([search], rule('name gain', [0.62, 0, 0.05])).hit).toBe(0);
    expect(replay([search], rule('name gain', [0.62, 0, 0.8])).hit).toBe(100);
  });

  it('stops a best-size budget once the loaded definitions pass m × the best match’s characters', () => {
    const search: ReplayedSearch = [match(1, 100), match(0.9, 100), match(0.9, 150, true)];
    expect(replay([search], rule('best-size budget', [0.5, 3])).tools).toBe(2); // 350 > 300
    expect(replay([search], rule('best-size budget', [0.5, 4])).tools).toBe(3);
  });
});
