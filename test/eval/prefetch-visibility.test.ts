import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import type { EvalDataset } from '../../src/eval/eval-dataset.js';
import { prefetchVisibility } from '../../src/eval/prefetch-visibility.js';
import { runEval } from '../../src/eval/run-eval.js';
import { evalToolChars } from '../../src/eval/simulate-search-loads.js';
import { hybridEvalRanker } from '../../src/eval/turnscope-rankers.js';

const TOOLS = [
  { id: 'send_email', name: 'send_email', description: 'Send an email message to a recipient.', group: 'mail' },
  { id: 'get_weather', name: 'get_weather', description: 'Get the weather forecast for a city.', group: 'weather' },
  { id: 'create_issue', name: 'create_issue', description: 'Open a GitHub issue.', group: 'github', inputSchema: { type: 'object', properties: { repo: { type: 'string' } } } },
];
const QUERIES = [
  { id: '1', query: 'email my boss', gold: ['send_email'] },
  { id: '2', query: 'will it rain in Paris? weather forecast', gold: ['get_weather'] },
  { id: '3', query: 'qqzx vvkp', gold: ['create_issue'] },
];
const tiny: EvalDataset = { name: 'tiny', tools: TOOLS, queries: QUERIES, totalQueries: 3 };

describe('turnscope eval: prefetch visibility (C25)', () => {
  it('counts a query when its prefetch, run as a turn would, activates a needed tool', () => {
    const [row] = prefetchVisibility({ datasets: [tiny], limit: 1 });
    expect(row).toMatchObject({ dataset: 'tiny', limit: 1, queries: 3 });
    expect(row!.visible).toBeCloseTo(2 / 3);
    expect(row!.meanActivated).toBeCloseTo(2 / 3);
    expect(row!.meanSchemaChars).toBeGreaterThan(0);
  });

  it('measures a tool as "what one search loads" does (evalToolChars): a repeated name\'s id and a missing schema do not change its characters', async () => {
    // before: the prefetch measured `mail__search` by its id and a missing schema as `{}`: 92 characters against 117
    const repeated: EvalDataset = {
      name: 'repeated',
      tools: [
        { id: 'mail__search', name: 'search', description: 'Search the mail inbox for messages.', group: 'mail' },
        { id: 'web__search', name: 'search', description: 'Search the web for pages.', group: 'web', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
      ],
      queries: [{ id: '1', query: 'inbox messages', gold: ['search'] }],
      totalQueries: 1,
    };
    const [prefetch] = prefetchVisibility({ datasets: [repeated] });
    expect(prefetch!.meanActivated).toBe(1);
    expect(prefetch!.meanSchemaChars).toBe(evalToolChars(repeated.tools[0]!));
    expect(prefetch!.meanSchemaChars).toBe(JSON.stringify({ name: 'search', description: 'Search the mail inbox for messages.', inputSchema: { type: 'object', properties: {} } }).length);
    const [row] = await runEval({ datasets: [repeated], rankers: [hybridEvalRanker()], ks: [5] });
    expect(row!.loads.tools).toBe(1);
    expect(prefetch!.meanSchemaChars).toBe(row!.loads.chars);
  });

  it('prints a table per dataset after the ranking table, and a prefetch key with --json', async () => {
    const directory = join(await mkdtemp(join(tmpdir(), 'turnscope-prefetch-eval-')), 'tiny');
    await mkdir(directory);
    await writeFile(join(directory, 'catalog.json'), JSON.stringify(TOOLS.map(({ id: _id, ...tool }) => tool)));
    await writeFile(join(directory, 'queries.jsonl'), QUERIES.map((query) => JSON.stringify(query)).join('\n'));
    const stdout: string[] = [];
    const code = await runCli({ argv: ['eval', '--dataset', directory, '--ranker', 'turnscope'], env: {}, stdout: (line) => stdout.push(line), stderr: () => {} });
    expect(code).toBe(0);
    const text = stdout.join('\n');
    expect(text).toContain('prefetch (opt-in, limit 5): the needed tool visible at step 0 without a search');
    expect(text).toMatch(/\| tiny \(prefetch\) \| 3 \| 5 \| 66\.7% \| [\d.]+ \| [\d,]+ \|/);

    const json: string[] = [];
    await runCli({ argv: ['eval', '--dataset', directory, '--ranker', 'turnscope', '--json'], env: {}, stdout: (line) => json.push(line), stderr: () => {} });
    expect((JSON.parse(json.join('\n')) as { prefetch: { dataset: string }[] }).prefetch.map((row) => row.dataset)).toEqual(['tiny']);
  });
});
