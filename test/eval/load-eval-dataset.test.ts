import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exactNameQueries } from '../../src/eval/exact-name-queries.js';
import { EvalDatasetError, loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { sampleQueries } from '../../src/eval/sample-queries.js';

async function files(catalog: unknown, queries: string) {
  const directory = await mkdtemp(join(tmpdir(), 'turnscope-eval-'));
  await writeFile(join(directory, 'catalog.json'), JSON.stringify(catalog));
  await writeFile(join(directory, 'queries.jsonl'), queries);
  return { catalogFile: join(directory, 'catalog.json'), queriesFile: join(directory, 'queries.jsonl') };
}

describe('loadEvalDataset', () => {
  it('namespaces a name offered by two groups and drops queries whose gold is not in the catalog', async () => {
    const dataset = await loadEvalDataset(
      await files(
        [
          { name: 'read_file', description: 'Read', group: 'filesystem' },
          { name: 'read_file', description: 'Read too', group: 'desktop-commander' },
          { name: 'search', group: '' },
        ],
        '{"id":"q1","query":"read it","gold":["read_file"]}\n\n{"query":"gone","gold":["missing_tool"]}\n',
      ),
    );
    expect(dataset.tools.map((tool) => [tool.id, tool.name, tool.group])).toEqual([
      ['filesystem__read_file', 'read_file', 'filesystem'],
      ['desktop-commander__read_file', 'read_file', 'desktop-commander'],
      ['search', 'search', 'other'],
    ]);
    expect(dataset.queries).toEqual([{ id: 'q1', query: 'read it', gold: ['read_file'] }]);
  });

  it('keeps a tool\'s title (MCP title / annotations.title) when the catalog has one', async () => {
    const dataset = await loadEvalDataset(
      await files(
        [
          { name: 'browser_take_screenshot', description: 'Take a screenshot', group: 'playwright', title: 'Take a screenshot' },
          { name: 'browser_close', description: 'Close the page', group: 'playwright', title: '' },
        ],
        '',
      ),
    );
    expect(dataset.tools.map((tool) => tool.title)).toEqual(['Take a screenshot', undefined]);
  });

  it('says which file and line is malformed', async () => {
    await expect(loadEvalDataset(await files({ not: 'an array' }, ''))).rejects.toThrow(EvalDatasetError);
    await expect(loadEvalDataset(await files([{ name: 'a' }], '{"query": 1}\n'))).rejects.toThrow(/line 1 needs "query"/);
  });

  it('refuses a catalog with no tools, which has nothing to rank (a table of NaN otherwise)', async () => {
    await expect(loadEvalDataset(await files([], ''))).rejects.toThrow(/catalog\.json: expected a JSON array of tools; this one is empty$/);
  });
});

describe('the shipped mcp-catalog query set', () => {
  it('loads 320 queries whose gold all names tools of the 301-tool catalog, every server asked about', async () => {
    const folder = fileURLToPath(new URL('../fixtures/datasets/mcp-catalog/', import.meta.url));
    const dataset = await loadEvalDataset({ catalogFile: `${folder}catalog.json`, queriesFile: `${folder}queries.jsonl` });
    expect(dataset.tools).toHaveLength(301);
    expect(dataset.droppedQueries).toEqual([]);
    expect(dataset.queries).toHaveLength(320);
    expect(dataset.queries.map((query) => query.id)).toEqual(dataset.queries.map((_, index) => `mcp-${String(index).padStart(3, '0')}`));
    const names = new Set(dataset.tools.map((tool) => tool.name));
    const asked = new Set<string>();
    for (const query of dataset.queries) {
      for (const gold of query.gold) {
        expect(names.has(gold), `${query.id}: ${gold}`).toBe(true);
        for (const tool of dataset.tools) if (tool.name === gold) asked.add(tool.group);
      }
    }
    expect([...asked].sort()).toEqual([...new Set(dataset.tools.map((tool) => tool.group))].sort());
    // a name two servers share is gold for either copy: the loader namespaces both, gold stays the plain name
    const readFile = dataset.queries.find((query) => query.query === 'open config.yaml from disk')!;
    expect(readFile.gold).toEqual(['read_file']);
    expect(dataset.tools.filter((tool) => tool.name === 'read_file').map((tool) => tool.id)).toEqual(['desktop-commander__read_file', 'filesystem__read_file']);
  });
});

describe('sampleQueries and exactNameQueries', () => {
  const dataset = {
    name: 'd',
    tools: [{ id: 'g__a', name: 'a', description: '', group: 'g' }],
    queries: Array.from({ length: 10 }, (_, index) => ({ id: `q${index}`, query: `${index}`, gold: ['a'] })),
    totalQueries: 10,
  };

  it('samples evenly through the file', () => {
    expect(sampleQueries(dataset, 4).queries.map((query) => query.id)).toEqual(['q0', 'q2', 'q5', 'q7']);
    expect(sampleQueries(dataset, 20)).toBe(dataset);
  });

  it('asks each tool by its id, with itself as the gold answer', () => {
    expect(exactNameQueries(dataset).queries).toEqual([{ id: 'name:g__a', query: 'g__a', gold: ['g__a'] }]);
    expect(exactNameQueries(dataset).name).toBe('d (exact names)');
  });
});
