import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';

async function run(argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli({ argv, env: {}, stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

async function dataset(withQueries: boolean): Promise<string> {
  const directory = join(await mkdtemp(join(tmpdir(), 'turnscope-eval-cli-')), 'tiny');
  await mkdir(directory);
  await writeFile(
    join(directory, 'catalog.json'),
    JSON.stringify([
      { name: 'send_email', description: 'Send an email message to a recipient.', group: 'mail' },
      { name: 'get_weather', description: 'Get the weather forecast for a city.', group: 'weather' },
      { name: 'create_issue', description: 'Open a GitHub issue.', group: 'github', inputSchema: { type: 'object', properties: { repo: { type: 'string' } } } },
    ]),
  );
  if (withQueries) {
    await writeFile(
      join(directory, 'queries.jsonl'),
      ['{"id":"1","query":"email my boss","gold":["send_email"]}', '{"id":"2","query":"will it rain in Paris? forecast","gold":["get_weather"]}'].join('\n'),
    );
  }
  return directory;
}

describe('turnscope eval', () => {
  it('prints one row per dataset and ranker with recall, hit, MRR, nDCG and latency', async () => {
    const directory = await dataset(true);
    const { code, stdout, stderr } = await run(['eval', '--dataset', directory, '--ranker', 'turnscope,ai-sdk-tool-search,minisearch-bm25,fuse-defaults', '--k', '1,5']);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('| dataset | ranker | tools | queries | R@1 | R@5 | hit@1 | hit@5 | MRR | nDCG@10 | mean ms | p95 ms | build ms |');
    const firstTable = lines.slice(0, lines.indexOf(''));
    expect(firstTable.filter((line) => line.startsWith('| tiny |')).map((line) => line.split('|')[2]!.trim())).toEqual([
      'turnscope',
      'ai-sdk-tool-search',
      'minisearch-bm25',
      'fuse-defaults',
    ]);
    expect(lines.find((line) => line.startsWith('| tiny | turnscope |'))).toMatch(/^\| tiny \| turnscope \| 3 \| 2 \| 100\.0 \| 100\.0 \|/);
    expect(stdout).toContain('tiny: turnscope R@5 100.0 vs best other');
    expect(stderr).toContain('turnscope eval: tiny × turnscope: R@5 100.0');
  });

  it('prints what one search loads in load and confirm mode: tools, characters, unused characters, characters per needed tool, extra steps', async () => {
    const directory = await dataset(true);
    const { code, stdout } = await run(['eval', '--dataset', directory, '--ranker', 'turnscope', '--k', '1,5']);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    const header = lines.find((line) => line.startsWith('| dataset | ranker | floor |'))!;
    expect(header).toBe(
      '| dataset | ranker | floor | tools / search | chars / search | unused chars / search | hit (loaded) | chars / needed tool | ' +
        'confirm: chars / search | confirm: chars / needed tool | confirm: extra steps / search |',
    );
    // each query loads its one tool: the others score below the relevance floor (C24)
    const sizes = [
      JSON.stringify({ name: 'send_email', description: 'Send an email message to a recipient.', inputSchema: { type: 'object', properties: {} } }).length,
      JSON.stringify({ name: 'get_weather', description: 'Get the weather forecast for a city.', inputSchema: { type: 'object', properties: {} } }).length,
    ];
    const lists = [
      JSON.stringify([{ name: 'send_email', description: 'Send an email message to a recipient.' }]).length,
      JSON.stringify([{ name: 'get_weather', description: 'Get the weather forecast for a city.' }]).length,
    ];
    const chars = Math.round((sizes[0]! + sizes[1]!) / 2);
    const confirm = Math.round((sizes[0]! + sizes[1]! + lists[0]! + lists[1]!) / 2);
    expect(lines.find((line) => line.startsWith('| tiny | turnscope | yes |'))).toBe(
      `| tiny | turnscope | yes | 1.00 | ${chars} | 0 | 100.0 | ${chars} | ${confirm} | ${confirm} | 1.00 |`,
    );
  });

  it('evaluates a catalog without queries on its exact names, and --json gives the rows', async () => {
    const directory = await dataset(false);
    const { code, stdout } = await run(['eval', '--catalog', join(directory, 'catalog.json'), '--ranker', 'turnscope', '--json']);
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout) as { ks: number[]; rows: { dataset: string; ranker: string; queries: number; recall: Record<string, number> }[] };
    expect(parsed.ks).toEqual([1, 3, 5, 10]);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]).toMatchObject({ dataset: 'tiny (exact names)', ranker: 'turnscope', queries: 3, recall: { 1: 1 } });
  });

  it('samples with --max-queries and adds exact-name rows with --exact-names', async () => {
    const directory = await dataset(true);
    const { stdout } = await run(['eval', '--dataset', directory, '--ranker', 'turnscope', '--max-queries', '1', '--exact-names', '--json']);
    const rows = (JSON.parse(stdout) as { rows: { dataset: string; queries: number; totalQueries: number }[] }).rows;
    expect(rows.map((row) => [row.dataset, row.queries, row.totalQueries])).toEqual([
      ['tiny', 1, 2],
      ['tiny (exact names)', 1, 3],
    ]);
  });

  it('exits 2 for an unknown ranker, a bad --k, or no dataset', async () => {
    const directory = await dataset(true);
    for (const argv of [
      ['eval', '--dataset', directory, '--ranker', 'nope'],
      ['eval', '--dataset', directory, '--k', '0'],
      ['eval'],
      ['eval', '--queries', 'q.jsonl'],
    ]) {
      const { code, stderr } = await run(argv);
      expect(code).toBe(2);
      expect(stderr).toMatch(/^turnscope: /);
    }
  });

  it('exits 1 with the message, not a stack, for a missing dataset or a bad queries file; says which queries it left out', async () => {
    const missing = await run(['eval', '--catalog', '/nonexistent/catalog.json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("turnscope: ENOENT: no such file or directory, open '/nonexistent/catalog.json'");

    const empty = await dataset(false);
    await writeFile(join(empty, 'catalog.json'), '[]');
    const none = await run(['eval', '--dataset', empty, '--ranker', 'turnscope']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^turnscope: \S+catalog\.json: expected a JSON array of tools; this one is empty$/);
    expect(none.stdout).not.toContain('NaN');

    const directory = await dataset(true);
    await writeFile(join(directory, 'queries.jsonl'), '{"id":"1","query":"email my boss","gold":["send_email"]}\n{"query":');
    const bad = await run(['eval', '--dataset', directory, '--ranker', 'turnscope']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^turnscope: \S+queries\.jsonl: line 2 is not JSON \([^)]*\)$/);

    await writeFile(join(directory, 'queries.jsonl'), '{"id":"1","query":"email my boss","gold":["send_email"]}\n{"id":"2","query":"fly","gold":["book_flight"]}');
    const dropped = await run(['eval', '--dataset', directory, '--ranker', 'turnscope']);
    expect(dropped.code).toBe(0);
    expect(dropped.stderr).toContain('turnscope eval: tiny: left out 1 query whose gold names no tool of the catalog (2)');
    expect(dropped.stdout).toMatch(/\| tiny \| turnscope \| 3 \| 1 \|/);
  });
});
