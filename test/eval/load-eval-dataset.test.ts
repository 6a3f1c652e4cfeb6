import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('says which file and line is malformed', async () => {
    await expect(loadEvalDataset(await files({ not: 'an array' }, ''))).rejects.toThrow(EvalDatasetError);
    await expect(loadEvalDataset(await files([{ name: 'a' }], '{"query": 1}\n'))).rejects.toThrow(/line 1 needs "query"/);
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
